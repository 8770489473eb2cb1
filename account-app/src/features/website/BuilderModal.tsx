import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function BuilderModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Website Builder" onClose={onClose} />;
}

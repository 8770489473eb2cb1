import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function ProtectionModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Domain Protection" onClose={onClose} />;
}

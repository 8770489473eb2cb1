import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function TransfersModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Domain Transfers" onClose={onClose} />;
}

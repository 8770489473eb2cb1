import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function RenewAllModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Renew My Domain" onClose={onClose} />;
}

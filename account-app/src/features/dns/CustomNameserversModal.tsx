import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function CustomNameserversModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Manage Custom Nameservers" onClose={onClose} />;
}

import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function NameserversModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Change Nameservers" onClose={onClose} />;
}

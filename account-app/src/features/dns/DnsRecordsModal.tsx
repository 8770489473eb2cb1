import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function DnsRecordsModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Manage DNS Records" onClose={onClose} />;
}

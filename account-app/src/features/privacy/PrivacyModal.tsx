import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function PrivacyModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Whois Privacy" onClose={onClose} />;
}

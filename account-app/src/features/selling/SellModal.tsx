import { ComingSoonModal } from '../domains/ComingSoonModal.tsx';
import type { DomainModalProps } from '../domains/domain-modals.tsx';

export default function SellModal({ onClose }: DomainModalProps) {
  return <ComingSoonModal title="Sell My Domain" onClose={onClose} />;
}

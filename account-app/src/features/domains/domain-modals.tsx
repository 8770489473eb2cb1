/**
 * The domain modals (control-panel spec §2 "Modals"), each owned by its feature folder and loaded when first opened.
 * My Domains holds which one is open; a card or the page's buttons open one with `openModal(kind, domain?)`.
 */
import { lazy, Suspense } from 'react';
import type { DomainModalKind, DomainModalProps } from './domain-props.ts';

const modals = {
  renewAll: lazy(() => import('../renewals/RenewAllModal.tsx')),
  renew: lazy(() => import('../renewals/RenewDomainModal.tsx')),
  protection: lazy(() => import('../renewals/ProtectionModal.tsx')),
  transfers: lazy(() => import('../transfers/TransfersModal.tsx')),
  privacy: lazy(() => import('../privacy/PrivacyModal.tsx')),
  sell: lazy(() => import('../selling/SellModal.tsx')),
  nameservers: lazy(() => import('../dns/NameserversModal.tsx')),
  customNameservers: lazy(() => import('../dns/CustomNameserversModal.tsx')),
  dnsRecords: lazy(() => import('../dns/DnsRecordsModal.tsx')),
  builder: lazy(() => import('../website/BuilderModal.tsx')),
} satisfies Record<DomainModalKind, unknown>;

export function DomainModals({ open, ...props }: { open: DomainModalKind | null } & DomainModalProps) {
  if (!open) return null;
  const Modal = modals[open];
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

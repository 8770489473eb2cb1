/**
 * What the domain card's tabs and the domain modals receive. Each tab and modal lives in its feature folder and the
 * card and the modal host load them, so these types sit apart from both: a feature imports them without importing
 * the card or the host that imports it.
 */
import type { Domain } from './api.ts';

export type DomainModalKind =
  | 'renewAll'
  | 'renew'
  | 'transfers'
  | 'protection'
  | 'privacy'
  | 'sell'
  | 'nameservers'
  | 'customNameservers'
  | 'dnsRecords'
  | 'builder';

export type OpenDomainModal = (kind: DomainModalKind, domain?: Domain) => void;

/**
 * What every domain modal receives: the domain it was opened for (null from the page's buttons), all domains, close;
 * `selectedIds`: the domains ticked in the list when the modal was opened for them (Renew on a selection).
 */
export type DomainModalProps = { domain: Domain | null; domains: Domain[]; onClose: () => void; selectedIds?: number[] };

/** What a tab owned by another feature folder receives. */
export type DomainTabProps = { domain: Domain; openModal: OpenDomainModal; onAdvanced: () => void };

/** Derived display rules of a domain card (control-panel spec §4), shared by the API and the account app. */
import { addDays } from 'date-fns/addDays';
import { isBefore } from 'date-fns/isBefore';

export type DisplayStatus = 'pending' | 'expired' | 'expiring' | 'active';
export type ServiceLabel = 'Parking' | 'Forwarding' | 'Website' | 'Email' | 'Custom' | "Spot's Suite";

/** Auto-renew runs about this many days before expiry (control-panel spec §4). */
export const autoRenewLeadDays = 15;
/** Fewer than this many days to expiry makes a card "expiring". */
export const expiringWithinDays = 5;
/** Mailboxes above this many gigabytes earn the email warning badge. */
export const emailWarningGigabytes = 5;

type StatusFields = { status: string; expireDate: string | Date };

export function displayStatus(domain: StatusFields, now: Date): DisplayStatus {
  if (domain.status === 'transfer') return 'pending';
  const expiry = new Date(domain.expireDate);
  if (expiry <= now || domain.status === 'expired' || domain.status === 'redemption' || domain.status === 'pendingDelete') return 'expired';
  if (isBefore(expiry, addDays(now, expiringWithinDays))) return 'expiring';
  return 'active';
}

export const displayStatusLabels: Record<DisplayStatus, string> = {
  pending: 'Pending',
  expired: 'Expired',
  expiring: 'Expiring',
  active: 'Active',
};

type ServiceFields = { websiteType: string; builderEnabled: boolean; emailEnabled: boolean };

export function serviceLabel(domain: ServiceFields): ServiceLabel {
  const hasWebsite = domain.builderEnabled || domain.websiteType === 'builder';
  if (hasWebsite && domain.emailEnabled) return "Spot's Suite";
  if (hasWebsite) return 'Website';
  if (domain.emailEnabled) return 'Email';
  if (domain.websiteType === 'custom') return 'Custom';
  if (domain.websiteType === 'forward') return 'Forwarding';
  return 'Parking';
}

/** "Active now: Parking/Forwarding" under the label when a paid plan runs beside a parked or forwarded site. */
export function activeNowNote(domain: { mrc: number; websiteType: string }): string | null {
  if (domain.mrc <= 0) return null;
  if (domain.websiteType === 'park') return 'Active now: Parking';
  if (domain.websiteType === 'forward') return 'Active now: Forwarding';
  return null;
}

export function isPendingTransfer(domain: { status: string; outboundTransferStatus?: string | null; inboundTransferStatus?: string | null }): boolean {
  return domain.status === 'transfer' || Boolean(domain.outboundTransferStatus) || Boolean(domain.inboundTransferStatus);
}

export function hasEmailOverLimit(emails: { size: number; status?: string }[] | undefined): boolean {
  return (emails ?? []).some((e) => e.status !== 'deleted' && e.size > emailWarningGigabytes);
}

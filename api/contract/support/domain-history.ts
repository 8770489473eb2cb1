/** What the back office's domain page reads beyond the record: the terms of a deletion, and one timeline of changes. */

/**
 * What deleting a name now does with money. Within the registry's add grace period of a paid registration the
 * registry credits us its fee and we refund the registration (`refund`); after it nothing comes back (`refund` null).
 */
export type DomainDeletionTerms = {
  domain: string;
  /** False with `blocked` saying why (a transfer away pending, already deleted). */
  canDelete: boolean;
  blocked: string | null;
  /** The last day of the add grace period of its registration with us, or null when it was not registered here. */
  graceEndDate: string | null;
  refund: { amount: number; description: string } | null;
};

/** Who made a change: staff (the audit log), the customer (their activity, DNS history), or the registry. */
export type TimelineSource = 'staff' | 'customer' | 'registry' | 'system';

export type DomainTimelineEntry = {
  at: string;
  source: TimelineSource;
  /** Who, in words: a staff member's email, the customer's, an API token, "Registry". */
  actor: string;
  summary: string;
  reason: string | null;
};

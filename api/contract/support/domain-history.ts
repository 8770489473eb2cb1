/** What the back office's domain page reads beyond the record: the terms of a deletion, and one timeline of changes. */
import '../zod-config.ts';
import { z } from 'zod';

/**
 * What deleting a name now does with money. Within the registry's add grace period of a paid registration the
 * registry credits us its fee and we refund the registration (`refund`); after it nothing comes back (`refund` null).
 */
export const domainDeletionTermsSchema = z.strictObject({
  domain: z.string(),
  /** False with `blocked` saying why (a transfer away pending, already deleted). */
  canDelete: z.boolean(),
  blocked: z.string().nullable(),
  /** The last day of the add grace period of its registration with us, or null when it was not registered here. */
  graceEndDate: z.string().nullable(),
  refund: z.strictObject({ amount: z.number().int(), description: z.string() }).nullable(),
});
export type DomainDeletionTerms = z.infer<typeof domainDeletionTermsSchema>;

/** Who made a change: staff (the audit log), the customer (their activity, DNS history), or the registry. */
export const timelineSources = ['staff', 'customer', 'registry', 'system'] as const;
export type TimelineSource = (typeof timelineSources)[number];

export const domainTimelineEntrySchema = z.strictObject({
  at: z.string(),
  source: z.enum(timelineSources),
  /** Who, in words: a staff member's email, the customer's, an API token, "Registry". */
  actor: z.string(),
  summary: z.string(),
  reason: z.string().nullable(),
});
export type DomainTimelineEntry = z.infer<typeof domainTimelineEntrySchema>;

/**
 * Account activity (GET /api/accountActivity): one list of what happened to a customer's account, whoever did it.
 * `source` says who: `staff` (from the audit log, never naming the staff member), `customer` (their own sign-ins and
 * security changes), `system` (jobs). `kind` is the event (`staff.reset-factors`, `sign-in`, ...).
 */
import '../zod-config.ts';
import { z } from 'zod';

export const activitySources = ['staff', 'customer', 'system'] as const;
export type ActivitySource = (typeof activitySources)[number];

export const accountActivitySchema = z.strictObject({
  activityId: z.number().int(),
  at: z.string(),
  source: z.enum(activitySources),
  kind: z.string(),
  /** One sentence the customer reads. */
  summary: z.string(),
  /** Who did it, when it was not the customer: "Support team", never a staff member's name. */
  actor: z.string().nullable(),
  /** Why, when staff recorded a reason. */
  reason: z.string().nullable(),
  /** The address it came from, for the customer's own events only (never a staff member's). */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AccountActivity = z.infer<typeof accountActivitySchema>;

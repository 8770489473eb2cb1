/**
 * Account activity (GET /api/accountActivity): one list of what happened to a customer's account, whoever did it.
 * `source` says who: `staff` (from the audit log, never naming the staff member), `customer` (their own sign-ins and
 * security changes), `system` (jobs). `kind` is the event (`staff.reset-factors`, `sign-in`, ...).
 */
export const activitySources = ['staff', 'customer', 'system'] as const;
export type ActivitySource = (typeof activitySources)[number];

export type AccountActivity = {
  activityId: number;
  at: string;
  source: ActivitySource;
  kind: string;
  /** One sentence the customer reads. */
  summary: string;
  /** Who did it, when it was not the customer: "Support team", never a staff member's name. */
  actor: string | null;
  /** Why, when staff recorded a reason. */
  reason: string | null;
  /** The address it came from, for the customer's own events only (never a staff member's). */
  ip: string | null;
  userAgent: string | null;
};

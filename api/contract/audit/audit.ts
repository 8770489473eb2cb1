/**
 * The audit log (DESIGN.md "Staff, roles and the audit log"): what every staff write, and every staff read of a
 * customer's personal data, leaves behind. Types and rules only (no zod: the entry's schema is in audit-entry.ts), shared by the API and the admin app.
 */
import type { AuditEntry } from './audit-entry.ts';

/**
 * Actions whose entry must carry the reason the staff member typed: the route's schema asks for it and
 * services/audit/audit-log.ts refuses an entry without one. Add an action here when it needs a reason.
 */
export const actionsNeedingReason = [
  'customer.reset-factors',
  'customer.edit',
  'customer.view-as',
  'domain.suspend',
  'domain.unsuspend',
  'domain.move',
  'order.refund',
  'payment.refund',
  'account.credit',
  'account.credit-revoke',
  'staff.reset-factors',
  'abuse.ask-reporter',
  'verification.mark-verified',
  'abuse.notify-registrant',
  'abuse.lock',
  'abuse.remove-content',
  'abuse.close',
  'abuse.settings',
  'domain.courtesy-renew',
  'domain.restore',
  'domain.delete',
  'customer.close',
  'registry.pause',
] as const;

/** The shortest reason accepted where one is required: a few words, not a keystroke. */
export const minReasonLength = 5;

export function actionNeedsReason(action: string): boolean {
  return (actionsNeedingReason as readonly string[]).includes(action);
}

/** One row of the audit log, as the back office reads and exports it (its schema: audit-entry.ts). */
export type { AuditEntry };

/** The columns of the CSV export, in order. */
export const auditCsvColumns = [
  'auditId',
  'at',
  'staffEmail',
  'staffRole',
  'clientIp',
  'action',
  'targetType',
  'targetId',
  'targetLabel',
  'accountId',
  'reason',
  'before',
  'after',
] as const satisfies readonly (keyof AuditEntry)[];

/**
 * Staff reads of customers' personal data (orders and their search by email, an order, credit, a domain page,
 * payments, abuse cases): each appends an audit row naming what was read and for which account, as DESIGN "Staff,
 * roles and the audit log" says every such read does. For staff only: nothing shows in the customer's activity.
 */
import type { Db } from '../../db/client.ts';
import { recordAudit, type StaffActor } from './audit-log.ts';

export type StaffRead = {
  /** `order.search`, `order.view`, `credit.view`, `domain.view`, `payment.search`, `payment.view`, `abuse.view`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  targetLabel?: string | null;
  accountId?: number | null;
  /** What was asked (the search words, filters): the row says what the staff member looked for. */
  query?: unknown;
};

export async function recordStaffRead(db: Db, actor: StaffActor, read: StaffRead): Promise<void> {
  await recordAudit(db, actor, {
    action: read.action,
    targetType: read.targetType,
    targetId: read.targetId,
    targetLabel: read.targetLabel,
    accountId: read.accountId,
    after: read.query === undefined ? null : { query: read.query },
  });
}

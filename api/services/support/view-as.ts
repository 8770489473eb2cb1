/**
 * View as customer: a staff member opens the customer's control panel as they see it. It is a session of the
 * customer's own account marked with the staff member (sessions.viewAsStaffId), short-lived, that can write nothing
 * (api/http/view-as.ts refuses every unsafe request); its start and every page it shows are in the audit log, and
 * the customer's Account activity says staff looked.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { now } from '../../clock.ts';
import { eq } from 'drizzle-orm';
import { sessions, staffMembers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';
import { teamOf } from './customer-edit.ts';
import { findCustomer } from './customer-record.ts';

/** Long enough to look around while on the phone with the customer; a new look is a new start (and audit row). */
export const viewAsMinutes = 30;

export async function startViewAs(
  deps: Pick<Deps, 'db'>,
  actor: StaffActor,
  accountId: number,
  reason: string,
  client: { ip: string | null; userAgent?: string },
): Promise<{ token: string; expireDate: Date; email: string }> {
  const why = requireReason('customer.view-as', reason);
  if (actor.staffId == null || !actor.email) throw new AppError(403, 'Only a signed-in staff member can view an account');
  const { user } = await findCustomer(deps.db, accountId);
  const token = newToken();
  const expireDate = addMinutes(now(), viewAsMinutes);
  await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        userId: user.userId,
        accountId,
        state: 'active',
        ip: client.ip,
        userAgent: client.userAgent,
        expireDate,
        viewAsStaffId: actor.staffId,
        viewAsStaffEmail: actor.email,
      })
      .returning({ sessionId: sessions.sessionId });
    await recordAudit(tx, actor, {
      action: 'customer.view-as',
      targetType: 'account',
      targetId: accountId,
      targetLabel: user.email,
      accountId,
      after: { sessionId: session.sessionId, until: expireDate.toISOString(), readOnly: true },
      reason: why,
      customerSummary: `${teamOf(actor)} viewed your control panel (read-only) to help you.`,
    });
  });
  return { token, expireDate, email: user.email };
}

/** One page of the control panel shown in a view-as session: who looked at which page of whose account. */
export async function recordViewAsPage(
  deps: Pick<Deps, 'db'>,
  viewer: { staffId: number; staffEmail: string; ip: string | null },
  accountId: number,
  path: string,
): Promise<void> {
  const [staff] = await deps.db.select({ role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.staffId, viewer.staffId));
  await recordAudit(
    deps.db,
    { staffId: viewer.staffId, email: viewer.staffEmail, role: staff?.role ?? null, ip: viewer.ip },
    { action: 'customer.view-as-page', targetType: 'account', targetId: accountId, targetLabel: path, accountId },
  );
}

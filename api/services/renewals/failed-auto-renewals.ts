/**
 * The queue of auto-renewals whose charge failed (the domain calendar's `retrying` and `failed` orders), for staff:
 * who, which domain, how much, why, when it is tried next, and whether the name can still be renewed; and trying one
 * again now.
 */
import { subDays } from 'date-fns/subDays';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { domains, renewalOrders, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { formatMoney } from '../../contract/money.ts';
import type { FailedAutoRenewal, RetryOutcome } from '../../contract/renewals/failed-auto-renewals.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { renewalGraceDays } from '../domains/domain-expiry.ts';
import { retryAutoRenewal } from './domain-calendar.ts';

/** The calendar's own verdict on orders that no longer concern anyone; they are not failures to chase. */
const noLongerDue = 'No longer due';

export async function listFailedAutoRenewals(
  db: DbOrTx,
  options: { limit?: number; skip?: number } = {},
): Promise<{ total: number; data: FailedAutoRenewal[] }> {
  const where = and(
    eq(renewalOrders.kind, 'auto'),
    inArray(renewalOrders.status, ['retrying', 'failed']),
    ne(sql`coalesce(${renewalOrders.lastError}, '')`, noLongerDue),
  );
  const limit = Math.min(options.limit ?? 50, 200);
  const rows = await db
    .select({ order: renewalOrders, domain: domains, email: users.email })
    .from(renewalOrders)
    .innerJoin(domains, eq(domains.domainId, renewalOrders.domainId))
    .leftJoin(users, eq(users.accountId, renewalOrders.accountId))
    .where(where)
    .orderBy(asc(domains.expireDate), asc(renewalOrders.renewalOrderId))
    .limit(limit)
    .offset(options.skip ?? 0);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(renewalOrders).where(where);
  const today = now();
  return {
    total: Number(count),
    data: rows.map(({ order, domain, email }) => ({
      renewalOrderId: order.renewalOrderId,
      accountId: order.accountId,
      email,
      domainId: domain.domainId,
      domain: domain.domain,
      expireDate: domain.expireDate.toISOString(),
      amount: order.amount,
      attempts: order.attempts,
      status: order.status as 'retrying' | 'failed',
      lastError: order.lastError,
      nextAttemptDate: order.nextAttemptDate?.toISOString() ?? null,
      isRenewable:
        domain.autoRenewEnabled &&
        ['active', 'expired'].includes(domain.status) &&
        domain.expireDate.getTime() === order.termExpireDate?.getTime() &&
        domain.expireDate > subDays(today, renewalGraceDays),
      modifyDate: order.modifyDate.toISOString(),
    })),
  };
}

/** "Retry now": the charge and renewal run at once; the answer says whether it worked and, if not, why. Audited. */
export async function retryFailedAutoRenewal(deps: Deps, actor: StaffActor, renewalOrderId: number): Promise<RetryOutcome> {
  const [before] = await deps.db.select().from(renewalOrders).where(eq(renewalOrders.renewalOrderId, renewalOrderId));
  const after = await retryAutoRenewal(deps, renewalOrderId);
  const outcome = {
    renewalOrderId,
    status: after.status,
    renewed: after.status === 'settled' || after.status === 'held',
    lastError: after.status === 'settled' ? null : after.lastError,
    attempts: after.attempts,
  };
  const [domain] = await deps.db
    .select({ domain: domains.domain })
    .from(domains)
    .where(eq(domains.domainId, after.domainId ?? 0));
  const name = domain?.domain ?? `domain ${after.domainId}`;
  await recordAudit(deps.db, actor, {
    action: 'renewal.retry',
    targetType: 'domain',
    targetId: after.domainId,
    targetLabel: name,
    accountId: after.accountId,
    before: { status: before?.status, attempts: before?.attempts, lastError: before?.lastError },
    after: outcome,
    customerSummary: outcome.renewed
      ? `We retried the auto-renewal of ${name}: it is renewed and ${formatMoney(after.amount)} was charged.`
      : `We retried the auto-renewal of ${name}, but the charge failed again.`,
  });
  return outcome;
}

/**
 * Renewals that went through since a UTC day, newest first: what the dashboard's Renewals figure counts (a renewal
 * row `renewed`, dated when it was made, up to now), so the list and the figure agree.
 */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { RenewedQuery, RenewedRow } from '../../contract/renewals/renewed-list.ts';
import type { DbOrTx } from '../../db/client.ts';
import { renewalOrders, renewals, users } from '../../db/schema/index.ts';

export async function listRenewed(db: DbOrTx, query: RenewedQuery): Promise<{ total: number; limit: number; skip: number; data: RenewedRow[] }> {
  const where = and(eq(renewals.status, 'renewed'), gte(renewals.createDate, new Date(`${query.since}T00:00:00Z`)), lte(renewals.createDate, now()));
  const rows = await db
    .select({ renewal: renewals, accountId: renewalOrders.accountId, kind: renewalOrders.kind, email: users.email })
    .from(renewals)
    .innerJoin(renewalOrders, eq(renewalOrders.renewalOrderId, renewals.renewalOrderId))
    .leftJoin(users, eq(users.accountId, renewalOrders.accountId))
    .where(where)
    .orderBy(desc(renewals.createDate), desc(renewals.renewalId))
    .limit(query.limit)
    .offset(query.skip);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(renewals).where(where);
  return {
    total: Number(count),
    limit: query.limit,
    skip: query.skip,
    data: rows.map(({ renewal, accountId, kind, email }) => ({
      renewalId: renewal.renewalId,
      domainId: renewal.domainId,
      domain: renewal.domain,
      accountId,
      email,
      years: renewal.renewalPeriod,
      newExpireDate: renewal.newExpireDate.toISOString(),
      amount: renewal.renewPrice + renewal.redemptionPrice + renewal.protectionPrice,
      kind,
      createDate: renewal.createDate.toISOString(),
    })),
  };
}

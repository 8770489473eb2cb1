/**
 * Card payments taken and sellers' shares of market sales since a UTC day, newest first: what the dashboard's Revenue
 * figure adds up (`revenueRows`, `revenueAmount`), so the list and the figure agree.
 */
import { and, desc, eq, gte, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { RevenueList, RevenueQuery } from '../../contract/billing/revenue-list.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transactions, users } from '../../db/schema/index.ts';

/** A card payment taken (it has the provider's reference), or a seller's share owed out of a sale. */
export const revenueRows: SQL = or(and(eq(transactions.type, 'payment'), isNotNull(transactions.paymentReference)), eq(transactions.type, 'payout'))!;

/** The ledger keeps payments negative; Revenue counts money in as positive and a seller's share against it. */
export const revenueAmount = sql<number>`case when ${transactions.type} = 'payout' then ${transactions.amount} else -${transactions.amount} end`;

export async function listRevenue(db: DbOrTx, query: RevenueQuery): Promise<RevenueList> {
  const where = and(revenueRows, gte(transactions.startDate, new Date(`${query.since}T00:00:00Z`)), lte(transactions.startDate, now()));
  const rows = await db
    .select({ row: transactions, amount: revenueAmount, email: users.email })
    .from(transactions)
    .leftJoin(users, eq(users.accountId, transactions.accountId))
    .where(where)
    .orderBy(desc(transactions.startDate), desc(transactions.transactionId))
    .limit(query.limit)
    .offset(query.skip);
  const [{ count, net }] = await db
    .select({ count: sql<number>`count(*)::int`, net: sql<string>`coalesce(sum(${revenueAmount}), 0)` })
    .from(transactions)
    .where(where);
  return {
    total: Number(count),
    limit: query.limit,
    skip: query.skip,
    net: Number(net),
    data: rows.map(({ row, amount, email }) => ({
      transactionId: row.transactionId,
      accountId: row.accountId,
      email,
      type: row.type === 'payout' ? 'payout' : 'payment',
      description: row.description,
      amount: Number(amount),
      orderId: row.orderId,
      domainId: row.domainId,
      paymentReference: row.paymentReference,
      date: row.startDate.toISOString(),
    })),
  };
}

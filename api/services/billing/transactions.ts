/** Billing history: one month of an account's ledger with per-type totals and the balances either side of it. */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { ledgerTypes, monthBounds, type Transaction, type TransactionsAnswer, toYyyymm } from '../../contract/billing/transactions.ts';
import type { Db } from '../../db/client.ts';
import { accounts, transactions } from '../../db/schema/index.ts';
import type { TransactionRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export function transactionView(row: TransactionRow): Transaction {
  return {
    transactionId: row.transactionId,
    type: row.type,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    description: row.description,
    amount: row.amount,
  };
}

/** The account's creation date, or 404. */
async function accountCreated(db: Db, accountId: number): Promise<Date> {
  const [account] = await db.select({ createDate: accounts.createDate }).from(accounts).where(eq(accounts.accountId, accountId));
  if (!account) throw new AppError(404, 'Account not found');
  return account.createDate;
}

/** A month the account has history for: from the month it was created to the current one. */
async function checkMonth(db: Db, accountId: number, yyyymm: string): Promise<void> {
  const first = toYyyymm(await accountCreated(db, accountId));
  const last = toYyyymm(now());
  if (yyyymm < first || yyyymm > last) throw new AppError(400, `yyyymm must be a month from ${first} to ${last}`);
}

/** The month's rows in date order, per-type totals, and the starting (`start`) and ending (`balance`) balances. */
export async function listMonthTransactions(db: Db, accountId: number, yyyymm: string): Promise<TransactionsAnswer> {
  await checkMonth(db, accountId, yyyymm);
  const { start, end } = monthBounds(yyyymm);
  const mine = eq(transactions.accountId, accountId);
  const [[before], rows] = await Promise.all([
    db
      .select({ sum: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
      .from(transactions)
      .where(and(mine, lt(transactions.startDate, start))),
    db
      .select()
      .from(transactions)
      .where(and(mine, gte(transactions.startDate, start), lt(transactions.startDate, end)))
      .orderBy(asc(transactions.startDate), asc(transactions.transactionId)),
  ]);
  const totals: Record<string, number> = { start: before.sum };
  for (const type of ledgerTypes) totals[type] = 0;
  for (const row of rows) totals[row.type] = (totals[row.type] ?? 0) + row.amount;
  totals.balance = before.sum + rows.reduce((sum, row) => sum + row.amount, 0);
  const data = rows.map(transactionView);
  return {
    total: data.length,
    limit: data.length,
    skip: 0,
    data,
    metaData: { yyyymm, startDate: start.toISOString(), endDate: end.toISOString(), totals },
  };
}

/** One ledger row of the caller's: 404 when there is none, 403 when it is another account's. */
export async function findTransaction(db: Db, accountId: number, transactionId: number): Promise<Transaction> {
  const [row] = await db.select().from(transactions).where(eq(transactions.transactionId, transactionId));
  if (!row) throw new AppError(404, 'Transaction not found');
  if (row.accountId !== accountId) throw new AppError(403, 'You do not have access to this transaction');
  return transactionView(row);
}

/** A payment's ledger rows read as what it paid for: its charges and what is left of each, what the card paid and got back, what credit paid and got back. */
import { and, eq, or, sql } from 'drizzle-orm';
import type { PaymentCharge } from '../../contract/billing/refunds.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderLines, orders, refunds, type TransactionRow, transactions } from '../../db/schema/index.ts';
import { graceDaysLeft, isNameCharge, isRegistrationCharge } from './refund-names.ts';

/** The ledger rows of one payment: its own (paymentReference) and, for an order's capture, the order's. */
export async function paymentRows(db: DbOrTx, paymentIntentId: string): Promise<{ rows: TransactionRow[]; orderId: number | null }> {
  const [order] = await db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1);
  const rows = await db
    .select()
    .from(transactions)
    .where(
      order
        ? or(eq(transactions.paymentReference, paymentIntentId), eq(transactions.orderId, order.orderId))
        : eq(transactions.paymentReference, paymentIntentId),
    )
    .orderBy(transactions.transactionId);
  return { rows, orderId: order?.orderId ?? null };
}

const groupKey = (row: Pick<TransactionRow, 'domainId' | 'type'>) => `${row.domainId ?? '-'}:${row.type}`;

/** The charge a credit row names as the one it reduces: a promo discount's or a refund's. */
function reducedCharge(row: TransactionRow): number | null {
  const meta = row.metaData as { refundOf?: number; discountOf?: number } | null;
  return meta?.refundOf ?? meta?.discountOf ?? null;
}

/**
 * The payment's charges, each with what is left of it. A promo discount and an earlier refund name their charge; a
 * credit that names none (a rejected transfer's) reduces the charges of its domain and type in order.
 */
export function chargesOf(rows: TransactionRow[]): PaymentCharge[] {
  const charges = rows.filter((row) => row.type !== 'payment' && row.amount > 0);
  const left = new Map(charges.map((row) => [row.transactionId, row.amount]));
  const unnamed = new Map<string, number>();
  for (const row of rows) {
    if (row.type === 'payment' || row.amount >= 0) continue;
    const named = reducedCharge(row);
    if (named != null && left.has(named)) left.set(named, (left.get(named) ?? 0) + row.amount);
    else unnamed.set(groupKey(row), (unnamed.get(groupKey(row)) ?? 0) - row.amount);
  }
  for (const row of charges) {
    const pool = unnamed.get(groupKey(row)) ?? 0;
    const take = Math.min(pool, Math.max(0, left.get(row.transactionId) ?? 0));
    left.set(row.transactionId, (left.get(row.transactionId) ?? 0) - take);
    unnamed.set(groupKey(row), pool - take);
  }
  return charges.map((row) => ({
    transactionId: row.transactionId,
    type: row.type,
    domainId: row.domainId,
    description: row.description,
    amount: row.amount,
    refundable: Math.max(0, left.get(row.transactionId) ?? 0),
    name: nameOf(row),
    orderId: row.orderId,
    taxRate: row.type === 'tax' ? ((row.metaData as { rate?: number } | null)?.rate ?? 0) : null,
  }));
}

/** Card money of a payment from its payment rows: paid (captures, negative rows) and refunded (positive rows). */
export function cardMoney(rows: TransactionRow[], paymentIntentId: string): { paid: number; refunded: number } {
  const card = rows.filter((row) => row.type === 'payment' && row.paymentReference === paymentIntentId);
  return {
    paid: -card.filter((row) => row.amount < 0).reduce((sum, row) => sum + row.amount, 0),
    refunded: card.filter((row) => row.amount > 0).reduce((sum, row) => sum + row.amount, 0),
  };
}

/** What account credit paid of an order (its delivered lines) and what refunds gave back as credit, claimed ones included. */
export async function creditMoney(db: DbOrTx, orderId: number | null, paymentIntentId: string): Promise<{ paid: number; returned: number }> {
  const [spent] =
    orderId == null
      ? [{ credit: 0 }]
      : await db
          .select({ credit: sql<number>`coalesce(sum(${orderLines.credit}), 0)::int` })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orderId), eq(orderLines.state, 'delivered')));
  const [back] = await db
    .select({ credit: sql<number>`coalesce(sum(${refunds.creditAmount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentIntentId, paymentIntentId));
  return { paid: Number(spent?.credit ?? 0), returned: Number(back?.credit ?? 0) };
}

/** Whether refunding the charge asks what happens to its name, and for a registration how long it can still be cancelled. */
function nameOf(row: TransactionRow): PaymentCharge['name'] {
  if (row.domainId == null || !isNameCharge(row)) return null;
  const domain = /of (\S+)/.exec(row.description)?.[1] ?? '';
  return { graceDaysLeft: isRegistrationCharge(row) ? graceDaysLeft(domain, row.createDate) : null };
}

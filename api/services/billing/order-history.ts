/**
 * Orders and card payments as the back office reads them: the list (by number, domain, email or account), one order
 * with its lines and payment, and an account's card payments outside orders (for refunds of single charges).
 */
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  AccountPaymentRow,
  OrderDetail,
  OrderListQuery,
  OrderListRow,
  OrderLineView,
  OrderRefundStatus,
  PaymentDetail,
} from '../../contract/billing/refunds.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type OrderLineRow, orderLines, orders, promoCodes, promoRedemptions, transactions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { graceDaysLeft } from './refund-names.ts';
import { findPayment } from './refunds.ts';

// Subqueries name orders.* literally: in a select from one table drizzle writes ${orders.orderId} without its table, so
// inside a subquery it would mean the subquery's own column (every order would list every line and the first user).
const loginOf = sql<string | null>`(select u.email from users u where u.account_id = orders.account_id order by u.user_id limit 1)`;

/** An order with its lines and, once captured, its payment (charges, refunds, what can still be refunded). */
export async function findOrderDetail(db: DbOrTx, orderId: number): Promise<OrderDetail> {
  const [order] = await db
    .select({ order: orders, email: loginOf, promoCode: promoCodes.code })
    .from(orders)
    .leftJoin(promoRedemptions, eq(promoRedemptions.cartId, orders.cartId))
    .leftJoin(promoCodes, eq(promoCodes.promoCodeId, promoRedemptions.promoCodeId))
    .where(eq(orders.orderId, orderId));
  if (!order) throw new AppError(404, 'Order not found');
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.orderLineId);
  const { paymentIntentId } = order.order;
  const payment = paymentIntentId
    ? await findPayment(db, paymentIntentId).catch((error) => (error instanceof AppError && error.code === 404 ? null : Promise.reject(error)))
    : null;
  return {
    orderId: order.order.orderId,
    accountId: order.order.accountId,
    email: order.email,
    status: order.order.status,
    totalPrice: order.order.totalPrice,
    paymentIntentId,
    promoCode: order.promoCode,
    error: order.order.error,
    refundStatus: refundStatusOf(lines, payment),
    createDate: order.order.createDate.toISOString(),
    lines: lines.map(
      (line): OrderLineView => ({
        orderLineId: line.orderLineId,
        domain: line.domain,
        kind: line.kind,
        state: line.state,
        price: line.price,
        protectionPrice: line.protectionPrice,
        monthlyPrice: line.monthlyPrice,
        discount: line.discount,
        credit: line.credit,
        totalPrice: line.totalPrice,
        domainId: line.domainId,
        error: line.error,
        refundState: line.refundState,
        graceDaysLeft: line.kind === 'registration' && line.state === 'delivered' ? graceDaysLeft(line.domain, line.createDate) : null,
      }),
    ),
    payment,
  };
}

/** Refunded: every delivered line's money went back; partly: some money did. */
export function refundStatusOf(
  lines: Pick<OrderLineRow, 'state' | 'refundState'>[],
  payment: Pick<PaymentDetail, 'refunded' | 'creditReturned'> | null,
): OrderRefundStatus {
  const delivered = lines.filter((line) => line.state === 'delivered');
  if (delivered.length > 0 && delivered.every((line) => line.refundState != null)) return 'refunded';
  if (delivered.some((line) => line.refundState != null) || (payment && payment.refunded + payment.creditReturned > 0)) return 'partlyRefunded';
  return 'none';
}

/**
 * Orders newest first: by number (`#123` or `123`), by words of a domain or the customer's email, by account, by
 * status, placed since a UTC day, or holding a registration or transfer delivered since it. With `line`, `lineCount`
 * is how many such lines the orders hold: the figure the dashboard shows, which counts lines, not orders.
 */
export async function listOrders(
  db: DbOrTx,
  query: Partial<OrderListQuery> = {},
): Promise<{ total: number; limit: number; skip: number; data: OrderListRow[]; lineCount?: number }> {
  const q = query.q?.trim() ?? '';
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  const literal = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const since = query.since ? new Date(`${query.since}T00:00:00Z`) : null;
  const deliveredLine = query.line
    ? sql`l.order_id = orders.order_id and l.kind = ${query.line} and l.state = 'delivered'${since ? sql` and l.modify_date >= ${since.toISOString()}::timestamptz` : sql``}`
    : null;
  const where = and(
    query.accountId == null ? undefined : eq(orders.accountId, query.accountId),
    query.status ? eq(orders.status, query.status) : undefined,
    deliveredLine ? sql`exists (select 1 from ${orderLines} l where ${deliveredLine})` : since ? gte(orders.createDate, since) : undefined,
    !q
      ? undefined
      : number
        ? eq(orders.orderId, Number(number))
        : or(
            sql`exists (select 1 from ${orderLines} l where l.order_id = orders.order_id and l.domain ilike ${`%${literal}%`})`,
            sql`exists (select 1 from ${users} u where u.account_id = orders.account_id and u.email ilike ${`%${literal}%`})`,
          ),
  );
  const limit = Math.min(query.limit ?? 50, 200);
  const skip = query.skip ?? 0;
  const rows = await db
    .select({
      orderId: orders.orderId,
      accountId: orders.accountId,
      email: loginOf,
      status: orders.status,
      totalPrice: orders.totalPrice,
      paymentIntentId: orders.paymentIntentId,
      createDate: orders.createDate,
      domains: sql<string[]>`coalesce((select array_agg(distinct l.domain) from order_lines l where l.order_id = orders.order_id), '{}')`,
      refunded: sql<number>`coalesce((select sum(r.amount) from refunds r where r.order_id = orders.order_id and r.status <> 'claimed'), 0)::int`,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.orderId))
    .limit(limit)
    .offset(skip);
  // The orders and, with `line`, the lines they hold that the filter counts, in one read.
  const lines = deliveredLine ? sql<number>`coalesce(sum((select count(*) from ${orderLines} l where ${deliveredLine})), 0)::int` : sql<number>`0`;
  const [counted] = await db.select({ count: sql<number>`count(*)::int`, lines }).from(orders).where(where);
  const data = rows.map((row) => ({ ...row, createDate: row.createDate.toISOString() }));
  return { total: Number(counted.count), limit, skip, data, ...(deliveredLine ? { lineCount: Number(counted.lines) } : {}) };
}

/** An account's card payments outside checkout orders (renewals, monthly bills, protection), newest first. */
export async function listAccountPayments(db: DbOrTx, accountId: number, options: { before?: Date } = {}): Promise<AccountPaymentRow[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.type, 'payment'),
        isNull(transactions.orderId),
        sql`${transactions.paymentReference} is not null`,
        options.before ? lt(transactions.startDate, options.before) : undefined,
      ),
    )
    .orderBy(desc(transactions.transactionId))
    .limit(200);
  const card = rows.filter((row) => row.amount < 0);
  const references = card.map((row) => row.paymentReference as string);
  const refunded = new Map<string, number>();
  for (const row of rows)
    if (row.amount > 0 && row.paymentReference) refunded.set(row.paymentReference, (refunded.get(row.paymentReference) ?? 0) + row.amount);
  const charges = references.length
    ? await db
        .select({ reference: transactions.paymentReference, description: transactions.description })
        .from(transactions)
        .where(and(inArray(transactions.paymentReference, references), sql`${transactions.type} <> 'payment'`, sql`${transactions.amount} > 0`))
        .orderBy(transactions.transactionId)
    : [];
  const what = new Map<string, string[]>();
  for (const charge of charges) what.set(charge.reference as string, [...(what.get(charge.reference as string) ?? []), charge.description]);
  return card.map((row) => ({
    paymentIntentId: row.paymentReference as string,
    description: (what.get(row.paymentReference as string) ?? [row.description]).join('; '),
    amount: -row.amount,
    refunded: refunded.get(row.paymentReference as string) ?? 0,
    date: row.startDate.toISOString(),
  }));
}

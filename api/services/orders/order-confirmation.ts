/** An order as its buyer reads it after checkout and in the emailed receipt (api/contract/orders/order-confirmation.ts). */
import { describeTax, formatRate, type TaxDecision } from '../../contract/billing/tax.ts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { OrderConfirmation, OrderConfirmationLine, OrderLineOutcome, OrderSummary } from '../../contract/orders/order-confirmation.ts';
import type { Db } from '../../db/client.ts';
import {
  cartItems,
  domains,
  type OrderLineState,
  orderLines,
  orders,
  paymentMethods,
  promoCodes,
  promoRedemptions,
  refunds,
  transactions,
  users,
} from '../../db/schema/index.ts';
import type { OrderRow, OrderLineRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { listOrderDocuments } from '../billing/billing-documents.ts';
import { refundStatusOf } from '../billing/order-history.ts';

const outcomes: Record<OrderLineState, OrderLineOutcome> = {
  delivered: 'delivered',
  failed: 'failed',
  unknown: 'confirming',
  pending: 'confirming',
  'auth-code-needed': 'awaitingAuthCode',
  'auth-code-rejected': 'awaitingAuthCode',
};

function statusOf(order: OrderRow): OrderConfirmation['status'] {
  if (order.status === 'completed') return 'completed';
  if (order.status === 'unconfirmed') return 'confirming';
  if (order.status === 'failed') return 'failed';
  return 'processing';
}

/** The caller's order: 404 when there is none, 403 when it is another account's. */
export async function findOrderConfirmation(db: Db, orderId: number, accountId: number): Promise<OrderConfirmation> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order) throw new AppError(404, `There is no order ${orderId}`);
  if (order.accountId !== accountId) throw new AppError(403, 'You do not have access to this order');
  return buildOrderConfirmation(db, order);
}

export async function buildOrderConfirmation(db: Db, order: OrderRow): Promise<OrderConfirmation> {
  const attempt = (order.detail as { attempt?: number } | null)?.attempt ?? 1;
  const lines = await db
    .select({ line: orderLines, years: cartItems.years, domainLock: domains.tdrpHoldDate, domainExpiry: domains.expireDate })
    .from(orderLines)
    .innerJoin(cartItems, eq(cartItems.cartItemId, orderLines.cartItemId))
    .leftJoin(domains, eq(domains.domainId, orderLines.domainId))
    .where(and(eq(orderLines.orderId, order.orderId), eq(orderLines.attempt, attempt)))
    .orderBy(orderLines.orderLineId);
  const payments = await db
    .select({ amount: transactions.amount, reference: transactions.paymentReference })
    .from(transactions)
    .where(and(eq(transactions.orderId, order.orderId), eq(transactions.type, 'payment')));
  const [card] = order.paymentMethodId
    ? await db
        .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(paymentMethods)
        .where(eq(paymentMethods.paymentMethodId, order.paymentMethodId))
    : [];
  const [user] = order.accountId != null ? await db.select({ email: users.email }).from(users).where(eq(users.accountId, order.accountId)).limit(1) : [];
  const recorded = order.status === 'completed' || order.status === 'unconfirmed';
  return {
    orderId: order.orderId,
    status: statusOf(order),
    createDate: order.createDate.toISOString(),
    lines: lines.map(({ line, years, domainLock, domainExpiry }): OrderConfirmationLine => {
      const outcome = outcomes[line.state];
      // A line of an order that failed after the registry answered was undone with it (refunded or released); an
      // unconfirmed order holds the authorisation and captures nothing until every answer is in.
      const charged = order.status === 'completed' && outcome === 'delivered';
      const expireDate = domainExpiry ?? line.expireDate;
      return {
        domain: line.domain,
        kind: line.kind,
        outcome: recorded || order.status === 'failed' ? (order.status === 'failed' ? 'failed' : outcome) : 'confirming',
        years,
        price: line.price,
        protectionPrice: line.protectionPrice,
        monthlyPrice: line.monthlyPrice,
        totalPrice: line.totalPrice,
        discount: line.discount,
        credit: line.credit,
        tax: line.tax,
        refundState: line.refundState,
        charged,
        expireDate: outcome === 'delivered' && expireDate ? expireDate.toISOString() : null,
        domainId: line.domainId,
        transferLockUntil: line.kind === 'market' && domainLock ? domainLock.toISOString() : null,
      };
    }),
    ...(await moneyOf(
      db,
      order,
      lines.map(({ line }) => line),
    )),
    totalCharged: payments.filter((row) => row.amount < 0).reduce((sum, row) => sum - row.amount, 0),
    card: card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}` : null,
    email: user?.email ?? null,
    error: order.status === 'failed' ? order.error : null,
  };
}

/** The order's sums over its charged lines, its refunds and its invoice and credit notes. */
async function moneyOf(db: Db, order: OrderRow, lines: OrderLineRow[]) {
  const charged = order.status === 'completed' ? lines.filter((line) => line.state === 'delivered') : [];
  const sum = (pick: (line: OrderLineRow) => number) => charged.reduce((total, line) => total + pick(line), 0);
  const subtotal = sum((line) => line.price + line.protectionPrice + line.monthlyPrice);
  const discount = sum((line) => line.discount);
  const credit = sum((line) => line.credit);
  const tax = sum((line) => line.tax);
  const [promo] = await db
    .select({ code: promoCodes.code })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.promoCodeId, promoRedemptions.promoCodeId))
    .where(eq(promoRedemptions.cartId, order.cartId));
  const back = await db
    .select({ card: refunds.amount, credit: refunds.creditAmount })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.orderId), ne(refunds.status, 'claimed')));
  const refundedToCard = back.reduce((total, row) => total + row.card, 0);
  const refundedAsCredit = back.reduce((total, row) => total + row.credit, 0);
  const documents = await listOrderDocuments(db, order.orderId);
  return {
    subtotal,
    promoCode: discount > 0 ? (promo?.code ?? null) : null,
    discount,
    credit,
    tax,
    taxLabel: order.tax && tax > 0 ? `${order.tax.label} ${formatRate(order.tax.rate)} (${order.tax.place})` : null,
    taxNote: order.tax ? taxNoteOf(order.tax, tax) : null,
    total: subtotal - discount + tax,
    refundedToCard,
    refundedAsCredit,
    refundStatus: refundStatusOf(lines, { refunded: refundedToCard, creditReturned: refundedAsCredit }),
    documents: documents.map((doc) => ({ number: doc.number, kind: doc.kind, total: doc.total, createDate: doc.createDate })),
  };
}

/** What the receipt says of the order's tax beyond its amount: the reverse charge, or VAT charged while VIES was away. */
function taxNoteOf(decision: TaxDecision, tax: number): string | null {
  if (decision.reverseCharge || decision.viesUnavailable) return describeTax(decision, tax);
  return null;
}

/** The account's orders, newest first, for its Orders list. */
export async function listAccountOrders(db: Db, accountId: number): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(desc(orders.orderId)).limit(100);
  const answers: OrderSummary[] = [];
  for (const row of rows) {
    const order = await buildOrderConfirmation(db, row);
    answers.push({
      orderId: order.orderId,
      createDate: order.createDate,
      status: order.status,
      refundStatus: order.refundStatus,
      domains: order.lines.map((line) => line.domain),
      subtotal: order.subtotal,
      discount: order.discount,
      tax: order.tax,
      credit: order.credit,
      total: order.total,
      totalCharged: order.totalCharged,
    });
  }
  return answers;
}

/**
 * Refunds through the payments provider, of one payment: an order's capture or a single charge's (a renewal, a monthly
 * bill, Domain Protection). Staff pick the charges and how much of each; the ledger gets a credit beside each charge
 * (its type, so the statement's group totals stay true) and one refund row under Payments, and the customer an email.
 *
 * Exactly once: the caller's key is the provider's idempotency key and the refund row's unique key, and refunds of one
 * payment take turns (an advisory lock), so two clicks, two staff members or a retry never give back more than was
 * paid. The provider is called inside the transaction: should recording fail, the same key refunds nothing more when
 * tried again, and the ledger is written then.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';
import type { PaymentCharge, PaymentDetail, RefundView } from '../../contract/billing/refunds.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orders, paymentMethods, refunds, transactions, users } from '../../db/schema/index.ts';
import type { TransactionRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { CardError } from '../../providers/payments/index.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { queueMessage } from '../platform/messages.ts';

type RefundRow = typeof refunds.$inferSelect;

/** The ledger rows of one payment: its own (paymentReference) and, for an order's capture, the order's. */
async function paymentRows(db: DbOrTx, paymentIntentId: string): Promise<{ rows: TransactionRow[]; orderId: number | null }> {
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
function chargesOf(rows: TransactionRow[]): PaymentCharge[] {
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
  }));
}

/** Card money of a payment from its payment rows: paid (captures, negative rows) and refunded (positive rows). */
function cardMoney(rows: TransactionRow[], paymentIntentId: string): { paid: number; refunded: number } {
  const card = rows.filter((row) => row.type === 'payment' && row.paymentReference === paymentIntentId);
  return {
    paid: -card.filter((row) => row.amount < 0).reduce((sum, row) => sum + row.amount, 0),
    refunded: card.filter((row) => row.amount > 0).reduce((sum, row) => sum + row.amount, 0),
  };
}

function refundView(row: RefundRow, descriptions: Map<number, string>): RefundView {
  return {
    refundId: row.refundId,
    paymentIntentId: row.paymentIntentId,
    orderId: row.orderId,
    amount: row.amount,
    status: row.status,
    items: row.items.map((item) => ({ ...item, description: descriptions.get(item.transactionId) ?? '' })),
    reason: row.reason,
    staffId: row.staffId,
    createDate: row.createDate.toISOString(),
  };
}

/** A payment with its charges, what the card paid, what went back and what still can. 404 when the ledger has none of it. */
export async function findPayment(db: DbOrTx, paymentIntentId: string): Promise<PaymentDetail> {
  const { rows, orderId } = await paymentRows(db, paymentIntentId);
  const accountId = rows[0]?.accountId;
  if (accountId == null) throw new AppError(404, 'No payment with this id is on the ledger');
  const { paid, refunded } = cardMoney(rows, paymentIntentId);
  const done = await db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId)).orderBy(desc(refunds.refundId));
  const descriptions = new Map(rows.map((row) => [row.transactionId, row.description]));
  return {
    paymentIntentId,
    accountId,
    orderId,
    paid,
    refunded,
    refundable: Math.max(0, paid - refunded),
    charges: chargesOf(rows),
    refunds: done.map((row) => refundView(row, descriptions)),
  };
}

export type RefundInput = {
  paymentIntentId: string;
  /** Charge rows (from findPayment's `charges`) and the cents of each to give back. */
  items: { transactionId: number; amount: number }[];
  /** Why, for the audit log and the refund record; never sent to the customer. */
  reason: string;
  /** One per refund the staff member means: a repeat with it answers the first refund. */
  idempotencyKey: string;
  /** Who refunds: the audit log's entry (with the reason) is written with the ledger rows. */
  actor: StaffActor;
};

/** `order.refund` for an order's capture, `payment.refund` for a single charge's: both need a reason. */
const refundAction = (orderId: number | null) => (orderId != null ? 'order.refund' : 'payment.refund');

/**
 * Gives back part or all of a payment to the card it came from, in three phases around the provider call: claim (the
 * refund row, `pending`, written under the payment's lock after checking what is left: concurrent refunds see it),
 * refund at the provider (the key makes a repeat refund nothing more), record (the ledger rows, once). A claim left
 * `claimed` by a crash is finished by the same request sent again. Answers the refund and the payment after it.
 */
export async function refundPayment(deps: Deps, input: RefundInput): Promise<{ refund: RefundView; payment: PaymentDetail; replayed: boolean }> {
  const reason = requireReason('payment.refund', input.reason) ?? '';
  if (input.items.length === 0) throw new AppError(400, 'Choose what to refund');
  for (const item of input.items) {
    if (!Number.isInteger(item.amount) || item.amount <= 0) throw new AppError(400, 'Each refund amount must be a positive number of cents');
  }
  const total = input.items.reduce((sum, item) => sum + item.amount, 0);

  const claim = await claimRefund(deps, input, reason, total);
  let recorded = false;
  if (claim.row.status === 'claimed') {
    let answer: Awaited<ReturnType<Deps['providers']['payments']['refund']>>;
    try {
      answer = await deps.providers.payments.refund(input.paymentIntentId, claim.row.amount, `refund-${input.idempotencyKey}`);
      if (answer.status === 'failed' || answer.status === 'canceled') throw new CardError(`the refund was ${answer.status}`);
    } catch (error) {
      if (error instanceof CardError) {
        // Refused: nothing went back, so the claim is dropped and its amounts are free again.
        await deps.db.delete(refunds).where(and(eq(refunds.refundId, claim.row.refundId), eq(refunds.status, 'claimed')));
        throw new AppError(409, `The payments provider refused the refund: ${error.message}`);
      }
      // No answer: the money may have gone back. The claim keeps its amounts; the same request finishes it.
      console.error(`refund ${claim.row.refundId}: the payments provider did not answer`, error);
      throw new AppError(
        502,
        'The payments provider did not answer, so the refund is on hold. Send the same refund again to finish it; it will not refund twice.',
      );
    }
    recorded = await recordRefund(deps, claim.row, answer, input.actor);
  }

  const payment = await findPayment(deps.db, input.paymentIntentId);
  const refund = payment.refunds.find((r) => r.refundId === claim.row.refundId) as RefundView;
  // Whoever recorded it tells the customer, once.
  if (recorded) await emailRefund(deps, payment, refund);
  return { refund, payment, replayed: claim.replayed };
}

/** Phase 1, under the payment's lock: the key's earlier refund, or a new `pending` one if the amounts are still there. */
async function claimRefund(deps: Deps, input: RefundInput, reason: string, total: number): Promise<{ row: RefundRow; replayed: boolean }> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${input.paymentIntentId}`}))`);
    const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      const same = earlier.paymentIntentId === input.paymentIntentId && earlier.amount === total;
      if (!same) throw new AppError(409, 'This refund request was already used for a different refund. Reload and try again.');
      return { row: earlier, replayed: true };
    }
    const { rows, orderId } = await paymentRows(tx, input.paymentIntentId);
    const accountId = rows[0]?.accountId;
    if (accountId == null) throw new AppError(404, 'No payment with this id is on the ledger');
    // Refunds claimed but not yet recorded hold their amounts too.
    const pending = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentIntentId, input.paymentIntentId), eq(refunds.status, 'claimed')));
    const charges = new Map(chargesOf(rows).map((charge) => [charge.transactionId, charge]));
    for (const item of pending.flatMap((row) => row.items)) {
      const charge = charges.get(item.transactionId);
      if (charge) charge.refundable = Math.max(0, charge.refundable - item.amount);
    }
    const asked = new Map<number, number>();
    for (const item of input.items) {
      const charge = charges.get(item.transactionId);
      if (!charge) throw new AppError(400, `Charge ${item.transactionId} is not part of this payment`);
      asked.set(item.transactionId, (asked.get(item.transactionId) ?? 0) + item.amount);
      if ((asked.get(item.transactionId) ?? 0) > charge.refundable) {
        throw new AppError(409, `At most ${formatMoney(charge.refundable)} of "${charge.description}" can be refunded`);
      }
    }
    const { paid, refunded } = cardMoney(rows, input.paymentIntentId);
    const held = refunded + pending.reduce((sum, row) => sum + row.amount, 0);
    if (total > paid - held) {
      throw new AppError(
        409,
        `The card paid ${formatMoney(paid)} of this payment and ${formatMoney(held)} went back already: at most ${formatMoney(Math.max(0, paid - held))} can be refunded`,
      );
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        accountId,
        paymentIntentId: input.paymentIntentId,
        orderId,
        status: 'claimed',
        amount: total,
        items: [...asked].map(([transactionId, amount]) => ({ transactionId, amount })),
        reason,
        staffId: input.actor.staffId,
        idempotencyKey: input.idempotencyKey,
        createDate: now(),
      })
      .returning();
    return { row, replayed: false };
  });
}

/** Phase 3: the provider's answer on the refund row and the ledger rows, once (false when another request did it). */
async function recordRefund(deps: Deps, claim: RefundRow, answer: { id: string; status: string }, actor: StaffActor): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({ status: answer.status, providerRefundId: answer.id })
      .where(and(eq(refunds.refundId, claim.refundId), eq(refunds.status, 'claimed')))
      .returning();
    if (!row) return false;
    const { rows } = await paymentRows(tx, row.paymentIntentId);
    const charges = new Map(rows.map((r) => [r.transactionId, r]));
    const cardRow = rows.find((r) => r.type === 'payment' && r.paymentReference === row.paymentIntentId && r.amount < 0);
    const card = await cardOf(tx, row.orderId, cardRow?.description);
    const today = now();
    await tx.insert(transactions).values([
      ...row.items.map((item) => {
        const charge = charges.get(item.transactionId) as TransactionRow;
        return {
          accountId: row.accountId,
          type: charge.type,
          description: `Refund: ${charge.description}`,
          amount: -item.amount,
          domainId: charge.domainId,
          orderId: row.orderId,
          paymentReference: row.paymentIntentId,
          metaData: { refundOf: item.transactionId, refundId: row.refundId },
          startDate: today,
          createDate: today,
        };
      }),
      {
        accountId: row.accountId,
        type: 'payment' as const,
        description: `Refund to ${card}`,
        amount: row.amount,
        orderId: row.orderId,
        paymentReference: row.paymentIntentId,
        metaData: { refundId: row.refundId },
        startDate: today,
        createDate: today,
      },
    ]);
    const { paid, refunded } = cardMoney(rows, row.paymentIntentId);
    const what = row.orderId != null ? `order #${row.orderId}` : `the payment ${row.paymentIntentId}`;
    await recordAudit(tx, actor, {
      action: refundAction(row.orderId),
      targetType: row.orderId != null ? 'order' : 'payment',
      targetId: row.orderId ?? row.paymentIntentId,
      targetLabel: row.orderId != null ? `Order #${row.orderId}` : `Payment ${row.paymentIntentId}`,
      accountId: row.accountId,
      before: { paid, refunded },
      after: {
        paid,
        refunded: refunded + row.amount,
        refund: {
          refundId: row.refundId,
          amount: row.amount,
          items: row.items.map((item) => ({ ...item, description: charges.get(item.transactionId)?.description })),
        },
      },
      reason: row.reason,
      customerSummary: `We refunded ${formatMoney(row.amount)} of ${what} to your ${card}.`,
    });
    return true;
  });
}

/** "visa ending in 4242" from the order's card, or from the payment row's own description. */
async function cardOf(tx: DbOrTx, orderId: number | null, paymentDescription: string | undefined): Promise<string> {
  if (orderId != null) {
    const [method] = await tx
      .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
      .from(orders)
      .innerJoin(paymentMethods, eq(paymentMethods.paymentMethodId, orders.paymentMethodId))
      .where(eq(orders.orderId, orderId));
    if (method) return cardEnding(method);
  }
  const fromRow = /^Card payment, (.+? ending in \d{4})/.exec(paymentDescription ?? '')?.[1];
  return fromRow ?? 'your card';
}

async function emailRefund(deps: Deps, payment: PaymentDetail, refund: RefundView): Promise<void> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, payment.accountId)).limit(1);
  if (!user) return;
  const what = refund.items.map((item) => `- ${item.description}: ${formatMoney(item.amount)}`).join('\n');
  const order = payment.orderId != null ? ` for order ${payment.orderId}` : '';
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `Refund of ${formatMoney(refund.amount)}${order}`,
    text: `We refunded ${formatMoney(refund.amount)}${order} to the card you paid with:\n${what}\n\nIt usually shows on your card statement within 5 to 10 business days. Your billing history lists it under Payments.`,
  });
}

/** Every refund of an account, newest first (the customer page). */
export async function listAccountRefunds(db: DbOrTx, accountId: number): Promise<RefundView[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.accountId, accountId)).orderBy(desc(refunds.refundId)).limit(100);
  const ids = [...new Set(rows.flatMap((row) => row.items.map((item) => item.transactionId)))];
  const described = ids.length
    ? await db
        .select({ id: transactions.transactionId, description: transactions.description })
        .from(transactions)
        .where(inArray(transactions.transactionId, ids))
    : [];
  const descriptions = new Map(described.map((row) => [row.id, row.description]));
  return rows.map((row) => refundView(row, descriptions));
}

/**
 * Refunds through the payments provider, of one payment: an order's capture or a single charge's (a renewal, a monthly
 * bill, Domain Protection). Staff pick the charges and how much of each; the ledger gets a credit beside each charge
 * (its type, so the statement's group totals stay true) and one refund row under Payments, and the customer an email.
 *
 * What account credit paid goes back as credit, in the same action (or all of it, when billing chooses credit); a
 * refund of a registration, renewal or transfer says what happens to the name (refund-names.ts); each refund issues a
 * credit note naming the order's invoice.
 *
 * Exactly once: the caller's key is the provider's idempotency key and the refund row's unique key, and refunds of one
 * payment take turns (an advisory lock on the payment, whichever route asks: an order's or a payment's), so two
 * clicks, two staff members or a retry never give back more than was paid. The provider is called outside any
 * transaction: should recording fail, the same key refunds nothing more when tried again, and the ledger is written then.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';
import { addTaxBack } from '../../contract/billing/refund-tax.ts';
import { type NameAction, type PaymentDetail, type RefundView, yearsSentence } from '../../contract/billing/refunds.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { TransactionRow, RefundRow } from '../../db/schema/index.ts';
import { accountCredits, orderLines, orders, paymentMethods, refunds, transactions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { CardError } from '../../providers/payments/index.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { issueCreditNote } from './billing-documents.ts';
import { cardMoney, chargesOf, creditMoney, paymentRows } from './refund-charges.ts';
import { auditNamesLeaving, decideNames, deleteRefundedNames, markNamesLeaving } from './refund-names.ts';
import { emailRefund } from './refund-email.ts';
import { isSameRequest } from './refund-tax.ts';
import { customerYearsSentence, decideYears, takeBackRefundedYears } from './refund-renewals.ts';

function refundView(row: RefundRow, descriptions: Map<number, string>): RefundView {
  return {
    refundId: row.refundId,
    paymentIntentId: row.paymentIntentId,
    orderId: row.orderId,
    amount: row.amount,
    creditAmount: row.creditAmount,
    names: row.names,
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
  const credit = await creditMoney(db, orderId, paymentIntentId);
  const done = await db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId)).orderBy(desc(refunds.refundId));
  const descriptions = new Map(rows.map((row) => [row.transactionId, row.description]));
  return {
    paymentIntentId,
    accountId,
    orderId,
    paid,
    refunded,
    creditPaid: credit.paid,
    creditReturned: credit.returned,
    refundable: Math.max(0, paid - refunded) + Math.max(0, credit.paid - credit.returned),
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
  /** What the customer reads in Account activity beside the refund, if billing writes anything. */
  customerNote?: string | null;
  /** One per refund the staff member means: a repeat with it answers the first refund. */
  idempotencyKey: string;
  /** Who refunds: the audit log's entry (with the reason) is written with the ledger rows. */
  actor: StaffActor;
  /** `original` (default): the card's part to the card, the credit's part back as credit; `credit`: all as account credit. */
  to?: 'original' | 'credit';
  /** What happens to each refunded name; names left out are kept. */
  names?: { domainId: number; action: NameAction }[];
};

/** `order.refund` for an order's capture, `payment.refund` for a single charge's: both need a reason. */
const refundAction = (orderId: number | null) => (orderId != null ? 'order.refund' : 'payment.refund');

/**
 * Gives back part or all of a payment to the card it came from, in three phases around the provider call: claim (the
 * refund row, `pending`, written under the payment's lock after checking what is left: concurrent refunds see it),
 * refund at the provider (the key makes a repeat refund nothing more), record (the ledger rows, once). A claim left
 * `claimed` by a crash is finished by the same request sent again. Answers the refund and the payment after it.
 */
export async function refundPayment(
  deps: Deps,
  input: RefundInput,
): Promise<{ refund: RefundView; payment: PaymentDetail; replayed: boolean; message: string }> {
  const reason = requireReason('payment.refund', input.reason) ?? '';
  if (input.items.length === 0) throw new AppError(400, 'Choose what to refund');
  for (const item of input.items) {
    if (!Number.isInteger(item.amount) || item.amount <= 0) throw new AppError(400, 'Each refund amount must be a positive number of cents');
  }
  const claim = await claimRefund(deps, input, reason);
  let recorded = false;
  if (claim.row.status === 'claimed') {
    let answer: { id: string; status: string };
    try {
      answer =
        claim.row.amount > 0
          ? await deps.providers.payments.refund(input.paymentIntentId, claim.row.amount, `refund-${input.idempotencyKey}`)
          : { id: '', status: 'succeeded' };
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

  // Names to delete and renewals to take back go to the registry after the refund committed; a repeat of the request
  // (or the reconciler) finishes what is left.
  const waiting = await deleteRefundedNames(deps, claim.row.refundId);
  const waitingYears = await takeBackRefundedYears(deps, claim.row.refundId, input.actor);
  const payment = await findPayment(deps.db, input.paymentIntentId);
  const refund = payment.refunds.find((r) => r.refundId === claim.row.refundId) as RefundView;
  // Whoever recorded it tells the customer, once.
  if (recorded) await emailRefund(deps, payment, refund);
  if (waiting.length + waitingYears.length > 0) {
    const undone = [
      waiting.length > 0 && `delete ${waiting.join(', ')}`,
      waitingYears.length > 0 && `take the renewal of ${waitingYears.join(', ')} back`,
    ].filter(Boolean);
    throw new AppError(
      502,
      `The refund went through, but the registry did not ${undone.join(' or ')} yet. Send the same refund again to finish it; it will not refund twice.`,
    );
  }
  return { refund, payment, replayed: claim.replayed, message: refundMessage(refund) };
}

/** Phase 1, under the payment's lock: the key's earlier refund, or a new `pending` one if the amounts are still there. */
async function claimRefund(deps: Deps, input: RefundInput, reason: string): Promise<{ row: RefundRow; replayed: boolean }> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${input.paymentIntentId}`}))`);
    const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (!isSameRequest(earlier, input)) throw new AppError(409, 'This refund request was already used for a different refund. Reload and try again.');
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
    addTaxBack(charges, asked);
    const total = [...asked.values()].reduce((sum, cents) => sum + cents, 0);
    const { paid, refunded } = cardMoney(rows, input.paymentIntentId);
    const held = refunded + pending.reduce((sum, row) => sum + row.amount, 0);
    const credit = await creditMoney(tx, orderId, input.paymentIntentId);
    // The card's part first, up to what it paid; what credit paid goes back as credit. Or all as credit, if billing says so.
    const cardPart = input.to === 'credit' ? 0 : Math.min(total, Math.max(0, paid - held));
    const creditPart = total - cardPart;
    const creditLeft = Math.max(0, credit.paid - credit.returned);
    if (input.to !== 'credit' && creditPart > creditLeft) {
      const left = Math.max(0, paid - held) + creditLeft;
      throw new AppError(
        409,
        `The card paid ${formatMoney(paid)} of this payment and ${formatMoney(held)} went back already${credit.paid > 0 ? `; account credit paid ${formatMoney(credit.paid)} and ${formatMoney(credit.returned)} of it went back` : ''}: at most ${formatMoney(left)} can be refunded`,
      );
    }
    const names = await decideNames(
      tx,
      rows.filter((row) => asked.has(row.transactionId)),
      input.names,
    );
    const [row] = await tx
      .insert(refunds)
      .values({
        accountId,
        paymentIntentId: input.paymentIntentId,
        orderId,
        status: 'claimed',
        amount: cardPart,
        creditAmount: creditPart,
        names,
        items: [...asked].map(([transactionId, amount]) => ({ transactionId, amount })),
        reason,
        customerNote: input.customerNote ?? null,
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
    // Recording takes turns too, so whichever refund records the last of a charge sees every other one recorded.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${claim.paymentIntentId}`}))`);
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
      ...(row.amount > 0
        ? [
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
          ]
        : []),
    ]);
    const what = row.orderId != null ? `order #${row.orderId}` : `the payment ${row.paymentIntentId}`;
    if (row.creditAmount > 0) {
      // The ledger needs no row of its own: the refunded charges' credits leave this much on the account's balance.
      await tx.insert(accountCredits).values({
        accountId: row.accountId,
        kind: 'grant',
        amount: row.creditAmount,
        note: `Refund of ${what}`,
        staffId: actor.staffId,
        createDate: today,
      });
    }
    await markRefundedLines(tx, row);
    await markNamesLeaving(tx, row.names);
    await decideRefundedYears(deps, tx, row);
    const note = await issueCreditNote(tx, row.refundId, today);
    const { paid, refunded } = cardMoney(rows, row.paymentIntentId);
    const whole = formatMoney(row.amount + row.creditAmount);
    const summary =
      row.creditAmount === 0
        ? `We refunded ${whole} of ${what} to your ${card}.`
        : row.amount === 0
          ? `We refunded ${whole} of ${what} as account credit.`
          : `We refunded ${whole} of ${what}: ${formatMoney(row.amount)} to your ${card} and ${formatMoney(row.creditAmount)} as account credit.`;
    const years = row.names.filter((name) => name.years).map(customerYearsSentence);
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
          creditAmount: row.creditAmount,
          names: row.names.map((name) => ({ domain: name.domain, action: name.action, ...(name.years ? { expiry: yearsSentence(name) } : {}) })),
          creditNote: note.number,
          items: row.items.map((item) => ({ ...item, description: charges.get(item.transactionId)?.description })),
        },
      },
      reason: row.reason,
      customerSummary: [summary, ...years].join(' '),
      customerReason: row.customerNote,
    });
    await auditNamesLeaving(tx, actor, row);
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

/**
 * A renewal whose charge this refund gave back the last of (counting only refunds recorded, so a claim the provider
 * refused never counts) takes its years back off the expiry: decided here, asked of the registry after commit.
 */
async function decideRefundedYears(deps: Deps, tx: DbOrTx, row: RefundRow): Promise<void> {
  const { rows } = await paymentRows(tx, row.paymentIntentId);
  const done = new Set(chargesOf(rows).flatMap((charge) => (charge.refundable === 0 ? [charge.transactionId] : [])));
  const completed = rows.filter((charge) => done.has(charge.transactionId) && row.items.some((item) => item.transactionId === charge.transactionId));
  const names = await decideYears(deps, tx, row.names, completed);
  if (names === row.names) return;
  await tx.update(refunds).set({ names }).where(eq(refunds.refundId, row.refundId));
  row.names = names;
}

/** Order lines whose charges went back in full say so: `cancelled` when their name is being deleted, else `refunded`. */
async function markRefundedLines(tx: DbOrTx, refund: RefundRow): Promise<void> {
  if (refund.orderId == null) return;
  const { rows } = await paymentRows(tx, refund.paymentIntentId);
  const left = chargesOf(rows);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, refund.orderId), eq(orderLines.state, 'delivered')));
  for (const line of lines) {
    const charges = left.filter((charge) => charge.domainId != null && charge.domainId === line.domainId);
    if (charges.length === 0 || charges.some((charge) => charge.refundable > 0)) continue;
    const leaving = refund.names.some((name) => name.domainId === line.domainId && name.action !== 'keep');
    await tx
      .update(orderLines)
      .set({ refundState: leaving ? 'cancelled' : 'refunded', modifyDate: now() })
      .where(eq(orderLines.orderLineId, line.orderLineId));
  }
}

/** What staff read once the refund is done: the money, and what happened to each refunded renewal's expiry. */
function refundMessage(refund: RefundView): string {
  const years = refund.names.map(yearsSentence).filter(Boolean);
  return [`Refunded ${formatMoney(refund.amount + refund.creditAmount)}. The customer was emailed; a credit note was issued.`, ...years].join(' ');
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

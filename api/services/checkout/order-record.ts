/** Checkout's last phase: account, domains, ledger, the cart checked out and a new one, and the order's answer, in one transaction. */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { carts, type OrderLineState, orderLines, orders, paymentMethods, users } from '../../db/schema/index.ts';
import type { PaymentIntent } from '../../providers/payments/index.ts';
import { issueOrderInvoice } from '../billing/billing-documents.ts';
import { copyItemsToCart, isAwaitingCode, isRecordedState, recordDomain, recordPayment } from './order-delivery.ts';
import { type CheckoutResult, type OrderDetail, OrderTakenOverError } from './orders.ts';
import type { Outcome } from './registry-lines.ts';
import type { Fulfilment } from './settlement.ts';
import type { Owner } from './visitor-account.ts';

/** What recording an order needs besides the registry's answers: from the commit, or from the database afterwards. */
export type OrderToRecord = { cartId: number; passwordHash: string | null; paymentMethodId: number | null; nameservers: readonly string[] };

/**
 * Account, domains, ledger, the cart checked out and a new one, the order's answer: one transaction (a savepoint
 * when `db` is already one). Only an order still `authorized` under the recording process's lease is recorded, so a
 * checkout and the takeover of its order never both do.
 */
export async function recordOrder(db: DbOrTx, order: OrderToRecord, fulfilment: Fulfilment): Promise<CheckoutResult> {
  const { orderId, intent, owner, outcomes, settlement } = fulfilment;
  const today = now();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .update(orders)
      .set({ modifyDate: today })
      .where(and(eq(orders.orderId, orderId), eq(orders.status, 'authorized'), eq(orders.leaseOwner, fulfilment.leaseOwner)))
      .returning({ detail: orders.detail });
    if (!current) throw new OrderTakenOverError();
    if (owner.isNew && owner.userId != null) {
      await tx
        .update(users)
        .set({ passwordHash: order.passwordHash ?? '' })
        .where(eq(users.userId, owner.userId));
      await tx
        .update(paymentMethods)
        .set({ accountId: owner.accountId, isDefault: sql`${paymentMethods.paymentMethodId} = ${order.paymentMethodId}` })
        .where(and(eq(paymentMethods.cartId, order.cartId), sql`${paymentMethods.accountId} is null`));
    }
    for (const outcome of outcomes) {
      if (!isRecordedState(outcome.state)) continue;
      const domainId = await recordDomain(tx, {
        accountId: owner.accountId,
        orderId,
        orderLineId: outcome.orderLineId,
        item: outcome.line.item,
        prices: outcome.line.prices,
        state: outcome.state,
        expireDate: outcome.expireDate,
        nameservers: order.nameservers,
        today,
      });
      await tx.update(orderLines).set({ domainId, modifyDate: today }).where(eq(orderLines.orderLineId, outcome.orderLineId));
    }
    if (settlement.captured > 0) {
      await recordPayment(tx, {
        accountId: owner.accountId,
        orderId,
        paymentIntentId: intent.id,
        paymentMethodId: order.paymentMethodId,
        amount: settlement.captured,
        today,
      });
    }
    await tx
      .update(carts)
      .set({ status: 'checkedOut', checkoutDate: today, modifyDate: today, accountId: owner.accountId, anonTokenHash: null, paymentStatus: 'paid' })
      .where(eq(carts.cartId, order.cartId));
    // A new empty cart starts; names the registry refused wait in it for another try.
    const [next] = await tx.insert(carts).values({ accountId: owner.accountId }).returning({ cartId: carts.cartId });
    await copyItemsToCart(
      tx,
      next.cartId,
      outcomes.filter((o) => o.state === 'failed').map((o) => o.line.item),
    );
    const answer = orderAnswer(order.cartId, orderId, intent, owner, outcomes);
    await tx
      .update(orders)
      .set({
        status: settlement.held ? 'unconfirmed' : 'completed',
        accountId: owner.accountId,
        error: null,
        modifyDate: today,
        detail: { ...(current.detail as OrderDetail), result: answer },
      })
      .where(eq(orders.orderId, orderId));
    // The invoice's number is taken in this transaction: should recording fail, the number is not used up.
    if (!settlement.held) await issueOrderInvoice(tx, orderId, today);
    return answer;
  });
}

function orderAnswer(cartId: number, orderId: number, intent: Pick<PaymentIntent, 'id'>, owner: Owner, outcomes: Outcome[]): CheckoutResult {
  const names = (wanted: (state: OrderLineState) => boolean) => outcomes.filter((o) => wanted(o.state)).map((o) => o.line.item.domain);
  const registered = names((state) => state === 'delivered');
  const failedDomains = names((state) => state === 'failed');
  const awaitingAuthCode = names(isAwaitingCode);
  const unconfirmedDomains = names((state) => state === 'unknown');
  const messages = [
    failedDomains.length && `We could not register ${failedDomains.join(', ')}, so it was not charged and is back in your cart. Everything else is yours.`,
    awaitingAuthCode.length &&
      `The transfer of ${awaitingAuthCode.join(', ')} waits for a new auth code from the current registrar, so it was not charged. Enter the code in My Domains; the transfer is charged when it goes ahead.`,
    unconfirmedDomains.length &&
      `The registry has not confirmed ${unconfirmedDomains.join(', ')} yet. We are checking with it: your card is charged for it only once it is registered, and it then appears in My Domains.`,
  ].filter(Boolean);
  return {
    cartId,
    orderId,
    totalPrice: outcomes.filter((o) => o.state === 'delivered').reduce((sum, o) => sum + o.line.prices.totalPrice, 0),
    requiresAction: false,
    paymentIntentId: intent.id,
    accountId: owner.accountId,
    userId: owner.userId,
    registered,
    failedDomains,
    awaitingAuthCode,
    unconfirmedDomains,
    ...(messages.length ? { message: messages.join(' ') } : {}),
  };
}

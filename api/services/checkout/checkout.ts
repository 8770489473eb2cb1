/**
 * Checkout: turns a cart into an order exactly once. Phases around each outside call:
 * validate and re-price (no side effects) -> claim the order (unique cartId) -> authorise the card ->
 * reserve a visitor's account (unique email) -> ask the registry for each name (every line on the order
 * first) -> capture what was delivered (release the rest; hold it all while an answer is unknown) ->
 * record (account, domains, ledger, cart checked out, a new empty cart), refunding if that fails.
 * A concurrent or retried commit waits for the claimed order and answers with its result; nothing is
 * charged twice. Unknown registry answers, and orders whose checkout stopped half-way (the process died),
 * are settled later by reconcile-orders.ts from what the order has on record.
 *
 * This file runs the phases and authorises the card; each phase has its own file: checkout-prepare.ts (validate and
 * price), orders.ts (claim, wait, answers), visitor-account.ts, registry-lines.ts, settlement.ts (capture or give
 * back), order-record.ts (record and answer).
 */
import { and, eq } from 'drizzle-orm';
import { now, nowMs } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Providers } from '../../providers/index.ts';
import { CardError, type PaymentIntent } from '../../providers/payments/index.ts';
import { type CommitInput, type Prepared, prepare } from './checkout-prepare.ts';
import { recordOrder } from './order-record.ts';
import {
  authenticationFailedMessage,
  type CheckoutResult,
  checkoutFailedMessage,
  claimOrder,
  completedAnswer,
  failOrder,
  findOrder,
  isAnswered,
  type OrderDetail,
  OrderTakenOverError,
  requiresActionAnswer,
  stoppedOrderMessage,
  stoppedOrderMs,
  waitForOrder,
} from './orders.ts';
import { askRegistry } from './registry-lines.ts';
import { settlePayment, undoUnrecordedOrder } from './settlement.ts';
import { reserveAccount } from './visitor-account.ts';

export async function commitCheckout(db: Db, providers: Providers, input: CommitInput): Promise<CheckoutResult> {
  const { cart, source } = input;
  const existing = await findOrder(db, cart.cartId);
  if (existing && isAnswered(existing)) return completedAnswer(existing);
  if (cart.status !== 'active' && !existing) throw new AppError(409, 'This cart has already been checked out');
  if (source.paymentIntentId) return confirmAfterAction(db, providers, input);
  if (existing && existing.status === 'requiresAction') return requiresActionAnswer(existing);
  if (existing && (existing.status === 'pending' || existing.status === 'authorized')) {
    // An order that stopped half-way (the process died) is never retried blindly: money may have moved and names may
    // be registered. Reconciliation settles it from its order lines within minutes; then this cart answers again.
    if (nowMs() - existing.modifyDate.getTime() > stoppedOrderMs) throw new AppError(409, stoppedOrderMessage(existing.orderId));
    return waitForOrder(db, cart.cartId);
  }

  let prepared: Prepared;
  try {
    prepared = await prepare(db, providers, input);
  } catch (error) {
    // A concurrent commit of this cart may have claimed the order and registered its names while this one was
    // checking them ("no longer available"): that order's answer is this request's answer too.
    const raced = await findOrder(db, cart.cartId);
    if (raced && raced.status !== 'failed') return waitForOrder(db, cart.cartId);
    throw error;
  }
  const claimed = await claimOrder(db, cart, prepared.totalPrice, input.accountId);
  if (!claimed) return waitForOrder(db, cart.cartId);
  const detail = (claimed.detail ?? { attempt: 1 }) as OrderDetail;

  let intent: PaymentIntent;
  try {
    intent = await providers.payments.authorize({
      customerId: prepared.method.providerCustomerId ?? '',
      paymentMethodId: prepared.method.providerPaymentMethodId,
      amount: prepared.totalPrice,
      idempotencyKey: `order-${claimed.orderId}-authorize-${detail.attempt}`,
      description: `Order ${claimed.orderId}: ${prepared.lines.map((l) => l.item.domain).join(', ')}`,
    });
  } catch (error) {
    const message = error instanceof CardError ? error.message : checkoutFailedMessage;
    if (!(error instanceof CardError)) console.error('authorize failed', error);
    await failOrder(db, claimed.orderId, message);
    throw new AppError(402, message);
  }
  await db.update(orders).set({ paymentIntentId: intent.id, modifyDate: now() }).where(eq(orders.orderId, claimed.orderId));
  if (intent.status === 'requires_action') {
    await db.update(orders).set({ status: 'requiresAction', modifyDate: now() }).where(eq(orders.orderId, claimed.orderId));
    return { cartId: cart.cartId, orderId: claimed.orderId, totalPrice: prepared.totalPrice, requiresAction: true, clientSecret: intent.client_secret, paymentIntentId: intent.id };
  }
  if (intent.status !== 'requires_capture') {
    await failOrder(db, claimed.orderId, intent.error ?? checkoutFailedMessage);
    throw new AppError(402, intent.error ?? checkoutFailedMessage);
  }
  return fulfil(db, providers, input, prepared, claimed.orderId, intent);
}

/** The second call after the buyer authenticated the payment: carry on with the same order and intent. */
async function confirmAfterAction(db: Db, providers: Providers, input: CommitInput): Promise<CheckoutResult> {
  const { cart, source } = input;
  const [order] = await db
    .update(orders)
    .set({ status: 'pending', modifyDate: now() })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'requiresAction'), eq(orders.paymentIntentId, source.paymentIntentId ?? '')))
    .returning();
  if (!order) {
    const current = await findOrder(db, cart.cartId);
    if (!current || current.paymentIntentId !== source.paymentIntentId) throw new AppError(400, 'This payment does not belong to this cart');
    if (isAnswered(current)) return completedAnswer(current);
    if (current.status === 'failed') throw new AppError(402, current.error ?? checkoutFailedMessage);
    return waitForOrder(db, cart.cartId);
  }
  const intent = await providers.payments.retrieve(order.paymentIntentId ?? '');
  if (intent.status === 'requires_action') {
    await db.update(orders).set({ status: 'requiresAction' }).where(eq(orders.orderId, order.orderId));
    return requiresActionAnswer({ ...order, status: 'requiresAction' }, intent.client_secret);
  }
  if (intent.status !== 'requires_capture') {
    const message = intent.error ?? authenticationFailedMessage;
    await failOrder(db, order.orderId, message);
    throw new AppError(402, message);
  }
  let prepared: Prepared;
  try {
    prepared = await prepare(db, providers, input);
  } catch (error) {
    await providers.payments.cancel(intent.id).catch(() => {});
    await failOrder(db, order.orderId, (error as Error).message);
    throw error;
  }
  if (prepared.totalPrice !== intent.amount) {
    await providers.payments.cancel(intent.id).catch(() => {});
    await failOrder(db, order.orderId, 'The cart changed while the payment was authenticated');
    throw new AppError(409, 'Your cart changed while the payment was being authenticated. Your card was not charged; please check out again.');
  }
  return fulfil(db, providers, input, prepared, order.orderId, intent);
}

/**
 * After authorisation: reserve the visitor's account, ask the registry, settle the money for what it delivered, then
 * record it all. A failure after the capture gives the money back.
 */
async function fulfil(db: Db, providers: Providers, input: CommitInput, prepared: Prepared, orderId: number, intent: PaymentIntent): Promise<CheckoutResult> {
  await db
    .update(orders)
    .set({ status: 'authorized', paymentMethodId: prepared.method.paymentMethodId, modifyDate: now() })
    .where(eq(orders.orderId, orderId));
  const owner = await reserveAccount(db, providers, input, prepared, orderId, intent);
  const outcomes = await askRegistry(db, providers, prepared, orderId);
  const settlement = await settlePayment(db, providers, orderId, intent, owner, outcomes);
  const order = { cartId: input.cart.cartId, passwordHash: prepared.passwordHash, paymentMethodId: prepared.method.paymentMethodId, nameservers: providers.registry.defaultNameservers };
  let result: CheckoutResult;
  try {
    result = await recordOrder(db, order, { orderId, intent, owner, outcomes, settlement });
  } catch (error) {
    if (error instanceof OrderTakenOverError) throw error;
    throw await undoUnrecordedOrder(db, providers, { orderId, intent, owner, outcomes, settlement }, error);
  }
  return { ...result, isNewAccount: owner.isNew };
}

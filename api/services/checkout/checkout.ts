/**
 * Checkout: turns a cart into an order exactly once. Phases around each outside call:
 * validate and re-price (no side effects) -> claim the order (unique cartId) -> authorise the card ->
 * reserve a visitor's account (unique email) -> ask the registry for each name (every line on the order
 * first) -> capture what was delivered (release the rest; hold it all while an answer is unknown) ->
 * record (account, domains, ledger, cart checked out, a new empty cart), refunding if that fails.
 * A concurrent or retried commit waits for the claimed order and answers with its result; nothing is
 * charged twice. The checkout holds the order under its process's lease (checkout-leases.ts); an order whose
 * lease lapsed (the process died) is taken over by reconcile-orders.ts, which settles it from what the order has
 * on record, as it settles registry answers that never came.
 *
 * This file runs the phases and authorises the card; each phase has its own file: checkout-prepare.ts (validate and
 * price), orders.ts (claim and answers), order-wait.ts (a second commit waits, or takes a dead checkout's order over),
 * visitor-account.ts, registry-lines.ts, settlement.ts (capture or give back), order-record.ts (record and answer).
 */
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { orders } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { CardError, type PaymentIntent } from '../../providers/payments/index.ts';
import { type CommitInput, type Prepared, prepare } from './checkout-prepare.ts';
import { recordOrder } from './order-record.ts';
import { waitForOrder } from './order-wait.ts';
import {
  attemptOf,
  authenticationFailedMessage,
  authorizeKey,
  type CheckoutResult,
  checkoutFailedMessage,
  claimOrder,
  completedAnswer,
  failOrder,
  findOrder,
  isAnswered,
  isInProgress,
  type OrderRun,
  OrderTakenOverError,
  requiresActionAnswer,
} from './orders.ts';
import { askRegistry } from './registry-lines.ts';
import { settlePayment, undoUnrecordedOrder } from './settlement.ts';
import { reserveAccount } from './visitor-account.ts';

export type CheckoutDeps = Pick<Deps, 'db' | 'providers' | 'checkoutLeases'>;

export async function commitCheckout(deps: CheckoutDeps, input: CommitInput): Promise<CheckoutResult> {
  const { db, providers, checkoutLeases } = deps;
  const { cart, source } = input;
  const existing = await findOrder(db, cart.cartId);
  if (existing && isAnswered(existing)) return completedAnswer(existing);
  if (cart.status !== 'active' && !existing) throw new AppError(409, 'This cart has already been checked out');
  if (source.paymentIntentId) return confirmAfterAction(deps, input);
  if (existing && existing.status === 'requiresAction') return requiresActionAnswer(existing);
  // Another request's checkout holds the order: its answer is this one's. Should that checkout's process have died,
  // the wait takes the order over once its lease lapses and answers with what the takeover settled.
  if (existing && isInProgress(existing)) return waitForOrder(deps, cart.cartId);

  let prepared: Prepared;
  try {
    prepared = await prepare(db, providers, input);
  } catch (error) {
    // A concurrent commit of this cart may have claimed the order and registered its names while this one was
    // checking them ("no longer available"): that order's answer is this request's answer too.
    const raced = await findOrder(db, cart.cartId);
    if (raced && raced.status !== 'failed') return waitForOrder(deps, cart.cartId);
    throw error;
  }
  const claimed = await claimOrder(db, cart, prepared.totalPrice, input.accountId, checkoutLeases.lease(), prepared.tax);
  if (!claimed) return waitForOrder(deps, cart.cartId);
  const run: OrderRun = { orderId: claimed.orderId, attempt: attemptOf(claimed), leaseOwner: checkoutLeases.owner };
  return checkoutLeases.run(run.orderId, () => authorizeAndFulfil(deps, input, prepared, run)).catch((error) => answerTakenOver(deps, cart.cartId, error));
}

/**
 * This checkout stalled past its lease and another process took the order over: it answers with what the takeover
 * settled, as a retry would.
 */
function answerTakenOver(deps: CheckoutDeps, cartId: number, error: unknown): Promise<CheckoutResult> {
  if (error instanceof OrderTakenOverError) return waitForOrder(deps, cartId);
  throw error;
}

async function authorizeAndFulfil(deps: CheckoutDeps, input: CommitInput, prepared: Prepared, run: OrderRun): Promise<CheckoutResult> {
  const { db, providers } = deps;
  const { orderId, leaseOwner } = run;
  const customerId = prepared.method.providerCustomerId ?? '';
  const idempotencyKey = authorizeKey(orderId, run.attempt);
  // The key goes on record before the provider is asked: should this process die before the answer is written down,
  // the takeover finds the authorisation by it, and releases it.
  const [recorded] = await db
    .update(orders)
    .set({ authorizeKey: idempotencyKey, paymentMethodId: prepared.method.paymentMethodId, modifyDate: now() })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, 'pending'), eq(orders.leaseOwner, leaseOwner)))
    .returning({ orderId: orders.orderId });
  if (!recorded) throw new OrderTakenOverError();

  let intent: PaymentIntent;
  try {
    intent = await providers.payments.authorize({
      customerId,
      paymentMethodId: prepared.method.providerPaymentMethodId,
      amount: prepared.totalPrice,
      idempotencyKey,
      description: `Order ${orderId}: ${prepared.lines.map((l) => l.item.domain).join(', ')}`,
    });
  } catch (error) {
    if (error instanceof CardError) {
      await failOrder(db, orderId, error.message, leaseOwner);
      throw new AppError(402, error.message);
    }
    console.error(`order ${orderId}: authorize failed`, error);
    // No answer is not "no authorisation": one made all the same is released before the order fails. Should the
    // provider not say (undefined), the order stays in progress with its lease let go, for a takeover to settle.
    const made = await providers.payments.findAuthorization({ customerId, idempotencyKey, since: now() }).catch(() => undefined);
    const released =
      made === null ||
      (made !== undefined &&
        (await providers.payments.cancel(made.id).then(
          () => true,
          () => false,
        )));
    if (released) await failOrder(db, orderId, checkoutFailedMessage, leaseOwner);
    throw new AppError(402, checkoutFailedMessage);
  }
  const [saved] = await db
    .update(orders)
    .set({ paymentIntentId: intent.id, modifyDate: now() })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, 'pending'), eq(orders.leaseOwner, leaseOwner)))
    .returning({ orderId: orders.orderId });
  // Taken over meanwhile (this process stalled past its lease): the takeover found this authorisation by its key.
  if (!saved) throw new OrderTakenOverError();
  if (intent.status === 'requires_action') {
    await db
      .update(orders)
      .set({ status: 'requiresAction', modifyDate: now() })
      .where(and(eq(orders.orderId, orderId), eq(orders.leaseOwner, leaseOwner)));
    return {
      cartId: input.cart.cartId,
      orderId,
      totalPrice: prepared.totalPrice,
      requiresAction: true,
      clientSecret: intent.client_secret,
      paymentIntentId: intent.id,
    };
  }
  if (intent.status !== 'requires_capture') {
    await failOrder(db, orderId, intent.error ?? checkoutFailedMessage, leaseOwner);
    throw new AppError(402, intent.error ?? checkoutFailedMessage);
  }
  return fulfil(deps, input, prepared, run, intent);
}

/** The second call after the buyer authenticated the payment: carry on with the same order and intent. */
async function confirmAfterAction(deps: CheckoutDeps, input: CommitInput): Promise<CheckoutResult> {
  const { db, providers, checkoutLeases } = deps;
  const { cart, source } = input;
  const [order] = await db
    .update(orders)
    .set({ status: 'pending', modifyDate: now(), ...checkoutLeases.lease() })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'requiresAction'), eq(orders.paymentIntentId, source.paymentIntentId ?? '')))
    .returning();
  if (!order) {
    const current = await findOrder(db, cart.cartId);
    if (!current || current.paymentIntentId !== source.paymentIntentId) throw new AppError(400, 'This payment does not belong to this cart');
    if (isAnswered(current)) return completedAnswer(current);
    if (current.status === 'failed') throw new AppError(402, current.error ?? checkoutFailedMessage);
    return waitForOrder(deps, cart.cartId);
  }
  const run: OrderRun = { orderId: order.orderId, attempt: attemptOf(order), leaseOwner: checkoutLeases.owner };
  const confirmed = checkoutLeases.run(order.orderId, async () => {
    const intent = await providers.payments.retrieve(order.paymentIntentId ?? '');
    if (intent.status === 'requires_action') {
      await db
        .update(orders)
        .set({ status: 'requiresAction' })
        .where(and(eq(orders.orderId, order.orderId), eq(orders.leaseOwner, run.leaseOwner)));
      return requiresActionAnswer({ ...order, status: 'requiresAction' }, intent.client_secret);
    }
    if (intent.status !== 'requires_capture') {
      const message = intent.error ?? authenticationFailedMessage;
      await failOrder(db, order.orderId, message, run.leaseOwner);
      throw new AppError(402, message);
    }
    let prepared: Prepared;
    try {
      prepared = await prepare(db, providers, input);
    } catch (error) {
      await providers.payments.cancel(intent.id).catch(() => {});
      await failOrder(db, order.orderId, (error as Error).message, run.leaseOwner);
      throw error;
    }
    if (prepared.totalPrice !== intent.amount) {
      await providers.payments.cancel(intent.id).catch(() => {});
      await failOrder(db, order.orderId, 'The cart changed while the payment was authenticated', run.leaseOwner);
      throw new AppError(409, 'Your cart changed while the payment was being authenticated. Your card was not charged; please check out again.');
    }
    return fulfil(deps, input, prepared, run, intent);
  });
  return confirmed.catch((error) => answerTakenOver(deps, cart.cartId, error));
}

/**
 * After authorisation: reserve the visitor's account, ask the registry, settle the money for what it delivered, then
 * record it all. A failure after the capture gives the money back.
 */
async function fulfil(deps: CheckoutDeps, input: CommitInput, prepared: Prepared, run: OrderRun, intent: PaymentIntent): Promise<CheckoutResult> {
  const { db, providers, checkoutLeases } = deps;
  const { orderId, leaseOwner } = run;
  const [authorized] = await db
    .update(orders)
    .set({ status: 'authorized', paymentMethodId: prepared.method.paymentMethodId, modifyDate: now() })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, 'pending'), eq(orders.leaseOwner, leaseOwner)))
    .returning({ orderId: orders.orderId });
  if (!authorized) throw new OrderTakenOverError();
  const owner = await reserveAccount(db, providers, input, prepared, run, intent);
  const outcomes = await askRegistry(db, providers, prepared, run, checkoutLeases, owner);
  const settlement = await settlePayment(db, providers, run, intent, owner, outcomes);
  const order = {
    cartId: input.cart.cartId,
    passwordHash: prepared.passwordHash,
    paymentMethodId: prepared.method.paymentMethodId,
    nameservers: providers.registry.defaultNameservers,
  };
  let result: CheckoutResult;
  try {
    result = await recordOrder(db, order, { ...run, intent, owner, outcomes, settlement });
  } catch (error) {
    if (error instanceof OrderTakenOverError) throw error;
    throw await undoUnrecordedOrder(db, providers, { ...run, intent, owner, outcomes, settlement }, error);
  }
  return { ...result, isNewAccount: owner.isNew };
}

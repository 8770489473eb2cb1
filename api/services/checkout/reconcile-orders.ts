/**
 * Settles orders whose outcome is not known yet (DESIGN "Jobs and time": recorded as unknown, reconciled by asking
 * the outside system, never retried blindly):
 * - `unconfirmed` orders: recorded, but some registry answers never came. Each unknown line is asked about (`info`):
 *   a name that is ours (or a transfer to us the registry is holding) is recorded in the account; anything else was
 *   not done and goes back to the account's cart. Once no line is unknown, the held authorisation is captured for what
 *   was delivered, or released when nothing was.
 * - orders whose checkout died (`pending` or `authorized` with a lapsed lease, checkout-leases.ts): taken over. With
 *   no lines of the current attempt on record nothing was asked of the registry: the authorisation (found by the key
 *   recorded before it was asked for, should its id never have come back) is released and the order fails, so the
 *   cart can check out again. Otherwise every line without an answer is asked about the same way, and the order is
 *   finished as checkout would have: capture what was delivered (or release), then record it all.
 *
 * Run at start-up and every few seconds where jobs run (lapsed leases only: takeover-watch.ts), by the order-reconcile
 * job, before a customer's domain list is answered, and by a buyer's commit that finds its order's lease lapsed.
 * Several processes may run it at once: each order is taken under a row lock that others skip (held across the
 * registry and payment calls, so a taker that dies leaves nothing half-done), and the capture carries the attempt's
 * one idempotency key, so money moves once.
 */
import { addYears } from 'date-fns/addYears';
import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import { now } from '../../clock.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { cartItems, carts, domains, orderLines, orders, paymentMethods, users } from '../../db/schema/index.ts';
import type { CartItemRow, OrderLineRow, OrderRow } from '../../db/schema/index.ts';
import type { Providers } from '../../providers/index.ts';
import type { PaymentsProvider } from '../../providers/payments/index.ts';
import type { RegistryRecord } from '../../providers/registry/index.ts';
import { type CheckoutLeases, leaseLapsed } from './checkout-leases.ts';
import { accountCart, copyItemsToCart, isRecordedState, recordDomain, recordPayment } from './order-delivery.ts';
import { marketLineAnswer } from './market-lines.ts';
import { recordOrder } from './order-record.ts';
import { attemptOf, captureKey, failOrder } from './orders.ts';
import type { Outcome } from './registry-lines.ts';
import { type Owner, releaseReservedAccount } from './visitor-account.ts';
import { issueOrderInvoice } from '../billing/billing-documents.ts';

export type ReconcileDeps = {
  db: Db;
  providers: Pick<Providers, 'registry' | 'payments'>;
  checkoutLeases: Pick<CheckoutLeases, 'owner' | 'isRunning'>;
};

export type ReconcileReport = { settled: number; waiting: number };

/**
 * Settles every unconfirmed or cut order (or one account's, or only the cut ones); registry or payment trouble leaves
 * one for next time.
 */
export async function reconcileUnknownOrders(deps: ReconcileDeps, options: { accountId?: number; lapsedOnly?: boolean } = {}): Promise<ReconcileReport> {
  const candidates = await deps.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(options.lapsedOnly ? leaseLapsed() : needsReconciling(), options.accountId == null ? undefined : eq(orders.accountId, options.accountId)))
    .orderBy(orders.orderId);
  const report: ReconcileReport = { settled: 0, waiting: 0 };
  for (const { orderId } of candidates) {
    try {
      if (await reconcileOrder(deps, orderId)) report.settled += 1;
      else report.waiting += 1;
    } catch (error) {
      console.error(`order ${orderId}: could not be reconciled yet`, error);
      report.waiting += 1;
    }
  }
  return report;
}

/** Unconfirmed orders, and orders in progress whose lease lapsed. */
function needsReconciling(): SQL {
  return or(eq(orders.status, 'unconfirmed'), leaseLapsed()) as SQL;
}

/**
 * Orders settled at once per connection pool. Each holds a connection for its transaction and needs others for the
 * providers' own queries (the sandboxes keep their state in PostgreSQL): twenty buyers retrying after a crash must
 * not take every connection and then wait for one forever.
 */
const settlingAtOnce = 4;
const settlingLimits = new WeakMap<Db, LimitFunction>();

function settlingLimit(db: Db): LimitFunction {
  let limit = settlingLimits.get(db);
  if (!limit) {
    limit = pLimit(settlingAtOnce);
    settlingLimits.set(db, limit);
  }
  return limit;
}

/**
 * Settles one order, or takes it over when its checkout's lease lapsed. True when it is settled; false when it is
 * still waiting (the registry could not say yet), another process holds it, or a checkout here is running it.
 */
export async function reconcileOrder(deps: ReconcileDeps, orderId: number): Promise<boolean> {
  return settlingLimit(deps.db)(() => settleOrTakeOver(deps, orderId));
}

async function settleOrTakeOver(deps: ReconcileDeps, orderId: number): Promise<boolean> {
  // A checkout in this very process is alive, whatever its lease says (a heartbeat that could not reach the database).
  if (deps.checkoutLeases.isRunning(orderId)) return false;
  return deps.db.transaction(async (tx) => {
    // The lock is held across the registry and payment calls: a second process skips this order meanwhile, and a
    // stalled checkout that wakes up waits, then finds the order is no longer its own.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, orderId), needsReconciling()))
      .for('update', { skipLocked: true });
    if (!order) return false;
    if (order.status === 'unconfirmed') return settleUnconfirmedOrder(deps, tx, order);
    // Taken over: the order names this process from here on (the lease stays lapsed should it have to wait).
    await tx.update(orders).set({ leaseOwner: deps.checkoutLeases.owner }).where(eq(orders.orderId, orderId));
    return finishCutOrder(deps, tx, { ...order, leaseOwner: deps.checkoutLeases.owner });
  });
}

async function settleUnconfirmedOrder({ providers }: ReconcileDeps, tx: Tx, order: OrderRow): Promise<boolean> {
  if (order.accountId == null || !order.paymentIntentId) return false;
  const { orderId, accountId } = order;
  const attempt = attemptOf(order);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.attempt, attempt)));
  const unknown = lines.filter((line) => line.state === 'unknown');
  const items = await itemsOf(tx, unknown);
  const today = now();
  const answers = await askRegistryAbout(tx, providers, orderId, unknown, items);
  if (answers.size < unknown.length) return false;
  for (const line of unknown) {
    const item = items.get(line.cartItemId) as CartItemRow;
    const answer = answers.get(line.orderLineId) as Answer;
    if (answer.delivered) {
      const domainId = await recordDomain(tx, {
        accountId,
        orderId,
        orderLineId: line.orderLineId,
        item,
        prices: line,
        state: 'delivered',
        expireDate: answer.expireDate,
        nameservers: providers.registry.defaultNameservers,
        today,
      });
      await tx
        .update(orderLines)
        .set({ state: 'delivered', expireDate: answer.expireDate, domainId, modifyDate: today })
        .where(eq(orderLines.orderLineId, line.orderLineId));
    } else {
      await tx.update(orderLines).set({ state: 'failed', error: answer.error, modifyDate: today }).where(eq(orderLines.orderLineId, line.orderLineId));
      await copyItemsToCart(tx, await accountCart(tx, accountId), [item]);
    }
  }

  const delivered = (
    await tx
      .select({ totalPrice: orderLines.totalPrice })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.attempt, attempt), eq(orderLines.state, 'delivered')))
  ).reduce((sum, line) => sum + line.totalPrice, 0);
  if (delivered > 0) {
    // A failure here rolls the whole settlement back; the next run asks again and captures with the same key.
    const captured = await captureOnce(providers.payments, order.paymentIntentId, captureKey(orderId, attempt), delivered);
    await recordPayment(tx, { accountId, orderId, paymentIntentId: order.paymentIntentId, paymentMethodId: order.paymentMethodId, amount: captured, today });
  } else {
    await releaseAuthorization(providers.payments, order.paymentIntentId);
  }
  await tx.update(orders).set({ status: 'completed', modifyDate: today }).where(eq(orders.orderId, orderId));
  await issueOrderInvoice(tx, orderId, today);
  return true;
}

/**
 * An order whose checkout died: finish it from its current attempt's lines. Nothing is registered or requested
 * again; only what the registry holds is recorded and charged.
 */
async function finishCutOrder({ providers }: ReconcileDeps, tx: Tx, order: OrderRow): Promise<boolean> {
  const { orderId } = order;
  const attempt = attemptOf(order);
  const [cart] = await tx.select().from(carts).where(eq(carts.cartId, order.cartId));
  // The account was reserved for a visitor (their cart has none of its own) before any name was asked for.
  const owner: Owner | null =
    order.accountId == null
      ? null
      : {
          accountId: order.accountId,
          isNew: cart?.accountId == null,
          userId:
            cart?.accountId == null
              ? (await tx.select({ userId: users.userId }).from(users).where(eq(users.accountId, order.accountId)).limit(1))[0]?.userId
              : undefined,
        };
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.attempt, attempt)))
    .orderBy(orderLines.orderLineId);
  const paymentIntentId = order.paymentIntentId ?? (await findLostAuthorization(tx, providers.payments, order));
  if (order.status === 'pending' || lines.length === 0 || !paymentIntentId || !owner) {
    // The registry was never asked: release whatever was authorised and let the cart check out again.
    if (paymentIntentId) await releaseAuthorization(providers.payments, paymentIntentId);
    if (owner) await releaseReservedAccount(tx, owner, orderId);
    await failOrder(tx, orderId, `Order ${orderId} did not finish, so nothing was registered and your card was not charged. Please check out again.`);
    return true;
  }

  const items = await itemsOf(tx, lines);
  const open = lines.filter((line) => line.state === 'pending' || line.state === 'unknown');
  const answers = await askRegistryAbout(tx, providers, orderId, open, items);
  if (answers.size < open.length) return false;
  const today = now();
  const outcomes: Outcome[] = [];
  for (const line of lines) {
    const item = items.get(line.cartItemId) as CartItemRow;
    const answer = answers.get(line.orderLineId);
    if (answer) {
      const state = answer.delivered ? 'delivered' : 'failed';
      const error = answer.delivered ? null : answer.error;
      await tx.update(orderLines).set({ state, expireDate: answer.expireDate, error, modifyDate: today }).where(eq(orderLines.orderLineId, line.orderLineId));
      outcomes.push({ line: { item, prices: line }, orderLineId: line.orderLineId, state, expireDate: answer.expireDate, error: error ?? undefined });
    } else {
      outcomes.push({
        line: { item, prices: line },
        orderLineId: line.orderLineId,
        state: line.state,
        expireDate: line.expireDate ?? addYears(today, item.years),
      });
    }
  }

  if (!outcomes.some((outcome) => isRecordedState(outcome.state))) {
    await releaseAuthorization(providers.payments, paymentIntentId);
    await releaseReservedAccount(tx, owner, orderId);
    const names = lines.map((line) => line.domain).join(', ');
    await failOrder(tx, orderId, `We could not register ${names}. Your card was not charged. Please try again later or contact support.`);
    return true;
  }
  const delivered = outcomes.filter((outcome) => outcome.state === 'delivered').reduce((sum, outcome) => sum + outcome.line.prices.totalPrice, 0);
  let captured = 0;
  if (delivered > 0) captured = await captureOnce(providers.payments, paymentIntentId, captureKey(orderId, attempt), delivered);
  else await releaseAuthorization(providers.payments, paymentIntentId);
  const passwordHash = (cart?.contact as { passwordHash?: string } | null)?.passwordHash ?? null;
  await recordOrder(
    tx,
    { cartId: order.cartId, passwordHash, paymentMethodId: order.paymentMethodId, nameservers: providers.registry.defaultNameservers },
    {
      orderId,
      attempt,
      leaseOwner: order.leaseOwner as string,
      intent: { id: paymentIntentId },
      owner,
      outcomes,
      settlement: { captured, held: false },
    },
  );
  return true;
}

/**
 * The authorisation a dead checkout asked for but never wrote down (it died while the provider answered), found by
 * the idempotency key it recorded first; null when the provider has none. Should the provider not answer, this
 * throws and the takeover waits for the next run.
 */
async function findLostAuthorization(tx: Tx, payments: PaymentsProvider, order: OrderRow): Promise<string | null> {
  if (!order.authorizeKey) return null;
  const [method] = order.paymentMethodId
    ? await tx.select({ customerId: paymentMethods.providerCustomerId }).from(paymentMethods).where(eq(paymentMethods.paymentMethodId, order.paymentMethodId))
    : [];
  const found = await payments.findAuthorization({ customerId: method?.customerId ?? '', idempotencyKey: order.authorizeKey, since: order.modifyDate });
  if (!found) return null;
  await tx.update(orders).set({ paymentIntentId: found.id }).where(eq(orders.orderId, order.orderId));
  return found.id;
}

/**
 * Captures `amount` of an authorisation once, whoever asks: a capture the dead checkout made already counts, for
 * what it took (the provider's figure goes into the ledger).
 */
async function captureOnce(payments: PaymentsProvider, paymentIntentId: string, idempotencyKey: string, amount: number): Promise<number> {
  const intent = await payments.retrieve(paymentIntentId);
  if (intent.status === 'succeeded') return intent.amountReceived ?? amount;
  const captured = await payments.capture(paymentIntentId, idempotencyKey, amount < intent.amount ? amount : undefined);
  return captured.amountReceived ?? amount;
}

/**
 * Releases an authorisation, or throws (the takeover is rolled back and tried again): a takeover never leaves a hold
 * behind. One the dead checkout released already counts.
 */
async function releaseAuthorization(payments: PaymentsProvider, paymentIntentId: string): Promise<void> {
  try {
    await payments.cancel(paymentIntentId);
  } catch (error) {
    const intent = await payments.retrieve(paymentIntentId);
    if (intent.status !== 'canceled') throw error;
  }
}

async function itemsOf(tx: Tx, lines: OrderLineRow[]): Promise<Map<number, CartItemRow>> {
  if (lines.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(cartItems)
    .where(
      inArray(
        cartItems.cartItemId,
        lines.map((line) => line.cartItemId),
      ),
    );
  const items = new Map(rows.map((item) => [item.cartItemId, item]));
  for (const line of lines) if (!items.has(line.cartItemId)) throw new Error(`cart item ${line.cartItemId} of ${line.domain} is missing`);
  return items;
}

type Answer = { delivered: true; expireDate: Date } | { delivered: false; expireDate: Date; error: string };

/** What the registry holds for each line now; a line it could not answer for is left out (asked again next run). */
async function askRegistryAbout(
  tx: Tx,
  providers: ReconcileDeps['providers'],
  orderId: number,
  lines: OrderLineRow[],
  items: Map<number, CartItemRow>,
): Promise<Map<number, Answer>> {
  const today = now();
  const answers = new Map<number, Answer>();
  for (const line of lines) {
    const item = items.get(line.cartItemId) as CartItemRow;
    if (line.kind === 'market') {
      // Nothing to ask the registry: the listing's claim, on record or not, says whether the line got its name.
      const answer = await marketLineAnswer(tx, line.orderLineId);
      answers.set(
        line.orderLineId,
        answer.state === 'delivered'
          ? { delivered: true, expireDate: answer.expireDate }
          : { delivered: false, expireDate: answer.expireDate, error: answer.error },
      );
      continue;
    }
    let record: RegistryRecord | null;
    try {
      record = await providers.registry.info(line.domain);
    } catch (error) {
      console.warn(`order ${orderId}: the registry could not say what happened to ${line.domain} yet:`, (error as Error).message);
      continue;
    }
    const expected = line.expireDate ?? addYears(today, item.years);
    if (isDelivered(line, record) && !(await isInAnotherOrder(tx, line))) {
      const fromRegistry = line.kind === 'registration' && record && !Number.isNaN(record.expireDate.getTime()) ? record.expireDate : null;
      answers.set(line.orderLineId, { delivered: true, expireDate: fromRegistry ?? expected });
    } else {
      answers.set(line.orderLineId, { delivered: false, expireDate: expected, error: `${line.error ?? 'no answer'}; the registry has no record of it` });
    }
  }
  return answers;
}

/** Whether the registry now holds what the line asked for. */
function isDelivered(line: OrderLineRow, record: RegistryRecord | null): boolean {
  if (!record) return false;
  if (line.kind === 'registration') return record.ours;
  return record.ours || record.transferPending === true;
}

/**
 * A name ours at the registry that an account already holds came from another order (one bought after this order's
 * try); a transfer waiting for a code or rejected holds nothing.
 */
async function isInAnotherOrder(tx: DbOrTx, line: OrderLineRow): Promise<boolean> {
  const [held] = await tx
    .select({ domainId: domains.domainId })
    .from(domains)
    .where(
      and(
        eq(domains.domain, line.domain),
        ne(domains.status, 'deleted'),
        or(isNull(domains.inboundTransferStatus), eq(domains.inboundTransferStatus, 'pending')),
      ),
    )
    .limit(1);
  return held != null;
}

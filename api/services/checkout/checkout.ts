/**
 * Checkout: turns a cart into an order exactly once. Phases around each outside call:
 * validate and re-price (no side effects) -> claim the order (unique cartId) -> authorise the card ->
 * reserve a visitor's account (unique email) -> ask the registry for each name (every line on the order
 * first) -> capture what was delivered (release the rest; hold it all while an answer is unknown) ->
 * record (account, domains, ledger, cart checked out, a new empty cart), refunding if that fails.
 * A concurrent or retried commit waits for the claimed order and answers with its result; nothing is
 * charged twice. Unknown registry answers, and orders whose checkout stopped half-way (the process died),
 * are settled later by reconcile-orders.ts from what the order has on record.
 */
import { addYears } from 'date-fns';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { now, nowMs } from '../../clock.ts';
import { type Contact, contactSchema } from '../../contract/contact.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { accounts, cartItems, carts, type OrderLineState, orderLines, orders, paymentMethods, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Providers } from '../../providers/index.ts';
import { CardError, type PaymentIntent } from '../../providers/payments/index.ts';
import { RegistryOutcomeUnknownError, type TransferRequestAnswer } from '../../providers/registry/index.ts';
import { activeItems, type CartItemRow, type CartRow, priceCartItem } from '../carts/carts.ts';
import { catalogue } from '../search/catalogue.ts';
import { copyItemsToCart, type DbOrTx, isAwaitingCode, isRecordedState, type LinePrices, recordDomain, recordPayment } from './order-delivery.ts';

export const checkoutFailedMessage = 'There was a processing your payment. Please contact support if issue continues.';
export const authenticationFailedMessage = 'Error authenticating card :(';
export const emailTakenMessage = 'An account with this email already exists. Please log in to check out.';
export const stoppedOrderMessage = (orderId: number) =>
  `Order ${orderId} did not finish. We are checking with the registry what was done and will charge only for that; please reload in a few minutes.`;

/** One idempotency key per order for its capture, whether checkout or reconciliation takes it. */
export const captureKey = (orderId: number) => `order-${orderId}-capture`;

export type CheckoutSource = { referrer?: string; landing?: string; statedSource?: string; paymentIntentId?: string };

export type CheckoutResult = {
  cartId: number;
  orderId: number;
  totalPrice: number;
  requiresAction: boolean;
  clientSecret?: string;
  paymentIntentId?: string;
  accountId?: number;
  userId?: number;
  /** Set for a visitor's first completed answer: the caller signs them in. */
  isNewAccount?: boolean;
  registered?: string[];
  failedDomains?: string[];
  /** Transfers the registry answered auth-code-needed or auth-code-rejected: recorded, not charged. */
  awaitingAuthCode?: string[];
  /** Names whose registry answer never came: charged only once reconciliation finds them registered. */
  unconfirmedDomains?: string[];
  message?: string;
};

type OrderRow = typeof orders.$inferSelect;
type OrderDetail = { attempt: number; anonTokenHash?: string | null; result?: CheckoutResult };

type Line = { item: CartItemRow; prices: LinePrices };

const waitStepMs = 100;
const waitLimitMs = 30_000;
/**
 * An order in progress that has not moved for this long stopped half-way (its process died): checkout touches the
 * order before every registry call (each times out well within this), so a live checkout never looks stopped.
 */
export const stoppedOrderMs = 10 * 60 * 1000;

export type CommitInput = {
  cart: CartRow;
  /** The signed-in account, or null for a visitor. */
  accountId: number | null;
  source: CheckoutSource;
};

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

type Prepared = {
  lines: Line[];
  totalPrice: number;
  contact: Contact;
  passwordHash: string | null;
  method: typeof paymentMethods.$inferSelect;
  transferFacts: Map<string, { expireDate: string | null }>;
};

/** Everything checked before money moves: contact, verification, card, and today's prices and availability. */
async function prepare(db: Db, providers: Providers, { cart, accountId }: CommitInput): Promise<Prepared> {
  const items = await activeItems(db, cart.cartId);
  if (items.length === 0) throw new AppError(400, 'Your cart is empty');
  let contact: Contact;
  let passwordHash: string | null = null;
  if (accountId == null) {
    const parsed = contactSchema.safeParse(cart.contact ?? {});
    if (!parsed.success) throw new AppError(400, `Please complete your contact details: ${parsed.error.issues[0].message}`);
    contact = parsed.data;
    passwordHash = (cart.contact as { passwordHash?: string } | null)?.passwordHash ?? null;
    if (!passwordHash) throw new AppError(400, 'Please enter a password');
    if (!cart.verified || cart.verifiedPhone !== contact.phone) throw new AppError(400, 'Please verify your phone number with the code we sent');
    const [taken] = await db.select({ userId: users.userId }).from(users).where(sql`lower(${users.email}) = ${contact.email}`).limit(1);
    if (taken) throw new AppError(409, emailTakenMessage);
  } else {
    const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
    const parsed = contactSchema.safeParse(account?.registrantContact ?? cart.contact ?? {});
    if (!parsed.success) throw new AppError(400, 'Please complete your account contact details before checking out');
    contact = parsed.data;
  }
  const method = await chosenMethod(db, cart, accountId);

  // Re-check availability and registry prices now: a name may have been taken or repriced since it was added.
  const registrations = items.filter((i) => i.domainType !== 'transfer');
  const answers = new Map((await providers.registry.check(registrations.map((i) => i.domain))).map((a) => [a.domain, a]));
  for (const item of registrations) {
    const answer = answers.get(item.domain);
    if (!answer?.available) throw new AppError(409, `${item.domain} is no longer available. Remove it from your cart to check out.`, { domain: item.domain });
    const premium = answer.premiumPrice ?? null;
    if (premium !== (item.domainType === 'premium' ? item.premiumPrice : null)) {
      await db
        .update(cartItems)
        .set({ domainType: premium == null ? 'new' : 'premium', premiumPrice: premium })
        .where(eq(cartItems.cartItemId, item.cartItemId));
      throw new AppError(409, `The registry price of ${item.domain} has changed${premium == null ? '' : ` to ${formatMoney(premium)} a year`}. Please review your cart.`, {
        domain: item.domain,
      });
    }
  }
  const transferFacts = new Map<string, { expireDate: string | null }>();
  const supported = new Set(catalogue().list.map((t) => t.tld));
  for (const item of items.filter((i) => i.domainType === 'transfer')) {
    const answer = await providers.registry.transferCheck(item.domain, supported);
    if (!answer.ok) throw new AppError(409, `${item.domain} can no longer be transferred (${answer.reason}). Remove it from your cart to check out.`, { domain: item.domain });
    transferFacts.set(item.domain, { expireDate: answer.expireDate ?? null });
  }
  const lines = items.map((item) => ({ item, prices: priceCartItem(item) }));
  const totalPrice = lines.reduce((sum, l) => sum + l.prices.totalPrice, 0);
  return { lines, totalPrice, contact, passwordHash, method, transferFacts };
}

async function chosenMethod(db: Db, cart: CartRow, accountId: number | null) {
  const owner = accountId != null ? eq(paymentMethods.accountId, accountId) : and(eq(paymentMethods.cartId, cart.cartId), sql`${paymentMethods.accountId} is null`);
  const methods = await db.select().from(paymentMethods).where(and(owner, eq(paymentMethods.status, 'active')));
  const method = methods.find((m) => m.paymentMethodId === cart.paymentMethodId) ?? methods.find((m) => m.isDefault) ?? (accountId == null ? methods.at(-1) : undefined);
  if (!method) throw new AppError(400, 'Please add a payment method');
  return method;
}

async function findOrder(db: Db, cartId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
  return row ?? null;
}

/** One winner per cart: the insert on the unique cartId, or taking over an order whose earlier attempt failed. */
async function claimOrder(db: Db, cart: CartRow, totalPrice: number, accountId: number | null): Promise<OrderRow | null> {
  const detail: OrderDetail = { attempt: 1, anonTokenHash: cart.anonTokenHash };
  const [inserted] = await db
    .insert(orders)
    .values({ cartId: cart.cartId, accountId, status: 'pending', totalPrice, detail })
    .onConflictDoNothing({ target: orders.cartId })
    .returning();
  if (inserted) return inserted;
  const [retaken] = await db
    .update(orders)
    .set({
      status: 'pending',
      totalPrice,
      error: null,
      paymentIntentId: null,
      modifyDate: now(),
      detail: sql`jsonb_set(coalesce(${orders.detail}, '{}'::jsonb), '{attempt}', to_jsonb(coalesce((${orders.detail}->>'attempt')::int, 1) + 1))`,
    })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'failed')))
    .returning();
  return retaken ?? null;
}

export async function failOrder(db: DbOrTx, orderId: number, error: string) {
  await db.update(orders).set({ status: 'failed', error, modifyDate: now() }).where(eq(orders.orderId, orderId));
}

/** The buyer has had the order's answer: done, or recorded with some registry answers still being confirmed. */
function isAnswered(order: OrderRow): boolean {
  return order.status === 'completed' || order.status === 'unconfirmed';
}

function completedAnswer(order: OrderRow): CheckoutResult {
  const result = (order.detail as OrderDetail | null)?.result;
  if (!result) throw new AppError(409, 'This cart has already been checked out');
  return { ...result, isNewAccount: false };
}

function requiresActionAnswer(order: OrderRow, clientSecret?: string): CheckoutResult {
  return {
    cartId: order.cartId,
    orderId: order.orderId,
    totalPrice: order.totalPrice,
    requiresAction: true,
    paymentIntentId: order.paymentIntentId ?? undefined,
    clientSecret: clientSecret ?? `${order.paymentIntentId}_secret`,
  };
}

/** A second request for the same cart waits for the first and gives the same answer. */
async function waitForOrder(db: Db, cartId: number): Promise<CheckoutResult> {
  // Real elapsed time, not the clock: this is a wait, however a test sets the date.
  const deadline = performance.now() + waitLimitMs;
  while (performance.now() < deadline) {
    const order = await findOrder(db, cartId);
    if (!order) break;
    if (isAnswered(order)) return completedAnswer(order);
    if (order.status === 'failed') throw new AppError(402, order.error ?? checkoutFailedMessage);
    if (order.status === 'requiresAction') return requiresActionAnswer(order);
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
  throw new AppError(409, 'Your order is still being processed. Please wait a moment and reload.');
}

/** A line's answer from the registry, as checkout saw it (or reconciliation found out). */
export type Outcome = { line: Line; orderLineId: number; state: OrderLineState; expireDate: Date; error?: string };

/** The account an order is recorded in: the buyer's, or one reserved for a visitor before any name is registered. */
export type Owner = { accountId: number; userId?: number; isNew: boolean };

/** What happened to the money after the registry answered. */
export type Settlement = { captured: number; held: boolean };

/** Reconciliation finished this order while its checkout was stalled: the checkout leaves the money alone. */
class OrderTakenOverError extends AppError {
  constructor() {
    super(409, 'Your order is still being processed. Please wait a moment and reload.');
  }
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

/**
 * A visitor's account and user exist before any name is registered: the unique index on lower(email) settles two
 * checkouts racing for one new email here, and the loser's authorisation is released. The password is set when the
 * order is recorded, so nobody signs in to an account whose order may still fail.
 */
async function reserveAccount(db: Db, providers: Providers, input: CommitInput, prepared: Prepared, orderId: number, intent: PaymentIntent): Promise<Owner> {
  if (input.accountId != null) return { accountId: input.accountId, isNew: false };
  const { cart, source } = input;
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          registrantContact: prepared.contact,
          whoisAdminContact: prepared.contact,
          whoisTechContact: prepared.contact,
          whoisBillingContact: prepared.contact,
          statedSource: source.statedSource ?? cart.contact?.statedSource ?? null,
          referrer: source.referrer?.slice(0, 500) ?? null,
          landing: source.landing?.slice(0, 500) ?? null,
          paymentCustomerId: prepared.method.providerCustomerId,
        })
        .returning({ accountId: accounts.accountId });
      const [user] = await tx.insert(users).values({ accountId: account.accountId, email: prepared.contact.email, passwordHash: '' }).returning({ userId: users.userId });
      await tx.update(orders).set({ accountId: account.accountId }).where(eq(orders.orderId, orderId));
      return { accountId: account.accountId, userId: user.userId, isNew: true };
    });
  } catch (error) {
    await providers.payments.cancel(intent.id).catch((cancelError) => console.error(`order ${orderId}: cancel failed`, cancelError));
    if (isUniqueViolation(error, 'users_email_lower')) {
      await failOrder(db, orderId, emailTakenMessage);
      throw new AppError(409, emailTakenMessage);
    }
    await failOrder(db, orderId, checkoutFailedMessage);
    throw error;
  }
}

/** Every line goes on the order first, so an answer that never comes is still on record; then each name is asked for. */
async function askRegistry(db: Db, providers: Providers, prepared: Prepared, orderId: number): Promise<Outcome[]> {
  const rows = await db
    .insert(orderLines)
    .values(
      prepared.lines.map(({ item, prices }) => ({
        orderId,
        cartItemId: item.cartItemId,
        domain: item.domain,
        kind: item.domainType === 'transfer' ? ('transfer' as const) : ('registration' as const),
        price: prices.price,
        protectionPrice: prices.protectionPrice,
        monthlyPrice: prices.monthlyPrice,
        totalPrice: prices.totalPrice,
      })),
    )
    .returning({ orderLineId: orderLines.orderLineId });
  const outcomes: Outcome[] = [];
  for (const [index, line] of prepared.lines.entries()) {
    // If reconciliation took the order over meanwhile (this checkout stalled), ask nothing more.
    if (!(await touchOrder(db, orderId))) throw new OrderTakenOverError();
    const answer = await askRegistryFor(providers, prepared, line);
    if (answer.state === 'failed' || answer.state === 'unknown') console.warn(`registry ${answer.state === 'unknown' ? 'did not answer for' : 'refused'} ${line.item.domain}: ${answer.error}`);
    const orderLineId = rows[index].orderLineId;
    if (!(await touchOrder(db, orderId))) {
      const [settled] = await db.select({ state: orderLines.state }).from(orderLines).where(eq(orderLines.orderLineId, orderLineId));
      if (settled?.state !== answer.state) {
        console.error(`order ${orderId}: the registry answered ${answer.state} for ${line.item.domain} after reconciliation had recorded ${settled?.state}; support must settle it by hand`);
      }
      throw new OrderTakenOverError();
    }
    await db
      .update(orderLines)
      .set({ state: answer.state, expireDate: answer.expireDate, error: answer.error ?? null, modifyDate: now() })
      .where(eq(orderLines.orderLineId, orderLineId));
    outcomes.push({ line, orderLineId, ...answer });
  }
  return outcomes;
}

/**
 * The heartbeat that tells reconciliation this checkout is alive (the order moved just now); false when the order is
 * no longer this checkout's to finish.
 */
async function touchOrder(db: Db, orderId: number): Promise<boolean> {
  const [alive] = await db
    .update(orders)
    .set({ modifyDate: now() })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, 'authorized')))
    .returning({ orderId: orders.orderId });
  return alive != null;
}

async function askRegistryFor(providers: Providers, prepared: Prepared, { item }: Line): Promise<Omit<Outcome, 'line' | 'orderLineId'>> {
  const today = now();
  if (item.domainType === 'transfer') {
    const current = prepared.transferFacts.get(item.domain)?.expireDate;
    const expireDate = addYears(current ? new Date(current) : today, item.years);
    let answer: TransferRequestAnswer;
    try {
      answer = await providers.registry.requestTransfer({ domain: item.domain, authCode: item.authCode });
    } catch (error) {
      answer = { status: 'failed', reason: (error as Error).message };
    }
    if (answer.status === 'pending') return { state: 'delivered', expireDate };
    if (answer.status === 'failed' || answer.status === 'unknown') return { state: answer.status, expireDate, error: answer.reason };
    return { state: answer.status, expireDate };
  }
  try {
    const record = await providers.registry.register({ domain: item.domain, years: item.years, contact: prepared.contact, nameservers: providers.registry.defaultNameservers });
    return { state: 'delivered', expireDate: validDate(record.expireDate) ?? addYears(today, item.years) };
  } catch (error) {
    const state = error instanceof RegistryOutcomeUnknownError ? 'unknown' : 'failed';
    return { state, expireDate: addYears(today, item.years), error: (error as Error).message };
  }
}

/**
 * Capture only what the registry delivered. While any answer is unknown the authorisation is held whole, for
 * reconcileUnknownOrders to capture or release once the registry has been asked again.
 */
async function settlePayment(db: Db, providers: Providers, orderId: number, intent: PaymentIntent, owner: Owner, outcomes: Outcome[]): Promise<Settlement> {
  const delivered = outcomes.filter((o) => o.state === 'delivered').reduce((sum, o) => sum + o.line.prices.totalPrice, 0);
  if (outcomes.some((o) => o.state === 'unknown')) return { captured: 0, held: true };
  if (!outcomes.some((o) => isRecordedState(o.state))) {
    await providers.payments.cancel(intent.id).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
    const failedNames = outcomes.map((o) => o.line.item.domain);
    const message = `We could not register ${failedNames.join(', ')}. Your card was not charged. Please try again later or contact support.`;
    await releaseReservedAccount(db, owner, orderId);
    await failOrder(db, orderId, message);
    throw new AppError(502, message, { failedDomains: failedNames });
  }
  if (delivered === 0) {
    // Only transfers waiting for an auth code: nothing to charge until the code comes.
    await providers.payments.cancel(intent.id).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
    return { captured: 0, held: false };
  }
  await providers.payments.capture(intent.id, captureKey(orderId), delivered < intent.amount ? delivered : undefined);
  return { captured: delivered, held: false };
}

export type Fulfilment = { orderId: number; intent: Pick<PaymentIntent, 'id'>; owner: Owner; outcomes: Outcome[]; settlement: Settlement };

/** What recording an order needs besides the registry's answers: from the commit, or from the database afterwards. */
export type OrderToRecord = { cartId: number; passwordHash: string | null; paymentMethodId: number | null; nameservers: readonly string[] };

/**
 * Account, domains, ledger, the cart checked out and a new one, the order's answer: one transaction (a savepoint
 * when `db` is already one). Only an order still `authorized` is recorded, so checkout and reconciliation never both do.
 */
export async function recordOrder(db: DbOrTx, order: OrderToRecord, fulfilment: Fulfilment): Promise<CheckoutResult> {
  const { orderId, intent, owner, outcomes, settlement } = fulfilment;
  const today = now();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .update(orders)
      .set({ modifyDate: today })
      .where(and(eq(orders.orderId, orderId), eq(orders.status, 'authorized')))
      .returning({ detail: orders.detail });
    if (!current) throw new OrderTakenOverError();
    if (owner.isNew && owner.userId != null) {
      await tx.update(users).set({ passwordHash: order.passwordHash ?? '' }).where(eq(users.userId, owner.userId));
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
      await recordPayment(tx, { accountId: owner.accountId, orderId, paymentIntentId: intent.id, paymentMethodId: order.paymentMethodId, amount: settlement.captured, today });
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

/**
 * The record transaction failed after the registry delivered: give back what was captured (or release the hold),
 * mark the lines as not recorded for support, free a visitor's reserved email, and fail the order with a message.
 */
async function undoUnrecordedOrder(db: Db, providers: Providers, fulfilment: Fulfilment, cause: unknown): Promise<AppError> {
  const { orderId, intent, owner, outcomes, settlement } = fulfilment;
  const delivered = outcomes.filter((o) => o.state === 'delivered' || o.state === 'unknown').map((o) => o.line.item.domain);
  console.error(`order ${orderId}: recording failed after the registry answered (${delivered.join(', ') || 'nothing delivered'}); undoing the payment`, cause);
  let message = 'We could not record your order. Your card was not charged. Please contact support.';
  if (settlement.captured > 0) {
    try {
      await providers.payments.refund(intent.id, settlement.captured, `order-${orderId}-refund`);
      message = `We could not record your order, so the ${formatMoney(settlement.captured)} charged to your card was refunded. Please contact support.`;
    } catch (refundError) {
      console.error(`order ${orderId}: refund failed`, refundError);
      message = `We could not record your order after charging your card, and the refund did not go through yet. Please contact support about order ${orderId}.`;
    }
  } else {
    await providers.payments.cancel(intent.id).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
  }
  try {
    await db
      .update(orderLines)
      .set({ state: 'failed', error: sql`concat('not recorded (was ', ${orderLines.state}, '); ', ${orderLines.error})`, modifyDate: now() })
      .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.state, ['delivered', 'unknown', 'auth-code-needed', 'auth-code-rejected'])));
    await releaseReservedAccount(db, owner, orderId);
    await failOrder(db, orderId, message);
  } catch (error) {
    console.error(`order ${orderId}: could not mark the order failed`, error);
  }
  return new AppError(500, message);
}

/**
 * Drops the account reserved for a visitor whose order ended with nothing in it, so the email can check out again.
 * Best effort: should something have come to point at it meanwhile (a password-reset token), it stays, and the order's
 * failure is still recorded.
 */
export async function releaseReservedAccount(db: DbOrTx, owner: Owner, orderId: number): Promise<void> {
  if (!owner.isNew) return;
  try {
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ accountId: null }).where(eq(orders.orderId, orderId));
      if (owner.userId != null) await tx.delete(users).where(eq(users.userId, owner.userId));
      await tx.delete(accounts).where(eq(accounts.accountId, owner.accountId));
    });
  } catch (error) {
    console.error(`order ${orderId}: could not release the account reserved for it`, error);
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const pg = current as { code?: string; constraint_name?: string };
    if (pg.code === '23505' && pg.constraint_name === constraint) return true;
  }
  return false;
}

function validDate(date: Date | undefined): Date | null {
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** For a commit replayed by a visitor whose cart is already checked out: is this their order? */
export async function orderForAnonToken(db: Db, cartId: number, anonTokenHash: string): Promise<OrderRow | null> {
  const order = await findOrder(db, cartId);
  if (!order) return null;
  return (order.detail as OrderDetail | null)?.anonTokenHash === anonTokenHash ? order : null;
}

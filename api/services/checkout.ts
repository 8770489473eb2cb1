/**
 * Checkout: turns a cart into an order exactly once. Phases around each outside call:
 * validate and re-price (no side effects) -> claim the order (unique cartId) -> authorise the card ->
 * register domains / request transfers -> capture what was delivered (release the rest) -> record
 * (account, domains, ledger, cart checked out, a new empty cart). A concurrent or retried commit waits
 * for the claimed order and answers with its result; nothing is charged twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type ItemPrices, planOf } from '../contract/cart-pricing.ts';
import { type Contact, contactSchema } from '../contract/contact.ts';
import { formatMoney } from '../contract/money.ts';
import type { Db } from '../db/client.ts';
import { accounts, cartItems, carts, domains, orders, paymentMethods, transactions, users } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import type { Providers } from '../providers/index.ts';
import { CardError, type PaymentIntent } from '../providers/payments/index.ts';
import { activeItems, type CartItemRow, type CartRow, priceCartItem } from './carts.ts';
import { catalogue } from './catalogue.ts';
import { defaultNameservers } from './seed.ts';

export const checkoutFailedMessage = 'There was a processing your payment. Please contact support if issue continues.';
export const authenticationFailedMessage = 'Error authenticating card :(';

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
  message?: string;
};

type OrderRow = typeof orders.$inferSelect;
type OrderDetail = { attempt: number; anonTokenHash?: string | null; result?: CheckoutResult };

type Line = { item: CartItemRow; prices: ItemPrices };

const yearMs = 365 * 24 * 3600 * 1000;
const waitStepMs = 100;
const waitLimitMs = 30_000;
const stuckOrderMs = 10 * 60 * 1000;

export type CommitInput = {
  cart: CartRow;
  /** The signed-in account, or null for a visitor. */
  accountId: number | null;
  source: CheckoutSource;
};

export async function commitCheckout(db: Db, providers: Providers, input: CommitInput): Promise<CheckoutResult> {
  const { cart, source } = input;
  const existing = await findOrder(db, cart.cartId);
  if (existing && existing.status === 'completed') return completedAnswer(existing);
  if (cart.status !== 'active' && !existing) throw new AppError(409, 'This cart has already been checked out');
  if (source.paymentIntentId) return confirmAfterAction(db, providers, input);
  if (existing && existing.status === 'requiresAction') return requiresActionAnswer(existing);
  if (existing && (existing.status === 'pending' || existing.status === 'authorized')) {
    // An order that stopped half-way (the process died) is never retried blindly: money may have moved.
    if (Date.now() - existing.modifyDate.getTime() > stuckOrderMs) {
      throw new AppError(409, `Order ${existing.orderId} did not finish. Please contact support before trying again.`);
    }
    return waitForOrder(db, cart.cartId);
  }

  const prepared = await prepare(db, providers, input);
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
  await db.update(orders).set({ paymentIntentId: intent.id, modifyDate: new Date() }).where(eq(orders.orderId, claimed.orderId));
  if (intent.status === 'requires_action') {
    await db.update(orders).set({ status: 'requiresAction', modifyDate: new Date() }).where(eq(orders.orderId, claimed.orderId));
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
    .set({ status: 'pending', modifyDate: new Date() })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'requiresAction'), eq(orders.paymentIntentId, source.paymentIntentId ?? '')))
    .returning();
  if (!order) {
    const current = await findOrder(db, cart.cartId);
    if (!current || current.paymentIntentId !== source.paymentIntentId) throw new AppError(400, 'This payment does not belong to this cart');
    if (current.status === 'completed') return completedAnswer(current);
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
    if (taken) throw new AppError(409, 'An account with this email already exists. Please log in to check out.', undefined);
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
      modifyDate: new Date(),
      detail: sql`jsonb_set(coalesce(${orders.detail}, '{}'::jsonb), '{attempt}', to_jsonb(coalesce((${orders.detail}->>'attempt')::int, 1) + 1))`,
    })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'failed')))
    .returning();
  return retaken ?? null;
}

async function failOrder(db: Db, orderId: number, error: string) {
  await db.update(orders).set({ status: 'failed', error, modifyDate: new Date() }).where(eq(orders.orderId, orderId));
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
  const deadline = Date.now() + waitLimitMs;
  while (Date.now() < deadline) {
    const order = await findOrder(db, cartId);
    if (!order) break;
    if (order.status === 'completed') return completedAnswer(order);
    if (order.status === 'failed') throw new AppError(402, order.error ?? checkoutFailedMessage);
    if (order.status === 'requiresAction') return requiresActionAnswer(order);
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
  throw new AppError(409, 'Your order is still being processed. Please wait a moment and reload.');
}

/** Register and transfer, capture what was delivered, then record it all in one transaction. */
async function fulfil(db: Db, providers: Providers, input: CommitInput, prepared: Prepared, orderId: number, intent: PaymentIntent): Promise<CheckoutResult> {
  const { cart, source } = input;
  await db.update(orders).set({ status: 'authorized', modifyDate: new Date() }).where(eq(orders.orderId, orderId));
  const delivered: { line: Line; expireDate: Date; transfer: boolean }[] = [];
  const failed: Line[] = [];
  for (const line of prepared.lines) {
    const { item } = line;
    try {
      if (item.domainType === 'transfer') {
        await providers.registry.requestTransfer({ domain: item.domain, authCode: item.authCode });
        const current = prepared.transferFacts.get(item.domain)?.expireDate;
        const base = current ? new Date(current).getTime() : Date.now();
        delivered.push({ line, expireDate: new Date(base + item.years * yearMs), transfer: true });
      } else {
        const record = await providers.registry.register({ domain: item.domain, years: item.years, contact: prepared.contact, nameservers: defaultNameservers });
        delivered.push({ line, expireDate: record.expireDate, transfer: false });
      }
    } catch (error) {
      console.warn(`registry refused ${item.domain}:`, (error as Error).message);
      failed.push(line);
    }
  }
  const failedNames = failed.map((l) => l.item.domain);
  if (delivered.length === 0) {
    await providers.payments.cancel(intent.id).catch((error) => console.error('cancel failed', error));
    const message = `We could not register ${failedNames.join(', ')}. Your card was not charged. Please try again later or contact support.`;
    await failOrder(db, orderId, message);
    throw new AppError(502, message, { failedDomains: failedNames });
  }
  const captureAmount = delivered.reduce((sum, d) => sum + d.line.prices.totalPrice, 0);
  await providers.payments.capture(intent.id, `order-${orderId}-capture`, captureAmount < intent.amount ? captureAmount : undefined);

  const result = await db.transaction(async (tx) => {
    let accountId = input.accountId;
    let userId: number | undefined;
    if (accountId == null) {
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
        .returning();
      accountId = account.accountId;
      const [user] = await tx.insert(users).values({ accountId, email: prepared.contact.email, passwordHash: prepared.passwordHash ?? '' }).returning();
      userId = user.userId;
      await tx
        .update(paymentMethods)
        .set({ accountId, isDefault: sql`${paymentMethods.paymentMethodId} = ${prepared.method.paymentMethodId}` })
        .where(and(eq(paymentMethods.cartId, cart.cartId), sql`${paymentMethods.accountId} is null`));
    }
    const owner = accountId;
    const now = new Date();
    for (const { line, expireDate, transfer } of delivered) {
      const { item, prices } = line;
      const plan = planOf(item);
      const [domain] = await tx
        .insert(domains)
        .values({
          accountId: owner,
          domain: item.domain,
          status: transfer ? 'transfer' : 'active',
          inboundTransferStatus: transfer ? 'pending' : null,
          authCode: transfer ? item.authCode : null,
          createDate: now,
          expireDate,
          autoRenewEnabled: true,
          privacyEnabled: true,
          protectionEnabled: item.protectionEnabled,
          emailEnabled: item.emailEnabled,
          builderEnabled: item.hostingEnabled,
          websiteType: item.hostingEnabled ? 'builder' : 'park',
          mrc: prices.monthlyPrice,
          ns: defaultNameservers,
        })
        .returning();
      const term = `${item.years} year${item.years === 1 ? '' : 's'}`;
      const rows: (typeof transactions.$inferInsert)[] = [
        {
          accountId: owner,
          type: transfer ? 'transfer' : 'nrc',
          description: `${transfer ? 'Transfer' : item.domainType === 'premium' ? 'Premium registration' : 'Registration'} of ${item.domain} (${term})`,
          amount: prices.price,
          domainId: domain.domainId,
          orderId,
          startDate: now,
          endDate: expireDate,
        },
      ];
      if (prices.protectionPrice > 0) {
        rows.push({ accountId: owner, type: 'other', description: `Domain Protection for ${item.domain} (${term})`, amount: prices.protectionPrice, domainId: domain.domainId, orderId, startDate: now, endDate: expireDate });
      }
      if (prices.monthlyPrice > 0) {
        rows.push({
          accountId: owner,
          type: 'mrc',
          description: `${plan === 'email' ? 'Email' : plan === 'website' ? 'Website Builder' : 'Website & Email'} plan for ${item.domain} (first month)`,
          amount: prices.monthlyPrice,
          domainId: domain.domainId,
          orderId,
          startDate: now,
          endDate: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
        });
      }
      await tx.insert(transactions).values(rows);
    }
    await tx.insert(transactions).values({
      accountId: owner,
      type: 'payment',
      description: `Card payment, ${prepared.method.brand} ending in ${prepared.method.last4}`,
      amount: -captureAmount,
      orderId,
      paymentReference: intent.id,
    });
    await tx
      .update(carts)
      .set({ status: 'checkedOut', checkoutDate: now, modifyDate: now, accountId: owner, anonTokenHash: null, paymentStatus: 'paid' })
      .where(eq(carts.cartId, cart.cartId));
    // A new empty cart starts; names the registry refused wait in it for another try.
    const [next] = await tx.insert(carts).values({ accountId: owner }).returning();
    if (failed.length) {
      await tx.insert(cartItems).values(
        failed.map(({ item }) => ({
          cartId: next.cartId,
          domain: item.domain,
          domainType: item.domainType,
          authCode: item.authCode,
          years: item.years,
          premiumPrice: item.premiumPrice,
          emailEnabled: item.emailEnabled,
          hostingEnabled: item.hostingEnabled,
          protectionEnabled: item.protectionEnabled,
        })),
      );
    }
    const answer: CheckoutResult = {
      cartId: cart.cartId,
      orderId,
      totalPrice: captureAmount,
      requiresAction: false,
      paymentIntentId: intent.id,
      accountId: owner,
      userId,
      registered: delivered.map((d) => d.line.item.domain),
      failedDomains: failedNames,
      ...(failed.length
        ? { message: `We could not register ${failedNames.join(', ')}, so it was not charged and is back in your cart. Everything else is yours.` }
        : {}),
    };
    const [order] = await tx.select({ detail: orders.detail }).from(orders).where(eq(orders.orderId, orderId));
    await tx
      .update(orders)
      .set({ status: 'completed', accountId: owner, error: null, modifyDate: now, detail: { ...(order?.detail as OrderDetail), result: answer } })
      .where(eq(orders.orderId, orderId));
    return answer;
  });
  return { ...result, isNewAccount: input.accountId == null };
}

/** For a commit replayed by a visitor whose cart is already checked out: is this their order? */
export async function orderForAnonToken(db: Db, cartId: number, anonTokenHash: string): Promise<OrderRow | null> {
  const order = await findOrder(db, cartId);
  if (!order) return null;
  return (order.detail as OrderDetail | null)?.anonTokenHash === anonTokenHash ? order : null;
}

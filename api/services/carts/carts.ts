/** Carts: the caller's current cart (by session or anonymous cookie), its server-computed view, and changes to its fields. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Cart, CartItem, CartPatch } from '../../contract/carts/cart.ts';
import { cartTotals, type ItemPrices, priceItem } from '../../contract/carts/cart-pricing.ts';
import type { Db } from '../../db/client.ts';
import { accounts, cartItems, carts, domains, paymentMethods } from '../../db/schema/index.ts';
import type { CartItemRow, CartRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { confirmVatNumber } from '../accounts/vat-numbers.ts';
import { enforce } from '../platform/rate-limit.ts';
import { catalogue } from '../search/catalogue.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { hashToken } from '../kernel/tokens.ts';
import { checkPromoForCart, previewReductions } from '../promotions/cart-reductions.ts';
import { cartTax, cartTaxDecision } from './cart-tax.ts';
import { checkNewPassword } from '../accounts/phone-verification.ts';
import { describeCard } from '../../contract/billing/card-names.ts';

export type CartOwner = { accountId: number | null; anonToken: string | undefined };

/**
 * The cart reads on every page view, as prepared statements: drizzle builds their SQL once per database handle
 * and Postgres plans it once per connection (measured: 0.1 ms a read instead of 0.5-1 ms).
 */
function buildCartQueries(db: Db) {
  const active = eq(carts.status, 'active');
  return {
    byAccount: db
      .select()
      .from(carts)
      .where(and(eq(carts.accountId, sql.placeholder('accountId')), active))
      .orderBy(desc(carts.cartId))
      .limit(1)
      .prepare('cart_by_account'),
    byAnonToken: db
      .select()
      .from(carts)
      .where(and(eq(carts.anonTokenHash, sql.placeholder('tokenHash')), active))
      .limit(1)
      .prepare('cart_by_anon_token'),
    items: db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, sql.placeholder('cartId')), eq(cartItems.status, 'active')))
      .orderBy(asc(cartItems.cartItemId))
      .prepare('cart_items_active'),
    accountCards: db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.accountId, sql.placeholder('accountId')), eq(paymentMethods.status, 'active')))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.paymentMethodId))
      .prepare('cart_cards_by_account'),
    cartCards: db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.cartId, sql.placeholder('cartId')), eq(paymentMethods.status, 'active')))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.paymentMethodId))
      .prepare('cart_cards_by_cart'),
  };
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof buildCartQueries>>();
function cartQueries(db: Db) {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = buildCartQueries(db);
    preparedByDb.set(db, queries);
  }
  return queries;
}

/** The caller's active cart, or null when they have none yet. */
export async function findCurrentCart(db: Db, owner: CartOwner): Promise<CartRow | null> {
  const queries = cartQueries(db);
  if (owner.accountId != null) {
    const [row] = await queries.byAccount.execute({ accountId: owner.accountId });
    return row ?? null;
  }
  if (!owner.anonToken) return null;
  const [row] = await queries.byAnonToken.execute({ tokenHash: hashToken(owner.anonToken) });
  return row ?? null;
}

/** Creates the caller's cart on first write. An anonymous cart is keyed by the hash of its cookie token. */
export async function ensureCurrentCart(db: Db, owner: CartOwner & { newAnonToken: () => string }): Promise<CartRow> {
  const existing = await findCurrentCart(db, owner);
  if (existing) return existing;
  if (owner.accountId != null) {
    const [row] = await db.insert(carts).values({ accountId: owner.accountId }).returning();
    return row;
  }
  const token = owner.anonToken ?? owner.newAnonToken();
  const [row] = await db
    .insert(carts)
    .values({ anonTokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: carts.anonTokenHash, set: { status: 'active', modifyDate: now() } })
    .returning();
  return row;
}

/** A cart by its id, whoever owns it: 404 when there is none. */
export async function findCartById(db: Db, cartId: number): Promise<CartRow> {
  const [cart] = await db.select().from(carts).where(eq(carts.cartId, cartId)).limit(1);
  if (!cart) throw new AppError(404, 'Cart not found');
  return cart;
}

/** A cart by its id, when it is the caller's: 404 when there is none, 403 when it is someone else's. */
export async function findOwnedCart(db: Db, cartId: number, owner: CartOwner): Promise<CartRow> {
  const cart = await findCartById(db, cartId);
  assertCartOwner(cart, owner);
  return cart;
}

/** Is this cart the caller's? Other people's carts answer 403. */
export function assertCartOwner(cart: CartRow, owner: CartOwner): void {
  const mine =
    (owner.accountId != null && cart.accountId === owner.accountId) ||
    (cart.accountId == null && owner.anonToken != null && cart.anonTokenHash === hashToken(owner.anonToken));
  if (!mine) throw new AppError(403, 'You do not have access to this cart');
}

export async function activeItems(db: Db, cartId: number): Promise<CartItemRow[]> {
  return cartQueries(db).items.execute({ cartId });
}

export function priceCartItem(item: CartItemRow): ItemPrices {
  const tld = catalogue().forDomain(item.domain);
  if (!tld) throw new AppError(400, `We do not sell .${item.domain.split('.').slice(1).join('.')} names`);
  return priceItem(tld, item);
}

/** Market items' registration, as the seller's row has it now (null once the listing is gone). */
export type MarketFacts = Map<string, Date>;

export async function marketFactsOf(db: Db, items: CartItemRow[]): Promise<MarketFacts> {
  const names = items.filter((item) => item.domainType === 'market').map((item) => item.domain);
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ domain: domains.domain, expireDate: domains.expireDate })
    .from(domains)
    .where(and(inArray(domains.domain, names), eq(domains.status, 'active')));
  return new Map(rows.map((row) => [row.domain, row.expireDate]));
}

export function cartItemView(item: CartItemRow, market: MarketFacts = new Map()): CartItem {
  const prices = priceCartItem(item);
  return {
    cartItemId: item.cartItemId,
    cartId: item.cartId,
    type: item.type,
    domain: item.domain,
    domainType: item.domainType,
    premium: item.premiumPrice != null,
    authCode: item.authCode,
    years: item.years,
    emailEnabled: item.emailEnabled,
    hostingEnabled: item.hostingEnabled,
    protectionEnabled: item.protectionEnabled,
    status: item.status,
    createDate: item.createDate.toISOString(),
    ...prices,
    discount: 0,
    tax: 0,
    ...(item.domainType === 'market' ? { $market: { expireDate: market.get(item.domain)?.toISOString() ?? null, isOffer: item.offerId != null } } : {}),
  };
}

export async function cartView(db: Db, cart: CartRow | null, options: { isLoggedIn: boolean; withItems: boolean }): Promise<Cart> {
  // The three reads are independent: run them together.
  const [items, methods, [account]] = await Promise.all([
    cart ? activeItems(db, cart.cartId) : [],
    cart
      ? cart.accountId != null
        ? cartQueries(db).accountCards.execute({ accountId: cart.accountId })
        : cartQueries(db).cartCards.execute({ cartId: cart.cartId })
      : [],
    options.isLoggedIn && cart?.accountId != null
      ? db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, cart.accountId))
      : [],
  ]);
  const market = await marketFactsOf(db, items);
  const views = items.map((item) => cartItemView(item, market));
  const totals = cartTotals(views);
  const reductions = cart
    ? await previewReductions(
        db,
        cart,
        items.map((item, i) => ({ item, prices: views[i] })),
        { isLoggedIn: options.isLoggedIn },
      )
    : null;
  reductions?.lines.forEach((line, i) => {
    views[i].discount = line.discount;
  });
  const tax = cartTax(await cartTaxDecision(db, cart, options.isLoggedIn), views);
  tax.lines.forEach((lineTax, i) => {
    views[i].tax = lineTax;
  });
  const $paymentMethods = methods.map((m) => ({
    paymentMethodId: m.paymentMethodId,
    description: describeCard(m),
    expMonth: m.expMonth,
    expYear: m.expYear,
    isDefault: m.isDefault,
  }));
  const { passwordHash, ...contact } = (cart?.contact ?? {}) as CartRow['contact'] & { passwordHash?: string };
  const chosen = $paymentMethods.find((m) => m.paymentMethodId === cart?.paymentMethodId) ?? $paymentMethods.find((m) => m.isDefault);
  return {
    cartId: cart?.cartId ?? 0,
    uuid: cart?.uuid ?? null,
    accountId: cart?.accountId ?? null,
    status: cart?.status ?? 'active',
    contact: cart?.contact ? contact : null,
    verified: Boolean(cart?.verified && cart.verifiedPhone && cart.verifiedPhone === contact.phone),
    paymentMethodId: chosen?.paymentMethodId ?? cart?.paymentMethodId ?? -1,
    paymentSetupComplete: Boolean(chosen),
    paymentStatus: cart?.paymentStatus ?? null,
    createDate: cart?.createDate.toISOString() ?? null,
    modifyDate: cart?.modifyDate.toISOString() ?? null,
    checkoutDate: cart?.checkoutDate?.toISOString() ?? null,
    deleteDate: cart?.deleteDate?.toISOString() ?? null,
    itemCount: views.length,
    oneTimePrice: totals.oneTimePrice,
    monthlyPrice: totals.monthlyPrice,
    discountPrice: reductions?.discount ?? 0,
    creditPrice: reductions?.credit ?? 0,
    taxPrice: tax.total,
    totalPrice: totals.totalPrice - (reductions?.discount ?? 0) + tax.total - (reductions?.credit ?? 0),
    promoCode: cart?.promoCode ?? null,
    $tax: tax.view,
    $promo: reductions?.promo ?? null,
    $isLoggedIn: options.isLoggedIn,
    $hasPassword: Boolean(passwordHash),
    $accountContact: account?.contact ?? null,
    $paymentMethods,
    $paymentMethodDescription: chosen?.description ?? null,
    $virtualColumns: ['monthlyPrice', 'oneTimePrice', 'discountPrice', 'creditPrice', 'totalPrice', 'itemCount'],
    ...(options.withItems ? { cartItems: views } : {}),
  };
}

/**
 * A business visitor's VAT number, confirmed with VIES before it is kept (a malformed or unregistered one is a 400 and
 * nothing changes); emptied, or the billing country changed under it, the visitor buys as a consumer again. VIES is
 * an outside service: ten checks per cart in 15 minutes.
 */
async function applyVatNumber(deps: Pick<Deps, 'db' | 'providers'>, cart: CartRow, next: Record<string, unknown>, typed: string | undefined) {
  const countryChanged = next.country !== cart.contact?.country;
  if (typed === undefined && !countryChanged) return;
  if (typed === undefined || typed.trim() === '') {
    delete next.vatNumber;
    delete next.vatStatus;
    return;
  }
  // The form sends the number again with every field: one already confirmed for this country is not asked again.
  if (!countryChanged && typed.replace(/[\s.-]/g, '').toUpperCase() === cart.contact?.vatNumber) return;
  await enforce(deps.db, [{ key: `cart-vat:${cart.cartId}`, max: 10, windowSeconds: 15 * 60 }], 'Too many VAT number checks for this cart.');
  const { number, answer } = await confirmVatNumber(deps.providers.vies, typed, typeof next.country === 'string' ? next.country.toUpperCase() : null);
  next.vatNumber = number;
  next.vatStatus = answer.status;
}

/**
 * PATCH /api/carts/:id without `commit`: the checkout form's fields and the chosen card. A new phone must be verified
 * again; a visitor's new-account password is kept only as its hash.
 */
export async function changeCart(
  deps: Pick<Deps, 'db' | 'providers'>,
  cart: CartRow,
  patch: Omit<CartPatch, 'commit'>,
  options: { isLoggedIn: boolean },
): Promise<Cart> {
  const { db } = deps;
  if (cart.status !== 'active') throw new AppError(409, 'This cart has already been checked out');
  const changes: Partial<typeof carts.$inferInsert> = { modifyDate: now() };
  if (patch.contact) {
    const { password, code: _code, vatNumber, vatStatus: _status, ...fields } = patch.contact;
    const next: Record<string, unknown> = { ...(cart.contact ?? {}), ...fields };
    await applyVatNumber(deps, cart, next, vatNumber);
    if (fields.phone !== undefined && fields.phone.trim() !== (cart.contact?.phone ?? '')) {
      changes.verified = false;
      changes.verifiedPhone = null;
    }
    if (password !== undefined) {
      const verdict = checkNewPassword(password);
      if (password.trim() && !verdict.valid) throw new AppError(400, verdict.msg);
      if (password.trim()) next.passwordHash = await hashPassword(password.trim());
      else delete next.passwordHash;
    }
    changes.contact = next;
  }
  if (patch.paymentMethodId !== undefined) {
    if (patch.paymentMethodId !== -1) {
      const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.paymentMethodId, patch.paymentMethodId)).limit(1);
      const mine =
        method &&
        method.status === 'active' &&
        (cart.accountId != null ? method.accountId === cart.accountId : method.cartId === cart.cartId && method.accountId == null);
      if (!mine) throw new AppError(400, 'paymentMethodId: not one of your payment methods');
    }
    changes.paymentMethodId = patch.paymentMethodId;
  }
  if (patch.promoCode !== undefined) {
    if (patch.promoCode) {
      const items = await activeItems(db, cart.cartId);
      await checkPromoForCart(
        db,
        { ...cart, ...changes } as CartRow,
        items.map((item) => ({ item, prices: priceCartItem(item) })),
        patch.promoCode,
      );
    }
    changes.promoCode = patch.promoCode || null;
  }
  const [fresh] = await db.update(carts).set(changes).where(eq(carts.cartId, cart.cartId)).returning();
  return cartView(db, fresh, { isLoggedIn: options.isLoggedIn, withItems: true });
}

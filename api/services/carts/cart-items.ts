/** Cart items: adding names (re-checked with the registry, priced by the server), changing a term, plan or protection, removing. */
import { checkOrRefuse } from './registry-check.ts';
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { CartItem, CartItemPatch, NewCartItem } from '../../contract/carts/cart.ts';
import { isDomainName, normaliseDomainInput } from '../../contract/domain-name.ts';
import { termYearsFor } from '../../contract/carts/cart-pricing.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, carts } from '../../db/schema/index.ts';
import type { CartItemRow, CartRow } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import type { RegistryProvider } from '../../providers/registry/index.ts';
import { assertCartOwner, type CartOwner, cartItemView, marketFactsOf, priceCartItem } from './carts.ts';
import { catalogue } from '../search/catalogue.ts';
import { findMarketPrice } from '../selling/market-listing.ts';

function cleanDomain(input: string): string {
  const name = normaliseDomainInput(input);
  if (!name.ok) throw new AppError(400, `${input}: ${name.message}`);
  if (!name.tld || !isDomainName(name.ascii)) throw new AppError(400, `${input} is not a full domain name, like example.com`);
  if (!catalogue().forDomain(name.ascii)) throw new AppError(400, `We do not sell .${name.tld} names`);
  return name.ascii;
}

/** The cart's active item for each name (names are stored lower-cased ASCII, as cleanDomain gives them). */
async function activeItemsByDomain(db: Db, cartId: number): Promise<Map<string, CartItemRow>> {
  const rows = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.status, 'active')));
  return new Map(rows.map((row) => [row.domain.toLowerCase(), row]));
}

/** Postgres refused a row because the cart already has that name active (cart_items_active_domain). */
function isDuplicateName(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const pg = current as { code?: string; constraint_name?: string };
    if (pg.code === '23505' && pg.constraint_name === 'cart_items_active_domain') return true;
  }
  return false;
}

/**
 * Adds names to a cart. New names are re-checked with the registry; premium prices come from it. A name the cart
 * already holds answers with the item it has: a double click, or two tabs adding at once, never adds it twice (the
 * cart_items_active_domain index is what two racing requests meet on).
 */
export async function addCartItems(db: Db, registry: RegistryProvider, cart: CartRow, items: NewCartItem[]): Promise<CartItem[]> {
  const wanted = items.map((item) => ({ ...item, domain: cleanDomain(item.domain) }));
  const registrations = wanted.filter((i) => i.domainType === 'new' || i.domainType === 'premium').map((i) => i.domain);
  const availability = new Map((await checkOrRefuse(registry, registrations)).map((a) => [a.domain, a]));
  const transferFees = await premiumTransferFees(
    registry,
    wanted.filter((i) => i.domainType === 'transfer').map((i) => i.domain),
  );
  const existing = await activeItemsByDomain(db, cart.cartId);
  const added: CartItemRow[] = [];
  for (const item of wanted) {
    if (item.domainType === 'market') {
      const stored = await addMarketItem(db, cart, item, existing.get(item.domain));
      existing.set(item.domain, stored);
      added.push(stored);
      continue;
    }
    const already = existing.get(item.domain);
    if (already) {
      added.push(already);
      continue;
    }
    let domainType = item.domainType;
    let premiumPrice: number | null = transferFees.get(item.domain) ?? null;
    let premiumRenewPrice: number | null = null;
    if (domainType !== 'transfer') {
      const answer = availability.get(item.domain);
      if (!answer?.available) throw conflict(`${item.domain} is no longer available`, { domain: item.domain });
      if (answer.premiumPrice != null) {
        domainType = 'premium';
        premiumPrice = answer.premiumPrice;
        premiumRenewPrice = answer.premiumRenewPrice ?? null;
      } else {
        domainType = 'new';
      }
    }
    const [row] = await db
      .insert(cartItems)
      .values({
        cartId: cart.cartId,
        domain: item.domain,
        domainType,
        premiumPrice,
        premiumRenewPrice,
        authCode: item.authCode ?? null,
        years: termYearsFor(domainType, premiumPrice, item.years ?? 1),
      })
      .onConflictDoNothing()
      .returning();
    // Nothing inserted: a request racing this one added the name first; answer with its item.
    const stored = row ?? (await activeItemsByDomain(db, cart.cartId)).get(item.domain);
    if (!stored) throw new AppError(409, `${item.domain} could not be added to your cart. Please try again.`);
    existing.set(item.domain, stored);
    added.push(stored);
  }
  await db.update(carts).set({ modifyDate: now() }).where(eq(carts.cartId, cart.cartId));
  const market = await marketFactsOf(db, added);
  return added.map((item) => cartItemView(item, market));
}

/**
 * The registry's premium fees to transfer these names in. A name the registry cannot price now is added at the
 * catalogue's price: checkout asks again before anyone pays, and says so if the price is not that.
 */
async function premiumTransferFees(registry: RegistryProvider, domains: string[]): Promise<Map<string, number>> {
  const supported = new Set(catalogue().list.map((t) => t.tld));
  const answers = await Promise.all(domains.map((domain) => registry.transferCheck(domain, supported).catch(() => null)));
  return new Map(answers.flatMap((answer) => (answer?.premiumPrice == null ? [] : [[answer.domain, answer.premiumPrice] as const])));
}

/**
 * A name another customer sells, at its list price or (with the token of an offer its owner accepted) at the offer's
 * amount. Already in the cart: its price follows the latest way it was added (an accepted offer's link after Buy it now).
 */
async function addMarketItem(db: Db, cart: CartRow, item: NewCartItem, already: CartItemRow | undefined): Promise<CartItemRow> {
  const { domain, price, offerId } = await findMarketPrice(db, item.domain, { offerToken: item.offerToken });
  if (cart.accountId != null && domain.accountId === cart.accountId) throw new AppError(409, `${domain.domain} is already yours.`);
  if (already?.domainType === 'market' && already.marketPrice === price && already.offerId === offerId) return already;
  if (already) await db.update(cartItems).set({ status: 'deleted' }).where(eq(cartItems.cartItemId, already.cartItemId));
  const [row] = await db
    .insert(cartItems)
    .values({ cartId: cart.cartId, domain: domain.domain, domainType: 'market', marketPrice: price, offerId, years: 1 })
    .onConflictDoNothing()
    .returning();
  const stored = row ?? (await activeItemsByDomain(db, cart.cartId)).get(domain.domain);
  if (!stored) throw new AppError(409, `${domain.domain} could not be added to your cart. Please try again.`);
  return stored;
}

/** An item of the caller's cart that may still change: 404 when there is none, 403 when the cart is someone else's. */
async function findChangeableItem(db: Db, owner: CartOwner, cartItemId: number): Promise<CartItemRow> {
  const [row] = await db
    .select({ item: cartItems, cart: carts })
    .from(cartItems)
    .innerJoin(carts, eq(carts.cartId, cartItems.cartId))
    .where(eq(cartItems.cartItemId, cartItemId))
    .limit(1);
  if (!row) throw new AppError(404, 'Cart item not found');
  assertCartOwner(row.cart, owner);
  if (row.cart.status !== 'active') throw new AppError(409, 'This cart has already been checked out');
  return row.item;
}

export async function findCartItem(db: Db, owner: CartOwner, cartItemId: number): Promise<CartItem> {
  const item = await findChangeableItem(db, owner, cartItemId);
  return cartItemView(item, await marketFactsOf(db, [item]));
}

/** A new term must be one the item offers (a transfer's longest is a year shorter). */
export async function changeCartItem(db: Db, owner: CartOwner, cartItemId: number, patch: CartItemPatch): Promise<CartItem> {
  const item = await findChangeableItem(db, owner, cartItemId);
  const { cartItemId: _ignored, ...changes } = patch;
  if (item.domainType === 'market' && Object.keys(changes).some((key) => key !== 'status')) {
    throw new AppError(400, `${item.domain} comes as its owner registered it: add a plan or Domain Protection in My Domains once it is yours.`);
  }
  if (changes.years !== undefined) {
    const options = priceCartItem(item).yearOptions.map((o) => o.years);
    if (!options.includes(changes.years)) throw new AppError(400, `years: must be one of ${options.join(', ')}`);
  }
  try {
    const [row] = await db.update(cartItems).set(changes).where(eq(cartItems.cartItemId, item.cartItemId)).returning();
    return cartItemView(row, await marketFactsOf(db, [row]));
  } catch (error) {
    // Bringing back a removed item whose name was added again since.
    if (isDuplicateName(error)) throw conflict(`${item.domain} is already in your cart`, { domain: item.domain });
    throw error;
  }
}

export async function removeCartItem(db: Db, owner: CartOwner, cartItemId: number): Promise<CartItem> {
  const item = await findChangeableItem(db, owner, cartItemId);
  const [row] = await db.update(cartItems).set({ status: 'deleted' }).where(eq(cartItems.cartItemId, item.cartItemId)).returning();
  return cartItemView(row, await marketFactsOf(db, [row]));
}

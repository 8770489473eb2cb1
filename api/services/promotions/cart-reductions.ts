/**
 * What a cart's promo code and the account's credit take off its lines: shown by every cart read (nothing reserved),
 * and reserved by checkout before the card is authorised (under the account's and the code's row locks, so the caps
 * and the credit hold however many checkouts run at once).
 */
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { perYearPricing } from '../../contract/carts/cart-pricing.ts';
import { formatMoney } from '../../contract/money.ts';
import {
  type CartPromo,
  type DiscountableLine,
  describePromo,
  ineligibleMessage,
  type LineReduction,
  promoMessages,
  reduceLines,
} from '../../contract/promotions/promo-codes.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { promoRedemptions, users } from '../../db/schema/index.ts';
import type { CartItemRow, CartRow, PromoCodeRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { creditBalance, lockAccount, reserveCredit } from '../billing/account-credit.ts';
import { catalogue } from '../search/catalogue.ts';
import { findPromoCode, type PromoCustomer, promoRefusal, promoTerms } from './promo-codes.ts';

export type PricedLine = { item: CartItemRow; prices: { totalPrice: number } };

export type Reductions = {
  promo: CartPromo | null;
  /** Per line, in the order given. */
  lines: LineReduction[];
  discount: number;
  credit: number;
};

function discountable({ item, prices }: PricedLine): DiscountableLine {
  const tld = catalogue().forDomain(item.domain);
  const yearPrices = tld && item.domainType !== 'market' ? perYearPricing(tld, item.domainType, item.premiumPrice).slice(0, item.years) : [];
  return { domain: item.domain, domainType: item.domainType, yearPrices, totalPrice: prices.totalPrice };
}

/** The cart's customer for per-customer caps: its account's login, or the email a visitor typed. */
export async function cartCustomer(db: DbOrTx, cart: CartRow): Promise<PromoCustomer> {
  if (cart.accountId != null) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.accountId, cart.accountId)).limit(1);
    return { accountId: cart.accountId, email: user?.email.toLowerCase() ?? null };
  }
  const email = (cart.contact as { email?: string } | null)?.email?.trim().toLowerCase();
  return { accountId: null, email: email || null };
}

async function reduce(
  db: DbOrTx,
  cart: CartRow,
  lines: PricedLine[],
  options: { code: string | null; customer: PromoCustomer; withCredit: boolean; lock: boolean },
): Promise<Reductions & { row: PromoCodeRow | null }> {
  const discountables = lines.map(discountable);
  let row: PromoCodeRow | null = null;
  let error: string | null = null;
  if (options.code) {
    row = await findPromoCode(db, options.code, { forUpdate: options.lock });
    error = row
      ? ((await promoRefusal(db, row, { exceptCartId: cart.cartId, customer: options.customer })) ?? ineligibleMessage(promoTerms(row), discountables))
      : promoMessages.notFound;
  }
  const balance = options.withCredit && cart.accountId != null ? await creditBalance(db, cart.accountId, { exceptCartId: cart.cartId }) : 0;
  const reductions = reduceLines(discountables, row && !error ? promoTerms(row) : null, Math.max(0, balance));
  const discount = reductions.reduce((sum, r) => sum + r.discount, 0);
  const credit = reductions.reduce((sum, r) => sum + r.credit, 0);
  const promo = options.code ? { code: options.code, description: row ? describePromo(row, formatMoney) : null, discount, error } : null;
  return { promo, lines: reductions, discount, credit, row: error ? null : row };
}

/** For the cart view: nothing locked, nothing reserved. */
export async function previewReductions(db: Db, cart: CartRow, lines: PricedLine[], options: { isLoggedIn: boolean }): Promise<Reductions> {
  if (lines.length === 0 || (!cart.promoCode && !(options.isLoggedIn && cart.accountId != null))) {
    const promo = cart.promoCode ? { code: cart.promoCode, description: null, discount: 0, error: lines.length ? null : promoMessages.emptyCart } : null;
    return { promo, lines: lines.map(() => ({ discount: 0, credit: 0 })), discount: 0, credit: 0 };
  }
  const customer = await cartCustomer(db, cart);
  const { row: _row, ...reductions } = await reduce(db, cart, lines, { code: cart.promoCode, customer, withCredit: options.isLoggedIn, lock: false });
  return reductions;
}

/**
 * Checks a code a customer typed against their cart: the dates, the caps, and that it applies to something in it.
 * Throws 400 with the message the cart shows ("This code has expired", "This code does not apply to .io").
 */
export async function checkPromoForCart(db: Db, cart: CartRow, lines: PricedLine[], code: string): Promise<void> {
  const customer = await cartCustomer(db, cart);
  const { promo } = await reduce(db, cart, lines, { code, customer, withCredit: false, lock: false });
  if (promo?.error) throw new AppError(400, promo.error, { field: 'promoCode' });
}

/**
 * Checkout's reservation, before any money moves: under the account's row lock (credit) and the code's (caps), the
 * cart's redemption and credit spend are written (or dropped), and each line's discount and credit answered. A code
 * that no longer applies stops the checkout with its message: nothing is charged.
 */
export async function reserveReductions(db: Db, cart: CartRow, lines: PricedLine[], customer: PromoCustomer): Promise<LineReduction[]> {
  return db.transaction(async (tx) => {
    if (cart.accountId != null) await lockAccount(tx, cart.accountId);
    const reductions = await reduce(tx, cart, lines, { code: cart.promoCode, customer, withCredit: cart.accountId != null, lock: true });
    if (reductions.promo?.error) throw new AppError(409, `${reductions.promo.error}. Remove it from your cart to check out.`, { field: 'promoCode' });
    if (reductions.row && reductions.discount > 0) {
      const values = {
        promoCodeId: reductions.row.promoCodeId,
        cartId: cart.cartId,
        accountId: customer.accountId,
        email: customer.email ?? '',
        discount: reductions.discount,
        createDate: now(),
      };
      await tx.insert(promoRedemptions).values(values).onConflictDoUpdate({ target: promoRedemptions.cartId, set: values });
    } else {
      await tx.delete(promoRedemptions).where(and(eq(promoRedemptions.cartId, cart.cartId)));
    }
    if (cart.accountId != null) await reserveCredit(tx, { accountId: cart.accountId, cartId: cart.cartId, amount: reductions.credit });
    return reductions.lines;
  });
}

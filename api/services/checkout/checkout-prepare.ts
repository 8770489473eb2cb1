/** Checkout's first phase, before any money moves: the buyer's contact, verification and card, and today's prices and availability. */
import { and, eq, sql } from 'drizzle-orm';
import { type Contact, contactSchema } from '../../contract/contact.ts';
import { formatMoney } from '../../contract/money.ts';
import { termYearsFor } from '../../contract/carts/cart-pricing.ts';
import type { Db } from '../../db/client.ts';
import { accounts, cartItems, paymentMethods, users } from '../../db/schema/index.ts';
import type { CartItemRow, CartRow, PaymentMethodRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Providers } from '../../providers/index.ts';
import { checkOrRefuse } from '../carts/registry-check.ts';
import { activeItems, priceCartItem } from '../carts/carts.ts';
import { cartCustomer, reserveReductions } from '../promotions/cart-reductions.ts';
import { refuseBelowCost } from '../pricing/below-cost.ts';
import { catalogue } from '../search/catalogue.ts';
import { now } from '../../clock.ts';
import { type TaxDecision, taxOn } from '../../contract/billing/tax.ts';
import { taxOperator } from '../billing/seller-identity.ts';
import { accountTaxCustomer, visitorTaxCustomer } from '../billing/tax-customer.ts';
import { decideTax, type TaxCustomer } from '../billing/tax-rates.ts';
import { checkMarketItems } from './market-lines.ts';
import type { LinePrices } from './order-delivery.ts';
import { type CheckoutSource, emailOfClosedAccountMessage, emailTakenMessage } from './orders.ts';

export type Line = { item: CartItemRow; prices: LinePrices };

export type CommitInput = {
  cart: CartRow;
  /** The signed-in account, or null for a visitor. */
  accountId: number | null;
  source: CheckoutSource;
};

export type Prepared = {
  lines: Line[];
  totalPrice: number;
  contact: Contact;
  passwordHash: string | null;
  method: PaymentMethodRow;
  transferFacts: Map<string, { expireDate: string | null }>;
  /** The tax the order carries, decided from the buyer's billing country and VAT number. */
  tax: TaxDecision;
};

/** Everything checked before money moves: contact, verification, card, and today's prices and availability. */
export async function prepare(db: Db, providers: Providers, { cart, accountId }: CommitInput): Promise<Prepared> {
  const items = await activeItems(db, cart.cartId);
  if (items.length === 0) throw new AppError(400, 'Your cart is empty');
  let contact: Contact;
  let taxCustomer: TaxCustomer;
  let passwordHash: string | null = null;
  if (accountId == null) {
    const parsed = contactSchema.safeParse(cart.contact ?? {});
    if (!parsed.success) throw new AppError(400, `Please complete your contact details: ${parsed.error.issues[0].message}`);
    contact = parsed.data;
    // As the cart showed it, with a business visitor's VAT number as VIES confirmed it when it was typed (cart.ts).
    taxCustomer = visitorTaxCustomer(cart.contact);
    passwordHash = (cart.contact as { passwordHash?: string } | null)?.passwordHash ?? null;
    if (!passwordHash) throw new AppError(400, 'Please enter a password');
    if (!cart.verified || cart.verifiedPhone !== contact.phone) throw new AppError(400, 'Please verify your phone number with the code we sent');
    const [taken] = await db
      .select({ closedAt: accounts.closedAt })
      .from(users)
      .innerJoin(accounts, eq(accounts.accountId, users.accountId))
      .where(sql`lower(${users.email}) = ${contact.email}`)
      .limit(1);
    if (taken) throw new AppError(409, taken.closedAt ? emailOfClosedAccountMessage : emailTakenMessage);
  } else {
    const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
    const parsed = contactSchema.safeParse(account?.registrantContact ?? cart.contact ?? {});
    if (!parsed.success) throw new AppError(400, 'Please complete your account contact details before checking out');
    contact = parsed.data;
    taxCustomer = accountTaxCustomer(account, contact);
  }
  const method = await chosenMethod(db, cart, accountId);

  // Re-check availability and registry prices now: a name may have been taken or repriced since it was added.
  const registrations = items.filter((i) => i.domainType === 'new' || i.domainType === 'premium');
  const answers = new Map(
    (
      await checkOrRefuse(
        providers.registry,
        registrations.map((i) => i.domain),
        true,
      )
    ).map((a) => [a.domain, a]),
  );
  for (const item of registrations) {
    const answer = answers.get(item.domain);
    if (!answer?.available) throw new AppError(409, `${item.domain} is no longer available. Remove it from your cart to check out.`, { domain: item.domain });
    const premium = answer.premiumPrice ?? null;
    const premiumRenewPrice = premium == null ? null : (answer.premiumRenewPrice ?? null);
    if (premium !== (item.domainType === 'premium' ? item.premiumPrice : null)) {
      const domainType = premium == null ? 'new' : 'premium';
      await db
        .update(cartItems)
        .set({ domainType, premiumPrice: premium, premiumRenewPrice, years: termYearsFor(domainType, premium, item.years) })
        .where(eq(cartItems.cartItemId, item.cartItemId));
      throw new AppError(
        409,
        `The registry price of ${item.domain} has changed${premium == null ? '' : ` to ${formatMoney(premium)} for one year`}. Please review your cart.`,
        {
          domain: item.domain,
        },
      );
    }
    // Nothing charged today depends on the renewal price: a changed one is kept for the receipt and the renewal.
    if (premium != null && premiumRenewPrice !== item.premiumRenewPrice) {
      await db.update(cartItems).set({ premiumRenewPrice }).where(eq(cartItems.cartItemId, item.cartItemId));
      item.premiumRenewPrice = premiumRenewPrice;
    }
  }
  await checkMarketItems(
    db,
    items.filter((i) => i.domainType === 'market'),
    accountId,
  );
  const transferFacts = new Map<string, { expireDate: string | null }>();
  const supported = new Set(catalogue().list.map((t) => t.tld));
  for (const item of items.filter((i) => i.domainType === 'transfer')) {
    const answer = await providers.registry.transferCheck(item.domain, supported);
    if (!answer.ok)
      throw new AppError(409, `${item.domain} can no longer be transferred (${answer.reason}). Remove it from your cart to check out.`, {
        domain: item.domain,
      });
    const premium = answer.premiumPrice ?? null;
    if (premium !== item.premiumPrice) {
      await db.update(cartItems).set({ premiumPrice: premium }).where(eq(cartItems.cartItemId, item.cartItemId));
      throw new AppError(
        409,
        `The registry's transfer price of ${item.domain} has changed${premium == null ? '' : ` to ${formatMoney(premium)}`}. Please review your cart.`,
        { domain: item.domain },
      );
    }
    transferFacts.set(item.domain, { expireDate: answer.expireDate ?? null });
  }
  const priced = items.map((item) => ({ item, prices: priceCartItem(item) }));
  await refuseBelowCost(db, priced);
  // Last, so nothing after it can fail: the promo code and account credit are reserved for this cart (caps and balance
  // checked under their row locks) and each line carries what they take off; the card is authorised for the rest.
  const customer = accountId == null ? { accountId: null, email: contact.email.toLowerCase() } : await cartCustomer(db, cart);
  const reductions = await reserveReductions(db, cart, priced, customer);
  const tax = decideTax(taxCustomer, taxOperator(), now());
  const lines = priced.map(({ item, prices }, i) => {
    const { discount, credit } = reductions[i];
    const lineTax = taxOn(prices.totalPrice - discount, tax.rate);
    return { item, prices: { ...prices, discount, credit, tax: lineTax, totalPrice: prices.totalPrice - discount - credit + lineTax } };
  });
  const totalPrice = lines.reduce((sum, l) => sum + l.prices.totalPrice, 0);
  return { lines, totalPrice, contact, passwordHash, method, transferFacts, tax };
}

async function chosenMethod(db: Db, cart: CartRow, accountId: number | null) {
  const owner =
    accountId != null ? eq(paymentMethods.accountId, accountId) : and(eq(paymentMethods.cartId, cart.cartId), sql`${paymentMethods.accountId} is null`);
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(and(owner, eq(paymentMethods.status, 'active')));
  const method =
    methods.find((m) => m.paymentMethodId === cart.paymentMethodId) ?? methods.find((m) => m.isDefault) ?? (accountId == null ? methods.at(-1) : undefined);
  if (!method) throw new AppError(400, 'Please add a payment method');
  return method;
}

/**
 * What an order leaves in the account once the registry has answered a line: the domain row, its ledger charges,
 * and a refused name back in the cart. Shared by checkout (answers that came at once) and reconciliation (answers
 * found out later by asking the registry).
 */
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, sql } from 'drizzle-orm';
import { planOf } from '../../contract/carts/cart-pricing.ts';
import { formatRate } from '../../contract/billing/tax.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  cartItems,
  carts,
  domains,
  type OrderLineState,
  orderLines,
  orders,
  paymentMethods,
  promoCodes,
  promoRedemptions,
  transactions,
} from '../../db/schema/index.ts';
import { recordMarketPurchase } from './market-lines.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';
import type { CartItemRow, OrderLineRow } from '../../db/schema/index.ts';

/** `totalPrice` is what the card pays for the line: the rest less the promo `discount` and the account `credit`, plus `tax`. */
export type LinePrices = Pick<OrderLineRow, 'price' | 'protectionPrice' | 'monthlyPrice' | 'totalPrice' | 'discount' | 'credit' | 'tax'>;

/** The states in which a line leaves a domain in the account. */
export function isRecordedState(state: OrderLineState): state is 'delivered' | 'auth-code-needed' | 'auth-code-rejected' {
  return state === 'delivered' || state === 'auth-code-needed' || state === 'auth-code-rejected';
}

export function isAwaitingCode(state: OrderLineState): state is 'auth-code-needed' | 'auth-code-rejected' {
  return state === 'auth-code-needed' || state === 'auth-code-rejected';
}

/**
 * The account's domain row for one answered line, with the ledger charges when it was delivered. A transfer still
 * waiting for an auth code is charged nothing now: its price waits on the row (`pendingCharge`).
 */
export async function recordDomain(
  tx: DbOrTx,
  input: {
    accountId: number;
    orderId: number;
    item: CartItemRow;
    prices: LinePrices;
    state: 'delivered' | 'auth-code-needed' | 'auth-code-rejected';
    expireDate: Date;
    nameservers: readonly string[];
    today: Date;
    orderLineId: number;
  },
): Promise<number> {
  const { accountId, orderId, item, prices, state, expireDate, today } = input;
  if (item.domainType === 'market') {
    const domainId = await recordMarketPurchase(tx, input);
    if (state === 'delivered') await recordLineTax(tx, { accountId, orderId, domain: item.domain, domainId, tax: prices.tax, today, taxOf: null });
    return domainId;
  }
  const transfer = item.domainType === 'transfer';
  const [domain] = await tx
    .insert(domains)
    .values({
      accountId,
      domain: item.domain,
      status: transfer ? 'transfer' : 'active',
      inboundTransferStatus: transfer ? (state === 'delivered' ? 'pending' : state) : null,
      // Credit is spent only by what was delivered: a transfer charged later pays that part by card then.
      pendingCharge: isAwaitingCode(state) ? prices.totalPrice + prices.credit - prices.tax : null,
      authCode: transfer ? item.authCode : null,
      createDate: today,
      modifyDate: today,
      expireDate,
      autoRenewEnabled: true,
      privacyEnabled: true,
      protectionEnabled: item.protectionEnabled,
      emailEnabled: item.emailEnabled,
      builderEnabled: item.hostingEnabled,
      websiteType: item.hostingEnabled ? 'builder' : 'park',
      mrc: prices.monthlyPrice,
      ns: [...input.nameservers],
    })
    .returning({ domainId: domains.domainId });
  if (state !== 'delivered') return domain.domainId;

  const plan = planOf(item);
  const term = `${item.years} year${item.years === 1 ? '' : 's'}`;
  const line = { accountId, domainId: domain.domainId, orderId, startDate: today, createDate: today };
  const rows: (typeof transactions.$inferInsert)[] = [
    {
      ...line,
      type: transfer ? 'transfer' : 'nrc',
      description: `${transfer ? 'Transfer' : item.domainType === 'premium' ? 'Premium registration' : 'Registration'} of ${item.domain} (${term})`,
      amount: prices.price,
      endDate: expireDate,
    },
  ];
  if (prices.protectionPrice > 0) {
    rows.push({ ...line, type: 'other', description: `Domain Protection for ${item.domain} (${term})`, amount: prices.protectionPrice, endDate: expireDate });
  }
  if (prices.monthlyPrice > 0) {
    rows.push({
      ...line,
      type: 'mrc',
      description: `${plan === 'email' ? 'Email' : plan === 'website' ? 'Website Builder' : 'Website & Email'} plan for ${item.domain} (first month)`,
      amount: prices.monthlyPrice,
      endDate: addDays(today, 30),
    });
  }
  const [charge] = await tx.insert(transactions).values(rows).returning({ transactionId: transactions.transactionId });
  if (prices.discount > 0) {
    // Beside the charge it reduces, of the same type: the statement's group total is what was paid for it.
    const code = await promoCodeOfOrder(tx, orderId);
    await tx.insert(transactions).values({
      ...line,
      type: transfer ? 'transfer' : 'nrc',
      description: `Promo code ${code ?? ''} on ${item.domain}`.replace('  ', ' '),
      amount: -prices.discount,
      endDate: expireDate,
      metaData: { discountOf: charge.transactionId, promoCode: code },
    });
  }
  await recordLineTax(tx, { accountId, orderId, domain: item.domain, domainId: domain.domainId, tax: prices.tax, today, taxOf: charge.transactionId });
  return domain.domainId;
}

/** A delivered line's tax: a ledger charge of its own (type `tax`), which a refund gives back as tax on its credit note. */
async function recordLineTax(
  tx: DbOrTx,
  input: { accountId: number; orderId: number; domain: string; domainId: number; tax: number; today: Date; taxOf: number | null },
): Promise<void> {
  if (input.tax <= 0) return;
  const [order] = await tx.select({ tax: orders.tax }).from(orders).where(eq(orders.orderId, input.orderId));
  const rate = order?.tax?.rate ?? 0;
  await tx.insert(transactions).values({
    accountId: input.accountId,
    domainId: input.domainId,
    orderId: input.orderId,
    type: 'tax',
    description: `${order?.tax?.label ?? 'Tax'} ${formatRate(rate)} (${order?.tax?.place ?? ''}) on ${input.domain}`,
    amount: input.tax,
    startDate: input.today,
    createDate: input.today,
    metaData: { taxOf: input.taxOf, rate },
  });
}

/** The code an order's cart redeemed, for its ledger rows. */
async function promoCodeOfOrder(tx: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await tx
    .select({ code: promoCodes.code })
    .from(orders)
    .innerJoin(promoRedemptions, eq(promoRedemptions.cartId, orders.cartId))
    .innerJoin(promoCodes, eq(promoCodes.promoCodeId, promoRedemptions.promoCodeId))
    .where(eq(orders.orderId, orderId));
  return row?.code ?? null;
}

/** The ledger's payment row for a capture. */
export async function recordPayment(
  tx: DbOrTx,
  input: { accountId: number; orderId: number; paymentIntentId: string; paymentMethodId: number | null; amount: number; today: Date },
) {
  const [method] = input.paymentMethodId
    ? await tx
        .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(paymentMethods)
        .where(eq(paymentMethods.paymentMethodId, input.paymentMethodId))
    : [];
  // Account credit paid the rest of the delivered lines; the statement says so beside the card payment.
  const [spent] = await tx
    .select({ credit: sql<number>`coalesce(sum(${orderLines.credit}), 0)::int` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, input.orderId), eq(orderLines.state, 'delivered')));
  const card = method ? `Card payment, ${cardEnding(method)}` : 'Card payment';
  await tx.insert(transactions).values({
    accountId: input.accountId,
    type: 'payment',
    description: spent && spent.credit > 0 ? `${card} (account credit paid ${formatMoney(spent.credit)})` : card,
    amount: -input.amount,
    orderId: input.orderId,
    paymentReference: input.paymentIntentId,
    startDate: input.today,
    createDate: input.today,
  });
}

/** Copies of cart items into a cart, for another try (names the registry refused). */
export async function copyItemsToCart(tx: DbOrTx, cartId: number, items: CartItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(cartItems).values(
    items.map((item) => ({
      cartId,
      domain: item.domain,
      domainType: item.domainType,
      authCode: item.authCode,
      years: item.years,
      premiumPrice: item.premiumPrice,
      marketPrice: item.marketPrice,
      offerId: item.offerId,
      emailEnabled: item.emailEnabled,
      hostingEnabled: item.hostingEnabled,
      protectionEnabled: item.protectionEnabled,
    })),
  );
}

/** The account's current cart (the newest active one), started when there is none. */
export async function accountCart(tx: DbOrTx, accountId: number): Promise<number> {
  const [current] = await tx
    .select({ cartId: carts.cartId })
    .from(carts)
    .where(and(eq(carts.accountId, accountId), eq(carts.status, 'active')))
    .orderBy(desc(carts.cartId))
    .limit(1);
  if (current) return current.cartId;
  const [created] = await tx.insert(carts).values({ accountId }).returning({ cartId: carts.cartId });
  return created.cartId;
}

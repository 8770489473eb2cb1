/**
 * The demo account's year of billing, told the way the product records it, so a new operator can practise on it: the
 * opening order and this week's transfer are orders with invoices (refundable line by line from the order page), the
 * monthly Website & Email bills and the auto-renewal five weeks ago are single card charges with invoices (refundable from
 * the customer's payments), and every card payment is a charge the sandbox payments provider captured, so a refund
 * goes back to the card and the dashboard counts the revenue. Sandbox mode only, on the empty database the demo is
 * seeded into, in the seed's transaction.
 */
import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cartItems, carts, orderLines, orders, registryDomains, renewalOrders, renewals, sandboxPaymentObjects, transactions } from '../../db/schema/index.ts';
import { recordPayment } from '../checkout/order-delivery.ts';
import { catalogue } from '../search/catalogue.ts';
import { issueChargeInvoice, issueOrderInvoice } from './billing-documents.ts';

type LedgerRow = typeof transactions.$inferInsert;
type ChargeLine = Pick<LedgerRow, 'type' | 'description' | 'amount' | 'domainId' | 'startDate' | 'endDate'>;

export type DemoBillingInput = {
  accountId: number;
  /** The demo's saved card (its row in payment_methods). */
  paymentMethodId: number;
  domainIds: Map<string, number>;
  /** The demo's domains' expiry dates, as seeded. */
  expireDates: Map<string, Date>;
};

const card = `Card payment, ${cardEnding({ brand: 'visa', last4: '4242' })}`;

/** A charge the sandbox provider captured in full on `at`, as its own capture would have left it. */
async function capturedCharge(tx: DbOrTx, amount: number, at: Date, key: string): Promise<string> {
  const id = `pi_sandbox_demo_${key}`;
  const intent = { id, status: 'succeeded', amount, amountReceived: amount, amountRefunded: 0, client_secret: `${id}_secret` };
  await tx.insert(sandboxPaymentObjects).values({ id, kind: 'paymentIntent', data: intent, createDate: at });
  return id;
}

type DemoOrderLine = { domain: string; kind: 'registration' | 'transfer'; price: number; protectionPrice?: number; years: number };

/** A checked-out cart, its completed order with every line delivered, the ledger rows, the capture and the invoice. */
async function completedOrder(tx: DbOrTx, input: DemoBillingInput, at: Date, lines: DemoOrderLine[], key: string): Promise<void> {
  const total = lines.reduce((sum, line) => sum + line.price + (line.protectionPrice ?? 0), 0);
  const paymentIntentId = await capturedCharge(tx, total, at, key);
  const dates = { createDate: at, modifyDate: at };
  const [cart] = await tx
    .insert(carts)
    .values({ accountId: input.accountId, status: 'checkedOut', verified: true, paymentMethodId: input.paymentMethodId, checkoutDate: at, ...dates })
    .returning({ cartId: carts.cartId });
  const [order] = await tx
    .insert(orders)
    .values({
      cartId: cart.cartId,
      accountId: input.accountId,
      status: 'completed',
      totalPrice: total,
      paymentIntentId,
      paymentMethodId: input.paymentMethodId,
      // Its receipt went out when it was bought: nothing to send now.
      receiptDate: at,
      ...dates,
    })
    .returning({ orderId: orders.orderId });
  for (const line of lines) {
    const transfer = line.kind === 'transfer';
    const protectionPrice = line.protectionPrice ?? 0;
    const [item] = await tx
      .insert(cartItems)
      .values({
        cartId: cart.cartId,
        domain: line.domain,
        domainType: transfer ? 'transfer' : 'new',
        years: line.years,
        protectionEnabled: protectionPrice > 0,
        createDate: at,
      })
      .returning({ cartItemId: cartItems.cartItemId });
    const domainId = input.domainIds.get(line.domain) ?? null;
    const expireDate = addYears(at, line.years);
    await tx.insert(orderLines).values({
      orderId: order.orderId,
      cartItemId: item.cartItemId,
      domain: line.domain,
      kind: line.kind,
      state: 'delivered',
      price: line.price,
      protectionPrice,
      monthlyPrice: 0,
      totalPrice: line.price + protectionPrice,
      expireDate,
      domainId,
      ...dates,
    });
    const term = `${line.years} year${line.years === 1 ? '' : 's'}`;
    const row = { accountId: input.accountId, domainId, orderId: order.orderId, startDate: at, endDate: expireDate, createDate: at };
    await tx.insert(transactions).values([
      {
        ...row,
        type: transfer ? 'transfer' : 'nrc',
        description: `${transfer ? 'Transfer' : 'Registration'} of ${line.domain} (${term})`,
        amount: line.price,
      },
      ...(protectionPrice > 0
        ? [{ ...row, type: 'other' as const, description: `Domain Protection for ${line.domain} (${term})`, amount: protectionPrice }]
        : []),
    ]);
  }
  await recordPayment(tx, {
    accountId: input.accountId,
    orderId: order.orderId,
    paymentIntentId,
    paymentMethodId: input.paymentMethodId,
    amount: total,
    today: at,
  });
  await issueOrderInvoice(tx, order.orderId, at);
}

/** A single card charge (a monthly bill, a renewal): its rows and its payment share the capture; its own invoice. */
async function singleCharge(tx: DbOrTx, input: DemoBillingInput, at: Date, lines: ChargeLine[], key: string): Promise<string> {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const paymentIntentId = await capturedCharge(tx, total, at, key);
  const base = { accountId: input.accountId, paymentReference: paymentIntentId, createDate: at };
  await tx
    .insert(transactions)
    .values([...lines.map((line) => ({ ...base, ...line })), { ...base, type: 'payment' as const, description: card, amount: -total, startDate: at }]);
  await issueChargeInvoice(tx, { accountId: input.accountId, paymentIntentId, lines, today: at });
  return paymentIntentId;
}

/**
 * The auto-renewal of brightbeancoffee.com (with its Domain Protection) and brightbeancoffee.net five weeks ago: the
 * renewal order, its lines, one capture, and the registry's record of it (its renew grace period is over).
 */
async function autoRenewal(tx: DbOrTx, input: DemoBillingInput): Promise<void> {
  const names = ['brightbeancoffee.com', 'brightbeancoffee.net'];
  // Renewed on the day the old term ended, as many registrars' auto-renew does.
  const at = addYears(input.expireDates.get(names[0]) ?? now(), -1);
  const lines = names.map((domain) => {
    const newExpireDate = input.expireDates.get(domain) ?? addYears(at, 1);
    return {
      domain,
      domainId: input.domainIds.get(domain) ?? 0,
      fromExpireDate: addYears(newExpireDate, -1),
      newExpireDate,
      renewPrice: catalogue().forDomain(domain)?.renewPricing[0] ?? 1599,
      protectionPrice: domain === 'brightbeancoffee.com' ? 500 : 0,
    };
  });
  const charges: ChargeLine[] = lines.flatMap((line) => {
    const span = { domainId: line.domainId, startDate: line.fromExpireDate, endDate: line.newExpireDate };
    return [
      { type: 'nrc' as const, description: `Renewal: ${line.domain} (1 year)`, amount: line.renewPrice, ...span },
      ...(line.protectionPrice
        ? [{ type: 'nrc' as const, description: `Domain Protection: ${line.domain} (1 year)`, amount: line.protectionPrice, ...span }]
        : []),
    ];
  });
  const paymentIntentId = await singleCharge(tx, input, at, charges, 'renewal');
  const amount = charges.reduce((sum, line) => sum + line.amount, 0);
  const [order] = await tx
    .insert(renewalOrders)
    .values({
      accountId: input.accountId,
      orderKey: 'demo:auto-renewal',
      kind: 'auto',
      status: 'settled',
      renewalPeriod: 1,
      amount,
      paymentIntentId,
      paymentMethodId: input.paymentMethodId,
      cardDescription: cardEnding({ brand: 'visa', last4: '4242' }),
      attempts: 1,
      createDate: at,
      modifyDate: at,
    })
    .returning({ renewalOrderId: renewalOrders.renewalOrderId });
  // The registry's record of the renewal (the sandbox registry keeps one per name: it decides the renew grace period).
  for (const line of lines) {
    await tx
      .update(registryDomains)
      .set({ renewals: [{ at: at.toISOString(), years: 1 }] })
      .where(eq(registryDomains.domain, line.domain));
  }
  await tx.insert(renewals).values(
    lines.map((line) => ({
      renewalOrderId: order.renewalOrderId,
      domainId: line.domainId,
      domain: line.domain,
      fromExpireDate: line.fromExpireDate,
      renewalPeriod: 1,
      newExpireDate: line.newExpireDate,
      renewPrice: line.renewPrice,
      protectionPrice: line.protectionPrice,
      protectionEnabled: line.protectionPrice > 0,
      status: 'renewed' as const,
      createDate: at,
    })),
  );
}

/**
 * The demo's history: the opening order (two names, one with Domain Protection), a year of monthly Website & Email
 * bills on its billing day (the next is due in a few days), the auto-renewal five weeks ago, last month's six
 * brand-protection registrations (a statement group long enough to open collapsed) and this week's transfer. Every
 * charge was paid by card, so the balance is $0.00.
 */
export async function seedDemoBilling(tx: DbOrTx, input: DemoBillingInput): Promise<void> {
  const today = now();
  const opened = subDays(today, 400);
  await completedOrder(
    tx,
    input,
    opened,
    [
      { domain: 'brightbeancoffee.com', kind: 'registration', price: 1028, protectionPrice: 500, years: 1 },
      { domain: 'brightbeancoffee.net', kind: 'registration', price: 1198, years: 1 },
    ],
    'opening',
  );
  const soon = addDays(today, 6);
  const billingDay = Math.min(soon.getUTCDate(), 28);
  const billDate = (monthsAgo: number) => new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth() - monthsAgo, billingDay));
  const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const suite = input.domainIds.get('brightbeancoffee.com');
  for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo--) {
    const from = billDate(monthsAgo);
    const to = billDate(monthsAgo - 1);
    const period = `${short.format(from)} – ${short.format(subDays(to, 1))}`;
    const description = `Website & Email plan for brightbeancoffee.com (${period})`;
    await singleCharge(tx, input, from, [{ type: 'mrc', description, amount: 899, domainId: suite, startDate: from, endDate: to }], `plan_${monthsAgo}`);
  }
  await autoRenewal(tx, input);
  const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 12, 15));
  const family = ['brightbean.cafe', 'brightbean.coffee', 'brightbean.shop', 'brightbeancoffee.store', 'brightbeancoffee.online', 'brightbeancoffee.site'];
  const prices = [3298, 4498, 3498, 5998, 3298, 2998];
  const registrations = family.map((name, index) => ({
    type: 'nrc' as const,
    description: `Registration of ${name} (1 year)`,
    amount: prices[index],
    startDate: lastMonth,
  }));
  await singleCharge(tx, input, lastMonth, registrations, 'brand_names');
  await completedOrder(tx, input, subDays(today, 2), [{ domain: 'northwindlabs.io', kind: 'transfer', price: 4498, years: 1 }], 'transfer');
}

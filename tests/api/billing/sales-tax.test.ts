/**
 * Sales tax and VAT at checkout: an EU consumer pays their country's VAT on top of the price less the promo discount,
 * credit pays part, and the cart, the card, the confirmation, the receipt email, the Orders list and the invoice all
 * say the same cents; a business with a VAT number VIES confirms is reverse-charged; a malformed or unregistered VAT
 * number is a 400 with a message, VIES unavailable keeps VAT charged.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodeCreateSchema } from '../../../api/contract/promotions/promo-codes.ts';
import { accounts, billingDocuments, orders, outbox, transactions } from '../../../api/db/schema/index.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { grantCredit } from '../../../api/services/billing/account-credit.ts';
import { findPayment, refundPayment } from '../../../api/services/billing/refunds.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { createPromoCode } from '../../../api/services/promotions/promo-codes.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const billing = { staffId: null, email: 'billing@staff.example', role: 'billing' as const, ip: '192.0.2.50' };
beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1', OPERATOR_COUNTRY: 'NL', OPERATOR_TAX_ID: 'NL800000006B01' } });
  await createPromoCode(t.db, systemActor, promoCodeCreateSchema.parse({ code: 'TAX20', kind: 'percent', value: 20, years: 'first' }));
});
afterAll(() => t.close());

let people = 0;
async function customerIn(country: string, state: string) {
  const email = `tax-${++people}@example.org`;
  const buyer = await signedInBuyer(t, email);
  await t.db
    .update(accounts)
    .set({ registrantContact: { ...demoContact, email, country, state } })
    .where(eq(accounts.accountId, buyer.accountId));
  return { ...buyer, email };
}

async function addToCart(client: Awaited<ReturnType<typeof customerIn>>['client'], domain: string): Promise<number> {
  const added = await client.post('/api/cartItems', [{ type: 'domain', domainType: 'new', domain }]);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body[0].cartId;
}

describe('an EU consumer', () => {
  it('pays German VAT on the price less the promo code; credit, tax and total add up on the cart, card, confirmation, receipt, Orders list and invoice', async () => {
    const buyer = await customerIn('DE', 'Berlin');
    await grantCredit(t.deps, billing, { accountId: buyer.accountId, amount: 300, note: 'Goodwill', reason: 'Tax test' });
    const cartId = await addToCart(buyer.client, 'qwztx-berlin-bakery.com');
    const cart = await buyer.client.patch(`/api/carts/${cartId}`, { promoCode: 'TAX20' });
    expect(cart.status).toBe(200);
    const [item] = cart.body.cartItems;
    expect(cart.body.$tax).toMatchObject({ display: 'included', rate: 0.19, label: 'VAT', place: 'Germany', reverseCharge: false });
    expect(cart.body.discountPrice).toBeGreaterThan(0);
    expect(cart.body.creditPrice).toBe(300);
    // 19% of what is left after the promo code, to the cent, half up.
    expect(cart.body.taxPrice).toBe(Math.round((item.totalPrice - item.discount) * 0.19));
    expect(cart.body.totalPrice).toBe(cart.body.oneTimePrice + cart.body.monthlyPrice - cart.body.discountPrice + cart.body.taxPrice - cart.body.creditPrice);
    expect(cart.body.$tax.description).toMatch(/^Prices include 19% VAT \(Germany\): \$\d+\.\d{2}\.$/);

    const done = await buyer.client.patch(`/api/carts/${cartId}`, {
      commit: true,
      $redirectHost: 'localhost',
      a: { referrer: '', landing: '/', statedSource: '' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const orderId = done.body.orderId as number;
    const [payment] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, 'payment')));
    expect(-payment.amount, 'the card pays the cart total').toBe(cart.body.totalPrice);

    const order = (await buyer.client.get(`/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({
      subtotal: cart.body.oneTimePrice + cart.body.monthlyPrice,
      discount: cart.body.discountPrice,
      credit: 300,
      tax: cart.body.taxPrice,
    });
    expect(order.taxLabel).toBe('VAT 19% (Germany)');
    expect(order.total).toBe(order.subtotal - order.discount + order.tax);
    expect(order.totalCharged).toBe(order.total - order.credit);

    const list = (await buyer.client.get('/api/orders')).body;
    expect(list.data[0]).toMatchObject({
      orderId,
      discount: order.discount,
      tax: order.tax,
      credit: 300,
      total: order.total,
      totalCharged: order.totalCharged,
    });

    await t.runJobs();
    // The receipt by its subject: the order's other emails to the buyer (contact verification) come in any order.
    const [receipt] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer.email), like(outbox.subject, `%receipt for order%`)))
      .orderBy(desc(outbox.id));
    const cents = (n: number) => `$${(n / 100).toFixed(2)}`;
    expect(receipt.body).toContain(`Promo code TAX20: -${cents(order.discount)}`);
    expect(receipt.body).toContain(`VAT 19% (Germany): ${cents(order.tax)}`);
    expect(receipt.body).toContain(`Account credit used: -${cents(300)}`);
    expect(receipt.body).toContain(`Total charged: ${cents(order.totalCharged)}`);

    const [invoice] = await t.db
      .select()
      .from(billingDocuments)
      .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, 'invoice')));
    expect(invoice).toMatchObject({ tax: order.tax, total: order.total, credit: 300, card: order.totalCharged });
    expect(invoice.lines[0]).toMatchObject({ taxRate: 0.19, tax: order.tax });
    expect(invoice.seller).toMatchObject({ country: 'NL', taxId: 'NL800000006B01' });
    expect(invoice.buyer).toMatchObject({ country: 'DE', taxId: null, taxNote: 'VAT 19% (Germany)' });
  });

  it('a visitor sees VAT once they give an EU country, and nothing before', async () => {
    const visitor = t.client();
    const added = await visitor.post('/api/cartItems', [{ type: 'domain', domainType: 'new', domain: 'qwztx-visitor-vat.com' }]);
    expect(added.status).toBe(201);
    const before = await visitor.get('/api/carts/0?$relations[]=cartItems');
    expect(before.body).toMatchObject({ $tax: null, taxPrice: 0 });
    const after = await visitor.patch(`/api/carts/${added.body[0].cartId}`, { contact: { country: 'FR' } });
    expect(after.body.$tax).toMatchObject({ rate: 0.2, place: 'France', display: 'included' });
    expect(after.body.taxPrice).toBe(Math.round(after.body.cartItems[0].totalPrice * 0.2));
    expect(after.body.totalPrice).toBe(after.body.cartItems[0].totalPrice + after.body.taxPrice);
  });
});

describe('a refund', () => {
  it('takes back the VAT of what it refunds, in proportion, and its credit note shows it as tax', async () => {
    const buyer = await customerIn('NL', 'Utrecht');
    const cartId = await addToCart(buyer.client, 'qwztx-utrecht-refund.com');
    const done = await buyer.client.patch(`/api/carts/${cartId}`, {
      commit: true,
      $redirectHost: 'localhost',
      a: { referrer: '', landing: '/', statedSource: '' },
    });
    expect(done.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderId, done.body.orderId));
    const payment = await findPayment(t.db, order.paymentIntentId ?? '');
    const registration = payment.charges.find((charge) => charge.type === 'nrc');
    const vat = payment.charges.find((charge) => charge.type === 'tax');
    expect(vat?.amount).toBe(Math.round((registration?.amount ?? 0) * 0.21));
    const half = Math.floor((registration?.amount ?? 0) / 2);
    const key = `tax-refund-${order.orderId}`;
    const refund = {
      paymentIntentId: order.paymentIntentId ?? '',
      items: [{ transactionId: registration?.transactionId ?? 0, amount: half }],
      reason: 'Tax test',
      idempotencyKey: key,
      actor: billing,
      to: 'original' as const,
    };
    const first = await refundPayment(t.deps, refund);
    expect(first.refund.amount).toBe(half + Math.round(half * 0.21));
    // The same request again refunds nothing more.
    expect((await refundPayment(t.deps, refund)).replayed).toBe(true);
    const [note] = await t.db
      .select()
      .from(billingDocuments)
      .where(and(eq(billingDocuments.orderId, order.orderId), eq(billingDocuments.kind, 'creditNote')));
    expect(note).toMatchObject({ subtotal: -half, tax: -Math.round(half * 0.21), total: -(half + Math.round(half * 0.21)) });
    // The rest of the line takes the rest of its VAT, to the cent.
    const rest = (await findPayment(t.db, order.paymentIntentId ?? '')).charges.find((charge) => charge.type === 'nrc');
    await refundPayment(t.deps, {
      ...refund,
      items: [{ transactionId: rest?.transactionId ?? 0, amount: rest?.refundable ?? 0 }],
      idempotencyKey: `${key}-rest`,
    });
    const after = await findPayment(t.db, order.paymentIntentId ?? '');
    expect(after.charges.every((charge) => charge.refundable === 0)).toBe(true);
  });
});

describe('an EU business', () => {
  it('with a VAT number VIES confirms, in another member state, is reverse-charged and its invoice says so', async () => {
    const buyer = await customerIn('BE', 'Brussels');
    const saved = await buyer.client.patch('/api/accounts/0', { vatNumber: 'be 0999.000.030' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ vatNumber: 'BE0999000030', vatStatus: 'confirmed' });
    const cartId = await addToCart(buyer.client, 'qwztx-brussels-b2b.com');
    const cart = (await buyer.client.get(`/api/carts/0?$relations[]=cartItems`)).body;
    expect(cart.$tax).toMatchObject({ reverseCharge: true, rate: 0 });
    expect(cart.taxPrice).toBe(0);
    expect(cart.$tax.description).toContain('VAT reverse-charged: the customer accounts for it (BE0999000030)');
    const done = await buyer.client.patch(`/api/carts/${cartId}`, {
      commit: true,
      $redirectHost: 'localhost',
      a: { referrer: '', landing: '/', statedSource: '' },
    });
    expect(done.status).toBe(200);
    const order = (await buyer.client.get(`/api/orders/${done.body.orderId}`)).body;
    expect(order).toMatchObject({ tax: 0, total: order.subtotal });
    expect(order.taxNote).toContain('VAT reverse-charged');
    const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, done.body.orderId));
    expect(invoice.buyer).toMatchObject({ country: 'BE', taxId: 'BE0999000030' });
    expect(invoice.buyer.taxNote).toContain('Reverse charge');
    const [row] = await t.db.select().from(orders).where(eq(orders.orderId, done.body.orderId));
    expect(row.tax).toMatchObject({ reverseCharge: true });
  });

  it('in the operator own country still pays VAT', async () => {
    const buyer = await customerIn('NL', 'Noord-Holland');
    expect((await buyer.client.patch('/api/accounts/0', { vatNumber: 'NL800000018B01' })).body.vatStatus).toBe('confirmed');
    await addToCart(buyer.client, 'qwztx-amsterdam-b2b.com');
    const cart = (await buyer.client.get('/api/carts/0?$relations[]=cartItems')).body;
    expect(cart.$tax).toMatchObject({ reverseCharge: false, rate: 0.21, place: 'Netherlands' });
    expect(cart.taxPrice).toBeGreaterThan(0);
  });

  it('with a number VIES cannot check just now pays VAT and is told why', async () => {
    const buyer = await customerIn('DE', 'Bayern');
    const saved = await buyer.client.patch('/api/accounts/0', { vatNumber: 'DE999000009' });
    expect(saved.body).toMatchObject({ vatNumber: 'DE999000009', vatStatus: 'unavailable' });
    await addToCart(buyer.client, 'qwztx-vies-away.com');
    const cart = (await buyer.client.get('/api/carts/0?$relations[]=cartItems')).body;
    expect(cart.$tax).toMatchObject({ reverseCharge: false, rate: 0.19, viesUnavailable: true });
    expect(cart.$tax.description).toContain('could not be checked with VIES');
  });

  it('gets a 400 with a message for a malformed, foreign or unregistered VAT number, and keeps the one it had', async () => {
    const buyer = await customerIn('DE', 'Hessen');
    expect((await buyer.client.patch('/api/accounts/0', { vatNumber: 'DE100000008' })).status).toBe(200);
    const malformed = await buyer.client.patch('/api/accounts/0', { vatNumber: 'DE12' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('is not a valid EU VAT number');
    const foreign = await buyer.client.patch('/api/accounts/0', { vatNumber: 'NL800000006B01' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('This VAT number is from Netherlands, but your billing country is Germany');
    const unregistered = await buyer.client.patch('/api/accounts/0', { vatNumber: 'DE888000008' });
    expect(unregistered.status).toBe(400);
    expect(unregistered.body.message).toContain('VIES says DE888000008 is not a registered VAT number');
    const tooLong = await buyer.client.patch('/api/accounts/0', { vatNumber: 'X'.repeat(31) });
    expect(tooLong.status).toBe(400);
    expect((await buyer.client.get('/api/accounts/0')).body).toMatchObject({ vatNumber: 'DE100000008', vatStatus: 'confirmed' });
    const removed = await buyer.client.patch('/api/accounts/0', { vatNumber: null });
    expect(removed.body).toMatchObject({ vatNumber: null, vatStatus: null });
  });
});

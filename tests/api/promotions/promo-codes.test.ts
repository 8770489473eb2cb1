/**
 * Promo codes in the cart and at checkout: what a code takes off (first year or every year, per extension, never below
 * the card minimum), the messages a customer sees when it does not apply, the discount in the order, the ledger and the
 * statement, once per order, and the caps held under concurrent checkouts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '../../../api/contract/carts/cart.ts';
import { type PromoCodeCreate, promoCodeCreateSchema } from '../../../api/contract/promotions/promo-codes.ts';
import { orderLines, orders, promoCodes, promoRedemptions, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { createPromoCode, expirePromoCode, findPromoCodeById, listPromoCodes } from '../../../api/services/promotions/promo-codes.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { readPdfText } from '../../fixtures/pdf-text.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const payments = () => t.deps.providers.payments as SandboxPayments;
let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function newCode(fields: Partial<PromoCodeCreate> & { code: string }) {
  return createPromoCode(t.db, systemActor, promoCodeCreateSchema.parse({ kind: 'percent', value: 20, years: 'first', ...fields }));
}

async function buyerWith(domains: string[], options: { years?: number } = {}) {
  const buyer = await signedInBuyer(t, `${label('promo')}@example.org`);
  let cartId = 0;
  for (const domain of domains) {
    const added = await buyer.client.post('/api/cartItems', { domain, years: options.years });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    cartId = added.body.cartId;
  }
  return { ...buyer, cartId };
}

const cartOf = async (client: TestClient) => cartSchema.parse((await client.get('/api/carts/0?$relations[]=cartItems')).body);
const apply = (client: TestClient, cartId: number, promoCode: string | null) => client.patch(`/api/carts/${cartId}`, { promoCode });
const commit = (client: TestClient, cartId: number) => client.patch(`/api/carts/${cartId}`, { commit: true });

/** The month's statement PDF as the customer downloads it (raw bytes: the test client reads bodies as text). */
async function statement(client: TestClient, yyyymm: string): Promise<Uint8Array> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await t.app.request(
    `http://localhost/api/transactions?$pdf=true&yyyymm=${yyyymm}`,
    { headers: { cookie } },
    { requestIP: () => ({ address: client.ip }) },
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('applying a code in the cart', () => {
  it('takes 20% off the first year of an eligible name, in any case typed, and shows it in the order summary', async () => {
    await newCode({ code: 'FIRST20', tlds: ['com'] });
    const domain = `${label('first')}.com`;
    const { client, cartId } = await buyerWith([domain], { years: 2 });
    const before = await cartOf(client);
    expect(before.totalPrice).toBe(1028 + 1128);

    const applied = await apply(client, cartId, '  first20 ');
    expect(applied.status).toBe(200);
    const cart = cartSchema.parse(applied.body);
    expect(cart.promoCode).toBe('FIRST20');
    // 20% of the first year's 10.28 is 2.056, rounded to the cent; the second year is full price.
    expect(cart.$promo).toEqual({ code: 'FIRST20', description: '20% off the first year of .com', discount: 206, error: null });
    expect(cart.cartItems?.[0]).toMatchObject({ domain, price: 2156, discount: 206, totalPrice: 2156 });
    expect(cart).toMatchObject({ oneTimePrice: 2156, discountPrice: 206, creditPrice: 0, totalPrice: 1950 });

    const removed = await apply(client, cartId, null);
    expect(removed.body).toMatchObject({ promoCode: null, $promo: null, discountPrice: 0, totalPrice: 2156 });
  });

  it('takes a fixed amount off every year of the term, never more than a year costs', async () => {
    await newCode({ code: 'EVERY5', kind: 'amount', value: 500, years: 'every' });
    const { client, cartId } = await buyerWith([`${label('every')}.net`], { years: 3 });
    const cart = cartSchema.parse((await apply(client, cartId, 'EVERY5')).body);
    expect(cart.discountPrice).toBe(1500);
    expect(cart.totalPrice).toBe(3 * 1198 - 1500);
    expect(cart.$promo?.description).toBe('$5.00 off every year of any extension');
  });

  it('answers each reason a code cannot be used with the message the cart shows, and keeps the cart as it was', async () => {
    await newCode({ code: 'ONLYCOM', tlds: ['com', 'net'] });
    await newCode({ code: 'LATER', startDate: new Date(Date.now() + 86_400_000).toISOString() });
    const ended = await newCode({ code: 'ENDED' });
    await t.db
      .update(promoCodes)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(promoCodes.promoCodeId, ended.promoCodeId));
    const { client, cartId } = await buyerWith([`${label('io')}.io`, `${label('dev')}.dev`]);

    const cases: [string, string][] = [
      ['NOSUCHCODE', 'This code is not valid'],
      ['ONLYCOM', 'This code does not apply to .io and .dev'],
      ['LATER', 'This code is not active yet'],
      ['ENDED', 'This code has expired'],
    ];
    for (const [code, message] of cases) {
      const answer = await apply(client, cartId, code);
      expect(answer.status, code).toBe(400);
      expect(answer.body.message, code).toBe(message);
      expect(answer.body.data).toEqual({ field: 'promoCode' });
    }
    const single = await buyerWith([`${label('single')}.io`]);
    expect((await apply(single.client, single.cartId, 'ONLYCOM')).body.message).toBe('This code does not apply to .io');
    expect((await cartOf(client)).promoCode).toBeNull();
    const tooLong = await apply(client, cartId, 'X'.repeat(33));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('at most 32 characters');
  });

  it('shows why a code no longer applies once it expires after being applied, and checkout refuses it without charging', async () => {
    const code = await newCode({ code: 'SHORTLIVED' });
    const { client, cartId, accountId } = await buyerWith([`${label('short')}.com`]);
    expect((await apply(client, cartId, 'SHORTLIVED')).status).toBe(200);
    await expirePromoCode(t.db, systemActor, code.promoCodeId);
    const cart = await cartOf(client);
    expect(cart.$promo).toMatchObject({ code: 'SHORTLIVED', discount: 0, error: 'This code has expired' });
    expect(cart.totalPrice).toBe(1028);

    const intents = (await payments().ledger()).length;
    const refused = await commit(client, cartId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This code has expired. Remove it from your cart to check out.');
    expect((await payments().ledger()).length).toBe(intents);
    expect(await t.db.select().from(orders).where(eq(orders.accountId, accountId))).toEqual([]);
  });

  it('leaves the card at least the $0.50 minimum when a code would make an order free', async () => {
    await newCode({ code: 'ALLFREE', value: 100 });
    const { client, cartId } = await buyerWith([`${label('free')}.com`]);
    const cart = cartSchema.parse((await apply(client, cartId, 'ALLFREE')).body);
    expect(cart).toMatchObject({ discountPrice: 978, totalPrice: 50 });
  });

  it('refuses codes staff write badly', () => {
    const bad = (input: object) =>
      promoCodeCreateSchema.safeParse({ code: 'GOOD', kind: 'percent', value: 10, years: 'first', ...input }).error?.issues[0].message;
    expect(bad({ value: 101 })).toBe('A percent discount is at most 100');
    expect(bad({ value: 0 })).toBe('The discount must be more than 0');
    expect(bad({ code: 'a b' })).toBe('A code has 3 to 32 letters, digits or dashes, starting with a letter or digit');
    expect(bad({ startDate: '2030-02-01T00:00:00.000Z', endDate: '2030-01-01T00:00:00.000Z' })).toBe('The end must be after the start');
  });

  it('refuses a second code with the same text and extensions we do not sell', async () => {
    await newCode({ code: 'TWICE' });
    await expect(newCode({ code: 'twice' })).rejects.toMatchObject({ code: 409, message: 'The code TWICE already exists' });
    await expect(newCode({ code: 'NOTSOLD', tlds: ['notatld'] })).rejects.toMatchObject({ code: 400, message: 'We do not sell .notatld' });
  });
});

describe('checking out with a code', () => {
  it('charges the discounted total once, records the discount on the order, the ledger and the statement, and counts one redemption', async () => {
    const code = await newCode({ code: 'LEDGER20', tlds: ['com'] });
    const domain = `${label('ledger')}.com`;
    const other = `${label('ledger')}.org`;
    const { client, cartId, accountId } = await buyerWith([domain, other]);
    await apply(client, cartId, 'LEDGER20');
    const first = await commit(client, cartId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.totalPrice).toBe(1028 - 206 + 1098);
    const again = await commit(client, cartId);
    expect(again.body.orderId).toBe(first.body.orderId);

    const [order] = await t.db.select().from(orders).where(eq(orders.orderId, first.body.orderId));
    const intent = await payments().retrieve(order.paymentIntentId ?? '');
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: 1028 - 206 + 1098 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId)).orderBy(orderLines.orderLineId);
    expect(lines.map((l) => [l.domain, l.price, l.discount, l.totalPrice])).toEqual([
      [domain, 1028, 206, 822],
      [other, 1098, 0, 1098],
    ]);

    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId);
    expect(ledger.map((row) => [row.type, row.description, row.amount])).toEqual([
      ['nrc', `Registration of ${domain} (1 year)`, 1028],
      ['nrc', `Promo code LEDGER20 on ${domain}`, -206],
      ['nrc', `Registration of ${other} (1 year)`, 1098],
      ['payment', 'Card payment, Visa ending in 4242', -(1028 - 206 + 1098)],
    ]);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);

    const used = await findPromoCodeById(t.db, code.promoCodeId);
    expect(used).toMatchObject({ redemptions: 1, discountTotal: 206, status: 'active' });
    expect(await t.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, code.promoCodeId))).toHaveLength(1);

    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const { text } = await readPdfText(await statement(client, month));
    expect(text).toContain(`Promo code LEDGER20 on ${domain}`);
    expect(text).toContain('-$2.06');
  });

  it('lets each customer use a once-per-customer code once', async () => {
    await newCode({ code: 'ONCEEACH', maxPerCustomer: 1 });
    const { client, cartId } = await buyerWith([`${label('once')}.com`]);
    await apply(client, cartId, 'ONCEEACH');
    expect((await commit(client, cartId)).status).toBe(200);
    const next = await client.post('/api/cartItems', { domain: `${label('once')}.net` });
    const again = await apply(client, next.body.cartId, 'ONCEEACH');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('You have already used this code');
  });

  it('does not count an order whose card was declined', async () => {
    const code = await newCode({ code: 'DECLINEDONE', maxRedemptions: 1 });
    const { client, cartId, accountId } = await buyerWith([`${label('declined')}.com`]);
    await t.db.execute(sql`update payment_methods set provider_payment_method_id = 'pm_sandbox_demo_visa_0341' where account_id = ${accountId}`);
    await apply(client, cartId, 'DECLINEDONE');
    const declined = await commit(client, cartId);
    expect(declined.status).toBe(402);
    expect((await findPromoCodeById(t.db, code.promoCodeId)).redemptions).toBe(0);
    const second = await buyerWith([`${label('declined')}.net`]);
    expect((await apply(second.client, second.cartId, 'DECLINEDONE')).status).toBe(200);
    expect((await commit(second.client, second.cartId)).status).toBe(200);
    expect((await findPromoCodeById(t.db, code.promoCodeId)).status).toBe('usedUp');
  });

  it('gives a code capped at 3 redemptions to exactly 3 of 8 customers checking out at once; the others are told and not charged', async () => {
    const code = await newCode({ code: 'RACE3', maxRedemptions: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyerWith([`${label('race')}.com`])));
    for (const buyer of buyers) expect((await apply(buyer.client, buyer.cartId, 'RACE3')).status).toBe(200);
    const answers = await Promise.all(buyers.map((buyer) => commit(buyer.client, buyer.cartId)));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(won).toHaveLength(3);
    for (const answer of won) expect(answer.body.totalPrice).toBe(1028 - 206);
    expect(lost.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array.from({ length: 5 }, () => [409, 'This code has been used up. Remove it from your cart to check out.']),
    );
    const loserAccounts = buyers.filter((_, i) => answers[i].status !== 200).map((buyer) => buyer.accountId);
    for (const accountId of loserAccounts) {
      expect(
        await t.db
          .select()
          .from(orders)
          .where(and(eq(orders.accountId, accountId))),
      ).toEqual([]);
    }
    expect(await findPromoCodeById(t.db, code.promoCodeId)).toMatchObject({ redemptions: 3, discountTotal: 3 * 206, status: 'usedUp' });
    const list = await listPromoCodes(t.db);
    expect(list.data.find((row) => row.code === 'RACE3')?.redemptions).toBe(3);
  });
});

/**
 * Account credit: granted by staff (a ledger row and an email), spent by the next checkout before the card (shown in
 * the cart, never below the card minimum), given back when the order fails, and never spent twice by checkouts racing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '../../../api/contract/carts/cart.ts';
import { cartItems, carts, outbox, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { creditBalance, grantCredit, listCredit } from '../../../api/services/billing/account-credit.ts';
import { findOrderDetail } from '../../../api/services/billing/order-history.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const refuse = new Set<string>();
beforeAll(async () => {
  t = await createTestContext({
    providers: (defaults) => ({
      registry: {
        ...defaults.registry,
        register: async (input) => {
          if (refuse.has(input.domain)) throw new Error('The registry refused the name');
          return defaults.registry.register(input);
        },
      },
    }),
  });
});
afterAll(() => t.close());

const payments = () => t.deps.providers.payments as SandboxPayments;
let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function customer() {
  const email = `${label('credit')}@example.org`;
  return { ...(await signedInBuyer(t, email)), email };
}

describe('granting credit', () => {
  it('adds a ledger row the customer sees, emails them, and refuses amounts that are not sensible', async () => {
    const { accountId, email } = await customer();
    const grant = await grantCredit(t.deps, systemActor, { accountId, amount: 1500, note: 'Sorry for the outage on March 3', reason: 'Goodwill gesture' });
    expect(grant).toMatchObject({ amount: 1500, balance: 1500 });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(row).toMatchObject({ type: 'payment', description: 'Account credit: Sorry for the outage on March 3', amount: -1500 });
    await t.runJobs();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail.subject).toBe('$15.00 credit added to your account');
    expect(mail.body).toContain('Sorry for the outage on March 3');
    await expect(grantCredit(t.deps, systemActor, { accountId, amount: 0, note: 'x', reason: 'Goodwill gesture' })).rejects.toMatchObject({ code: 400 });
    await expect(grantCredit(t.deps, systemActor, { accountId, amount: 12.5, note: 'x', reason: 'Goodwill gesture' })).rejects.toMatchObject({ code: 400 });
    await expect(grantCredit(t.deps, systemActor, { accountId, amount: 100, note: 'x', reason: 'no' })).rejects.toMatchObject({
      code: 400,
      message: 'Give a reason (at least 5 characters): it is kept in the audit log',
    });
    await expect(grantCredit(t.deps, systemActor, { accountId, amount: 100_001, note: 'x', reason: 'Goodwill gesture' })).rejects.toMatchObject({
      code: 400,
      message: 'A credit is at most $1,000.00 at a time',
    });
    await expect(grantCredit(t.deps, systemActor, { accountId, amount: 100, note: '  ', reason: 'Goodwill gesture' })).rejects.toMatchObject({ code: 400 });
    expect((await listCredit(t.db, accountId)).balance).toBe(1500);
  });
});

describe('spending credit at checkout', () => {
  it('shows the credit in the cart, authorises the card for the rest, and leaves the ledger balanced', async () => {
    const { accountId, client } = await customer();
    await grantCredit(t.deps, systemActor, { accountId, amount: 500, note: 'Goodwill', reason: 'Goodwill gesture' });
    const domain = `${label('spend')}.com`;
    const added = await client.post('/api/cartItems', { domain });
    const cart = cartSchema.parse((await client.get('/api/carts/0?$relations[]=cartItems')).body);
    expect(cart).toMatchObject({ oneTimePrice: 1028, creditPrice: 500, totalPrice: 528 });

    const done = await client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.totalPrice).toBe(528);
    const order = await findOrderDetail(t.db, done.body.orderId);
    expect(order.lines[0]).toMatchObject({ price: 1028, credit: 500, totalPrice: 528 });
    expect(await payments().retrieve(order.paymentIntentId ?? '')).toMatchObject({ amount: 528, amountReceived: 528 });
    expect(await creditBalance(t.db, accountId)).toBe(0);

    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId);
    expect(ledger.map((row) => [row.description, row.amount])).toEqual([
      ['Account credit: Goodwill', -500],
      [`Registration of ${domain} (1 year)`, 1028],
      ['Card payment, Visa ending in 4242 (account credit paid $5.00)', -528],
    ]);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    const next = await client.get('/api/carts/0');
    expect(next.body.creditPrice).toBe(0);
  });

  it('pays all but the card minimum when the credit covers more than the order, and keeps the rest', async () => {
    const { accountId, client } = await customer();
    await grantCredit(t.deps, systemActor, { accountId, amount: 5000, note: 'Big goodwill', reason: 'Goodwill gesture' });
    const added = await client.post('/api/cartItems', { domain: `${label('most')}.com` });
    const done = await client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
    expect(done.body.totalPrice).toBe(50);
    expect(await creditBalance(t.db, accountId)).toBe(5000 - 978);
  });

  it('gives the credit back when nothing was delivered, and keeps only what delivered lines used', async () => {
    const { accountId, client } = await customer();
    await grantCredit(t.deps, systemActor, { accountId, amount: 1500, note: 'Goodwill', reason: 'Goodwill gesture' });
    const refused = `${label('refused')}.com`;
    refuse.add(refused);
    const first = await client.post('/api/cartItems', { domain: refused });
    const failed = await client.patch(`/api/carts/${first.body.cartId}`, { commit: true });
    expect(failed.status).toBe(502);
    expect(await creditBalance(t.db, accountId)).toBe(1500);

    // Two names, the first refused again: the credit went 1028 to the refused one and 472 to the delivered one.
    const kept = `${label('kept')}.com`;
    const second = await client.post('/api/cartItems', { domain: kept });
    expect(second.body.cartId).toBe(first.body.cartId);
    const partly = await client.patch(`/api/carts/${first.body.cartId}`, { commit: true });
    expect(partly.status, JSON.stringify(partly.body)).toBe(200);
    expect(partly.body.failedDomains).toEqual([refused]);
    const order = await findOrderDetail(t.db, partly.body.orderId);
    // The order keeps the first attempt's line (all but the card minimum of credit, given back when it failed).
    expect(order.lines.map((line) => [line.domain, line.state, line.credit])).toEqual([
      [refused, 'failed', 978],
      [refused, 'failed', 1028],
      [kept, 'delivered', 472],
    ]);
    expect(await creditBalance(t.db, accountId)).toBe(1500 - 472);
  });

  it('never spends the same credit twice when two carts of one account check out at once', async () => {
    const { accountId, client } = await customer();
    await grantCredit(t.deps, systemActor, { accountId, amount: 800, note: 'Goodwill', reason: 'Goodwill gesture' });
    const one = await client.post('/api/cartItems', { domain: `${label('race')}.com` });
    // A second active cart of the same account (as another device may leave one), with its own name.
    const [second] = await t.db.insert(carts).values({ accountId }).returning();
    await t.db.insert(cartItems).values({ cartId: second.cartId, domain: `${label('race')}.net`, domainType: 'new' });
    const [a, b] = await Promise.all([
      client.patch(`/api/carts/${one.body.cartId}`, { commit: true }),
      client.patch(`/api/carts/${second.cartId}`, { commit: true }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const paid = [a.body.totalPrice, b.body.totalPrice];
    // 800 of credit in all: one order took it (down to what its line cost), the other what was left.
    expect(1028 + 1198 - paid[0] - paid[1]).toBe(800);
    expect(await creditBalance(t.db, accountId)).toBe(0);
  });
});

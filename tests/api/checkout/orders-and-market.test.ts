/**
 * Issue 25, defects 4 and 5. The order as its buyer reads it after checkout (GET /api/orders/:id) and the emailed
 * receipt; market purchases: a For Sale page's Buy it now bought through checkout, the name moved to the buyer's
 * account, the seller paid out in the ledger, the registry handed over; offers answered in the owner's Offers list.
 */
import { addDays } from 'date-fns/addDays';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forSaleListingSchema } from '../../../api/contract/selling/for-sale-offer.ts';
import { now } from '../../../api/clock.ts';
import { sellerPayout } from '../../../api/contract/selling/sale.ts';
import { domainOffers, domains, marketSales, orders, outbox, registryDomains, transactions } from '../../../api/db/schema/index.ts';
import { sendDueReceipts } from '../../../api/services/orders/order-receipts.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
});
afterAll(() => t.close());

let people = 0;
const buyer = (label: string) => signedInBuyer(t, `${label}-${++people}@example.org`);

async function checkout(client: TestClient, items: Record<string, unknown>[]) {
  const added = await client.post(
    '/api/cartItems',
    items.map((item) => ({ type: 'domain', domainType: 'new', ...item })),
  );
  expect(added.status).toBe(201);
  const cartId = added.body[0].cartId as number;
  const done = await client.patch(`/api/carts/${cartId}`, { commit: true, $redirectHost: 'localhost', a: { referrer: '', landing: '/', statedSource: '' } });
  return { cartId, added: added.body, done };
}

const mailTo = async (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

describe('order confirmation and receipt', () => {
  it('shows its buyer the lines, the total and the card; refuses others; emails one receipt with the same words', async () => {
    const { client } = await buyer('orders');
    const { done } = await checkout(client, [{ domain: 'qwzxv-receipt-one.com', years: 2 }]);
    expect(done.status).toBe(200);
    const orderId = done.body.orderId as number;
    expect(orderId).toBeGreaterThan(0);

    const order = await client.get(`/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ orderId, status: 'completed', card: 'Visa ending in 4242', email: `orders-${people}@example.org`, error: null });
    expect(order.body.lines).toEqual([
      expect.objectContaining({
        domain: 'qwzxv-receipt-one.com',
        kind: 'registration',
        outcome: 'delivered',
        years: 2,
        charged: true,
        domainId: expect.any(Number),
      }),
    ]);
    const [payment] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, 'payment')));
    expect(order.body.totalCharged).toBe(-payment.amount);
    expect(order.body.totalCharged).toBe(order.body.lines[0].totalPrice);

    const { client: stranger } = await buyer('stranger');
    expect((await stranger.get(`/api/orders/${orderId}`)).status).toBe(403);
    expect((await client.get('/api/orders/999999')).status).toBe(404);
    expect((await client.get('/api/orders/abc')).status).toBe(400);
    expect((await t.client().get(`/api/orders/${orderId}`)).status).toBe(401);

    await t.runJobs();
    const receipts = (await mailTo(order.body.email)).filter((m) => m.subject?.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe(`Your Dotspot receipt for order ${orderId}`);
    expect(receipts[0].body).toContain(`Order ${orderId}, placed`);
    expect(receipts[0].body).toContain('qwzxv-receipt-one.com\n    Registration, 2 years');
    expect(receipts[0].body).toMatch(/Total charged: \$[\d,]+\.\d{2} to your Visa ending in 4242/);
    expect(receipts[0].body).toContain('qwzxv-receipt-one.com is yours, registered until');
    const [row] = await t.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row.receiptDate).not.toBeNull();
    // Sent once: later runs find nothing due.
    expect(await sendDueReceipts(t.deps)).toMatchObject({ receipts: 0 });
    expect((await mailTo(order.body.email)).filter((m) => m.subject?.includes('receipt'))).toHaveLength(1);
  });

  it('shows a declined order as failed with nothing charged, and sends no receipt for it', async () => {
    const { client, accountId } = await buyer('declined');
    await useCard(t, accountId, '0341');
    const { done } = await checkout(client, [{ domain: 'qwzxv-receipt-declined.com' }]);
    expect(done.status).toBeGreaterThanOrEqual(400);
    const [failed] = await t.db.select().from(orders).where(eq(orders.accountId, accountId));
    const order = await client.get(`/api/orders/${failed.orderId}`);
    expect(order.body).toMatchObject({ status: 'failed', totalCharged: 0 });
    expect(order.body.lines.every((line: { charged: boolean }) => !line.charged)).toBe(true);
    await t.runJobs();
    expect((await mailTo(`declined-${people}@example.org`)).filter((m) => m.subject?.includes('receipt'))).toEqual([]);
  });
});

async function listedBySeller(label: string, name: string, listPrice: number, floorPrice = 9900) {
  const seller = await buyer(label);
  const row = await ownDomain(t, seller.accountId, name, { expireDate: addDays(now(), 200), status: 'active' });
  const listed = await seller.client.patch(`/api/domains/${row.domainId}`, { forSale: true, floorPrice, listPrice });
  expect(listed.status).toBe(200);
  return { ...seller, domainId: row.domainId };
}

describe('buying a listed name (Buy it now)', () => {
  it('charges the list price, moves the name to the buyer, pays the seller 80% in the ledger, hands it over at the registry', async () => {
    const name = 'qwzxv-market-one.com';
    const seller = await listedBySeller('seller', name, 250_000);
    const listing = await t.client().get(`/api/forSale/${name}`);
    expect(listing.body).toMatchObject({ domain: name, listPrice: 250_000, offer: null, expireDate: expect.any(String) });
    forSaleListingSchema.parse(listing.body);

    // The seller cannot buy their own name.
    const own = await seller.client.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }]);
    expect(own.status).toBe(409);

    const { client, accountId } = await buyer('market-buyer');
    const { added, done } = await checkout(client, [{ domain: name, domainType: 'market' }]);
    expect(added[0]).toMatchObject({ domainType: 'market', totalPrice: 250_000, yearOptions: [], $market: { isOffer: false } });
    expect(done.status).toBe(200);
    const orderId = done.body.orderId as number;

    const [bought] = await t.db
      .select()
      .from(domains)
      .where(and(eq(domains.domain, name), eq(domains.accountId, accountId)));
    expect(bought).toMatchObject({ status: 'active', forSale: false, locked: true });
    const [sold] = await t.db.select().from(domains).where(eq(domains.domainId, seller.domainId));
    expect(sold.status).toBe('deleted');
    const ledger = await t.db.select().from(transactions).where(eq(transactions.orderId, orderId));
    expect(ledger.find((row) => row.type === 'payment')?.amount).toBe(-250_000);
    const [payout] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, seller.accountId), eq(transactions.type, 'payout')));
    expect(payout.amount).toBe(-sellerPayout(250_000, true));
    expect(payout.amount).toBe(-200_000);

    const order = await client.get(`/api/orders/${orderId}`);
    expect(order.body.lines).toEqual([expect.objectContaining({ domain: name, kind: 'market', outcome: 'delivered', charged: true, totalPrice: 250_000 })]);

    await t.runJobs();
    const [sale] = await t.db.select().from(marketSales).where(eq(marketSales.orderId, orderId));
    expect(sale).toMatchObject({ status: 'completed', price: 250_000, payout: 200_000, payoutPercent: 80 });
    expect(sale.handoverDate).not.toBeNull();
    const [atRegistry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name));
    expect(atRegistry.nameservers).toEqual([...t.deps.providers.registry.defaultNameservers]);
    const notice = (await mailTo(`seller-${people - 1}@example.org`)).find((m) => m.subject === `${name} sold for $2,500.00`);
    expect(notice?.body).toContain('Your share is $2,000.00 (80% of the price)');

    // Sold once: the page is gone, and nobody else can add it.
    expect((await t.client().get(`/api/forSale/${name}`)).status).toBe(404);
    const { client: late } = await buyer('late');
    expect((await late.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }])).status).toBe(409);
  });

  it('charges nothing when the listing is withdrawn between cart and checkout', async () => {
    const name = 'qwzxv-market-withdrawn.com';
    const seller = await listedBySeller('withdrawer', name, 120_000);
    const { client, accountId } = await buyer('too-late');
    const added = await client.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }]);
    expect(added.status).toBe(201);
    expect((await seller.client.patch(`/api/domains/${seller.domainId}`, { forSale: false })).status).toBe(200);
    const done = await client.patch(`/api/carts/${added.body[0].cartId}`, { commit: true, $redirectHost: 'localhost', a: {} });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(`${name} is no longer for sale.`);
    expect(await t.db.select().from(transactions).where(eq(transactions.accountId, accountId))).toEqual([]);
    const [still] = await t.db.select().from(domains).where(eq(domains.domainId, seller.domainId));
    expect(still).toMatchObject({ status: 'active', accountId: seller.accountId });
  });

  it('sells to one of two buyers checking out at once; the other is not charged', async () => {
    const name = 'qwzxv-market-race.com';
    await listedBySeller('race-seller', name, 90_000);
    const first = await buyer('race-a');
    const second = await buyer('race-b');
    const carts = [];
    for (const { client } of [first, second]) {
      const added = await client.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }]);
      expect(added.status).toBe(201);
      carts.push({ client, cartId: added.body[0].cartId as number });
    }
    const answers = await Promise.all(
      carts.map(({ client, cartId }) => client.patch(`/api/carts/${cartId}`, { commit: true, $redirectHost: 'localhost', a: {} })),
    );
    const owners = await t.db
      .select()
      .from(domains)
      .where(and(eq(domains.domain, name), eq(domains.status, 'active')));
    expect(owners).toHaveLength(1);
    const winner = owners[0].accountId === first.accountId ? 0 : 1;
    expect([first.accountId, second.accountId]).toContain(owners[0].accountId);
    expect(answers[winner].status).toBe(200);
    expect(answers[1 - winner].status).toBeGreaterThanOrEqual(400);
    const loser = [first, second][1 - winner];
    const charged = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, loser.accountId), eq(transactions.type, 'payment')));
    expect(charged).toEqual([]);
    expect(
      await t.db
        .select()
        .from(marketSales)
        .where(and(eq(marketSales.domain, name), eq(marketSales.status, 'completed'))),
    ).toHaveLength(1);
  });

  it('refuses plans, protection and terms on a market item', async () => {
    const name = 'qwzxv-market-plain.com';
    await listedBySeller('plain', name, 50_000);
    const { client } = await buyer('plain-buyer');
    const added = await client.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }]);
    const item = added.body[0];
    const change = await client.patch(`/api/cartItems/${item.cartItemId}`, { protectionEnabled: true });
    expect(change.status).toBe(400);
  });
});

describe("the owner's Offers list", () => {
  async function offer(name: string, amount: number, email: string, ip: string, status = 200) {
    const visitor = t.client({ ip });
    const made = await visitor.post(`/api/forSale/${name}/offers`, {
      amount,
      name: 'Olive Offerer',
      email,
      message: 'Lovely name',
      token: await visitor.botToken(),
    });
    expect(made.status).toBe(status);
    return made.body;
  }

  it('lists offers at or above the floor; accept emails a link that buys at the offer through checkout; decline tells the offerer', async () => {
    const name = 'qwzxv-offer-list.com';
    const seller = await listedBySeller('offer-owner', name, 300_000, 100_000);
    await offer(name, 180_000, 'olive@example.org', '198.51.100.61');
    await offer(name, 150_000, 'pat@example.org', '198.51.100.62');
    // Below the floor: told at once, nothing stored or sent to the owner (the floor itself is never shown).
    const low = await offer(name, 50_000, 'low@example.org', '198.51.100.63', 400);
    expect(low.message).toBe(`Your offer is below what the seller accepts for ${name}, so it was not sent. Offer more, or buy it now at its list price.`);

    const list = await seller.client.get('/api/domainOffers');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((o: { email: string; status: string }) => [o.email, o.status])).toEqual([
      ['pat@example.org', 'open'],
      ['olive@example.org', 'open'],
    ]);
    const [pat, olive] = list.body.data;

    const { client: stranger } = await buyer('offer-stranger');
    expect((await stranger.patch(`/api/domainOffers/${olive.offerId}`, { action: 'accept' })).status).toBe(403);
    expect((await stranger.get('/api/domainOffers')).body.total).toBe(0);
    expect((await seller.client.patch(`/api/domainOffers/${olive.offerId}`, { action: 'maybe' })).status).toBe(400);
    expect(await t.db.select().from(domainOffers).where(eq(domainOffers.email, 'low@example.org'))).toEqual([]);

    const declined = await seller.client.patch(`/api/domainOffers/${pat.offerId}`, { action: 'decline' });
    expect(declined.body).toMatchObject({ status: 'declined' });
    const accepted = await seller.client.patch(`/api/domainOffers/${olive.offerId}`, { action: 'accept' });
    expect(accepted.body).toMatchObject({ status: 'accepted', acceptExpireDate: expect.any(String) });
    expect((await seller.client.patch(`/api/domainOffers/${olive.offerId}`, { action: 'decline' })).status).toBe(409);

    await t.runJobs();
    const [no] = (await mailTo('pat@example.org')).filter((m) => m.subject === `Your offer for ${name}`);
    expect(no.body).toContain('The owner has decided not to accept it.');
    const [yes] = await mailTo('olive@example.org');
    expect(yes.subject).toBe(`Your offer for ${name} was accepted`);
    const token = /\?offer=([\w-]+)/.exec(yes.body ?? '')?.[1] as string;
    expect(token).toBeTruthy();

    const page = await t.client().get(`/api/forSale/${name}?offer=${token}`);
    expect(page.body.offer).toMatchObject({ amount: 180_000 });
    expect((await t.client().get(`/api/forSale/${name}?offer=not-the-token`)).status).toBe(409);

    const { client: olivesClient, accountId } = await buyer('olive');
    const { added, done } = await checkout(olivesClient, [{ domain: name, domainType: 'market', offerToken: token }]);
    expect(added[0]).toMatchObject({ totalPrice: 180_000, $market: { isOffer: true } });
    expect(done.status).toBe(200);
    const [bought] = await t.db
      .select()
      .from(domains)
      .where(and(eq(domains.domain, name), eq(domains.accountId, accountId)));
    expect(bought.status).toBe('active');
    const [payout] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, seller.accountId), eq(transactions.type, 'payout')));
    expect(payout.amount).toBe(-144_000);
    const [sold] = await t.db.select().from(domainOffers).where(eq(domainOffers.offerId, olive.offerId));
    expect(sold.status).toBe('sold');
    // The name has left the owner's account with its other offers; the one that bought it stays in their list as Sold.
    const after = await seller.client.get('/api/domainOffers');
    expect(after.body.data.map((o: { email: string; status: string }) => [o.email, o.status])).toEqual([['olive@example.org', 'sold']]);
  });
});

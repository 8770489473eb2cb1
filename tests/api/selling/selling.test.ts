/**
 * Selling (control-panel spec §5 "Sell form", §9): the server checks the form's rules; a listed domain has a public
 * For Sale page whose offers are bot-checked, rate-limited, stored and answered alike; the owner hears of those at or
 * above the floor, and the others are declined to the offerer hours later (issue #26: the floor cannot be probed).
 */
import { addDays } from 'date-fns/addDays';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../api/clock.ts';
import { domainOffers, domains, outbox } from '../../../api/db/schema/index.ts';
import { offerBelowFloorMessage, offerSentMessage } from '../../../api/services/selling/for-sale.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
});
afterAll(() => t.close());

async function listedDomain(email: string, name: string) {
  const { client, accountId } = await signedInBuyer(t, email);
  const [row] = await t.db
    .insert(domains)
    .values({ accountId, domain: name, expireDate: addDays(now(), 300) })
    .returning();
  return { client, domainId: row.domainId };
}

describe('the Sell form on the server', () => {
  it('refuses a floor under $99 and a list price not above the floor, then lists with the defaults on', async () => {
    const { client, domainId } = await listedDomain('seller-one@example.org', 'qwzxv-sell-one.com');
    const low = await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 9800, listPrice: 20000 });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('Minimum Floor Price is $99');
    const inverted = await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 20000, listPrice: 20000 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toBe('Minimum List Price must be above Floor Price');
    expect((await client.get(`/api/domains/${domainId}`)).body.forSale).toBe(false);

    const listed = await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 9900, listPrice: 10000 });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ forSale: true, floorPrice: 9900, listPrice: 10000, acceptOffers: true, forSalePage: true });
    expect((await t.client().get('/api/forSale/qwzxv-sell-one.com')).body).toEqual({
      domain: 'qwzxv-sell-one.com',
      listPrice: 10000,
      acceptOffers: true,
      expireDate: expect.any(String),
      offer: null,
    });

    const removed = await client.patch(`/api/domains/${domainId}`, { forSale: false });
    expect(removed.body.forSale).toBe(false);
    expect((await t.client().get('/api/forSale/qwzxv-sell-one.com')).status).toBe(404);
  });

  it("answers 403 for another account's domain", async () => {
    const { domainId } = await listedDomain('seller-two@example.org', 'qwzxv-sell-two.com');
    const { client: stranger } = await signedInBuyer(t, 'sell-stranger@example.org');
    expect((await stranger.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 9900, listPrice: 10000 })).status).toBe(403);
  });

  it('hides the page when forSalePage is off', async () => {
    const { client, domainId } = await listedDomain('seller-three@example.org', 'qwzxv-sell-three.com');
    await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 9900, listPrice: 10000, forSalePage: false });
    expect((await t.client().get('/api/forSale/qwzxv-sell-three.com')).status).toBe(404);
  });
});

describe('offers on the For Sale page', () => {
  it('stores a bot-checked offer, emails the owner and limits offers per address', async () => {
    const name = 'qwzxv-offers-one.com';
    const { client, domainId } = await listedDomain('seller-offers@example.org', name);
    await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 15000, listPrice: 30000 });
    const visitor = t.client({ ip: '198.51.100.7' });
    const offer = { amount: 20000, name: 'Olive Offerer', email: 'olive@example.org', message: 'Love the name' };
    expect((await visitor.post(`/api/forSale/${name}/offers`, { ...offer, token: 'forged' })).status).toBe(400);
    const made = await visitor.post(`/api/forSale/${name}/offers`, { ...offer, token: await visitor.botToken() });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ message: offerSentMessage });
    expect(await t.db.select().from(domainOffers).where(eq(domainOffers.domainId, domainId))).toHaveLength(1);
    await t.runJobs();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, 'seller-offers@example.org'));
    expect(mail.subject).toBe(`New offer of $200.00 for ${name}`);

    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await visitor.post(`/api/forSale/${name}/offers`, { ...offer, token: await visitor.botToken() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('tells an offer under the floor at once that it is below what the seller accepts, without the floor, and never tells the owner', async () => {
    const name = 'qwzxv-offers-floor.com';
    const { client, domainId } = await listedDomain('seller-floor@example.org', name);
    await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 15_300, listPrice: 41_700 });
    const offer = (amount: number, email: string, ip: string) => {
      const visitor = t.client({ ip });
      return visitor
        .botToken()
        .then((token) => visitor.post(`/api/forSale/${name}/offers`, { amount, name: 'Bea Bisect', email, message: 'Is this enough?', token }));
    };
    const atFloor = await offer(15_300, 'at-floor@example.org', '198.51.100.21');
    expect({ status: atFloor.status, body: atFloor.body }).toEqual({ status: 200, body: { message: offerSentMessage } });
    for (const [amount, email, ip] of [
      [15_299, 'just-under@example.org', '198.51.100.22'],
      [9_900, 'far-under@example.org', '198.51.100.23'],
    ] as const) {
      const under = await offer(amount, email, ip);
      expect(under.status).toBe(400);
      expect(under.body.message).toBe(offerBelowFloorMessage(name));
      expect(under.body.message).toBe(
        `Your offer is below what the seller accepts for ${name}, so it was not sent. Offer more, or buy it now at its list price.`,
      );
      expect(under.body.data.errors.amount).toBe(under.body.message);
      expect(under.body.message).not.toMatch(/153/);
    }
    // Only the offer at the floor is kept and reaches the owner.
    expect((await t.db.select().from(domainOffers).where(eq(domainOffers.domainId, domainId))).map((o) => o.amount)).toEqual([15_300]);
    await t.runJobs();
    const toOwner = await t.db.select().from(outbox).where(eq(outbox.to, 'seller-floor@example.org'));
    expect(toOwner.map((m) => m.subject)).toEqual([`New offer of $153.00 for ${name}`]);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'just-under@example.org'))).toEqual([]);
  });
});

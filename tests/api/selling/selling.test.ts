/**
 * Selling (control-panel spec §5 "Sell form", §9): the server checks the form's rules; a listed domain has a public
 * For Sale page whose offers are bot-checked, rate-limited, stored and answered alike; the owner hears of those at or
 * above the floor, and the others are declined to the offerer hours later (issue #26: the floor cannot be probed).
 */
import { addDays } from 'date-fns/addDays';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, now, useClock } from '../../../api/clock.ts';
import { domainOffers, domains, outbox } from '../../../api/db/schema/index.ts';
import { forSaleOffersJob } from '../../../api/jobs/for-sale-offers.ts';
import { offerDeclineDelayHours, offerSentMessage } from '../../../api/services/selling/for-sale.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
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

  it('answers an offer under the floor as any other, never tells the owner, and declines it to the offerer hours later without the floor', async () => {
    const clock = new ManualClock(Date.now());
    const restore = useClock(clock);
    try {
      const name = 'qwzxv-offers-floor.com';
      const { client, domainId } = await listedDomain('seller-floor@example.org', name);
      await client.patch(`/api/domains/${domainId}`, { forSale: true, floorPrice: 15_300, listPrice: 41_700 });
      const offer = (amount: number, email: string, ip: string) => {
        const visitor = t.client({ ip });
        return visitor
          .botToken()
          .then((token) => visitor.post(`/api/forSale/${name}/offers`, { amount, name: 'Bea Bisect', email, message: 'Is this enough?', token }));
      };
      // A binary search for the floor learns nothing from the answers: each is the same, above or below.
      const answers = await Promise.all([
        offer(15_300, 'at-floor@example.org', '198.51.100.21'),
        offer(15_299, 'just-under@example.org', '198.51.100.22'),
        offer(9_900, 'far-under@example.org', '198.51.100.23'),
      ]);
      for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { message: offerSentMessage } });

      await t.runJobs();
      const toOwner = await t.db.select().from(outbox).where(eq(outbox.to, 'seller-floor@example.org'));
      expect(toOwner.map((m) => m.subject)).toEqual([`New offer of $153.00 for ${name}`]);
      const sentTo = async (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));
      expect(await sentTo('just-under@example.org')).toEqual([]);

      const schedule = scheduledJobRunner(t.deps, [forSaleOffersJob]);
      clock.advance((offerDeclineDelayHours - 1) * 3600_000);
      await schedule.runDue();
      await t.runJobs();
      expect(await sentTo('just-under@example.org')).toEqual([]);

      clock.advance(3600_000);
      await schedule.runDue();
      await schedule.runDue();
      await t.runJobs();
      for (const [to, amount] of [
        ['just-under@example.org', '$152.99'],
        ['far-under@example.org', '$99.00'],
      ]) {
        const mails = await sentTo(to);
        expect(mails).toHaveLength(1);
        expect(mails[0].subject).toBe(`Your offer for ${name}`);
        expect(mails[0].body).toContain(`Thank you for your offer of ${amount} for ${name}. The owner has decided not to accept it.`);
        expect(mails[0].body).toContain(`/for-sale/${name}`);
        // Neither of the owner's prices, nor what the offerer typed (the decline goes to any address given).
        expect(mails[0].body).not.toMatch(/153|417|Is this enough|Bea/);
      }
      expect(await sentTo('at-floor@example.org')).toEqual([]);
      expect((await t.db.select().from(outbox).where(eq(outbox.to, 'seller-floor@example.org'))).length).toBe(1);
    } finally {
      restore();
    }
  });
});

/** PATCH /api/domains/:id, group `website` (forward, park, builder plan) and /api/websites/:id (options, trial, site). */
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainSchema } from '../../../api/contract/domains/domain.ts';
import { websiteSettingsSchema } from '../../../api/contract/websites/website.ts';
import { accounts, domains, mfas, users } from '../../../api/db/schema/index.ts';
import { chargeableMrc } from '../../../api/services/websites/websites.ts';
import { demoEmail, seedDemoAccount } from '../../../api/services/platform/seed.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let demo: TestClient;
const password = 'website-test-password';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoAccount(t.db, { email: demoEmail, password, totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
  await t.db.update(mfas).set({ status: 'deleted' });
  demo = t.client();
  expect((await demo.post('/api/session', { email: demoEmail, password })).status).toBe(200);
  for (const row of await t.db.select().from(domains)) ids[row.domain] = row.domainId;
});
afterAll(() => t.close());

const patch = (name: string, body: Record<string, unknown>, client = demo) => client.patch(`/api/domains/${ids[name]}`, body);

describe('forward address (spec §5)', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  http://example.com  ', 'http://example.com/'],
    ['https://www.example.co.uk/menu/today?x=1&y=2#hours', 'https://www.example.co.uk/menu/today?x=1&y=2#hours'],
    ['Example.ORG:8080/shop', 'https://example.org:8080/shop'],
    ['shop.example.com?ref=dotspot', 'https://shop.example.com/?ref=dotspot'],
    ['café.fr', 'https://xn--caf-dma.fr/'],
  ])('accepts %j and stores %j', async (input, stored) => {
    const res = await patch('maplestreetbakery.com', { websiteType: 'forward', forwardUrl: input });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(domainSchema.parse(res.body)).toMatchObject({ websiteType: 'forward', forwardUrl: stored, $serviceLabel: 'Forwarding' });
  });

  it.each([
    [''],
    ['   '],
    ['example'],
    ['example.c'],
    ['example.123'],
    ['192.0.2.10'],
    ['ftp://example.com'],
    ['javascript:alert(1)'],
    ['http://'],
    ['exa mple.com'],
    ['http://user@evil.example.com'],
    ['example.com:99999'],
    ['-bad-.com'],
    [`${'a'.repeat(64)}.com`],
  ])('refuses %j with the spec message and changes nothing', async (input) => {
    await patch('maplestreetbakery.com', { websiteType: 'park', parkType: 'default' });
    const res = await patch('maplestreetbakery.com', { websiteType: 'forward', forwardUrl: input });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid website address');
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, ids['maplestreetbakery.com']));
    expect(row.websiteType).toBe('park');
  });

  it('refuses forward with no address at all, and a domain forwarding to itself', async () => {
    await t.db.update(domains).set({ forwardUrl: null }).where(eq(domains.domainId, ids['maplestreetbakery.com']));
    expect((await patch('maplestreetbakery.com', { websiteType: 'forward' })).body.message).toBe('Please enter a valid website address');
    const self = await patch('maplestreetbakery.com', { websiteType: 'forward', forwardUrl: 'www.maplestreetbakery.com/x' });
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/cannot forward to itself/);
  });

  it('keeps the forward options (keep the path, 301 or 302) and answers them on GET /api/websites/:id', async () => {
    const before = websiteSettingsSchema.parse((await demo.get(`/api/websites/${ids['maplestreetbakery.com']}`)).body);
    expect(before).toMatchObject({ forwardKeepPath: false, forwardPermanent: true });
    const res = await patch('maplestreetbakery.com', { websiteType: 'forward', forwardUrl: 'example.net', forwardKeepPath: true, forwardPermanent: false });
    expect(res.status).toBe(200);
    const after = (await demo.get(`/api/websites/${ids['maplestreetbakery.com']}`)).body;
    expect(after).toMatchObject({ forwardKeepPath: true, forwardPermanent: false });
  });
});

describe('parking', () => {
  it('parks on the blank or the default page', async () => {
    const blank = await patch('maplestreetbakery.com', { websiteType: 'park', parkType: 'blank' });
    expect(blank.body).toMatchObject({ websiteType: 'park', parkType: 'blank', $serviceLabel: 'Parking', $activeNow: null });
    const standard = await patch('maplestreetbakery.com', { websiteType: 'park', parkType: 'default' });
    expect(standard.body).toMatchObject({ websiteType: 'park', parkType: 'default' });
  });
});

describe('custom DNS', () => {
  it('refuses forward, park and the builder while the domain’s records point elsewhere, with a clear message', async () => {
    for (const body of [{ websiteType: 'forward', forwardUrl: 'example.com' }, { websiteType: 'park' }, { builderEnabled: true }]) {
      const res = await patch('quietharbor.org', body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.message).toMatch(/custom DNS records/);
    }
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, ids['quietharbor.org']));
    expect(row).toMatchObject({ websiteType: 'custom', builderEnabled: false, mrc: 0 });
  });

  it('lets a domain marked custom whose records are gone go back to parking', async () => {
    await t.db.update(domains).set({ websiteType: 'custom' }).where(eq(domains.domainId, ids['oldtownbikes.shop']));
    expect((await patch('oldtownbikes.shop', { websiteType: 'park' })).body).toMatchObject({ websiteType: 'park' });
  });
});

describe('website builder plan', () => {
  it('adds the builder with a 14-day trial: label Website, $5 a month, "Active now: Parking" until the site is shown', async () => {
    const res = await patch('maplestreetbakery.com', { builderEnabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ builderEnabled: true, mrc: 500, $serviceLabel: 'Website', $activeNow: 'Active now: Parking', websiteType: 'park' });
    const settings = (await demo.get(`/api/websites/${ids['maplestreetbakery.com']}`)).body;
    expect(differenceInCalendarDays(new Date(settings.builderTrialEndDate), new Date())).toBe(14);
    expect(settings.site.headline).toBe('Something great is coming soon');

    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, ids['maplestreetbakery.com']));
    // The monthly job charges nothing for the builder during the trial, its price after.
    expect(await chargeableMrc(t.db, row, new Date())).toBe(0);
    expect(await chargeableMrc(t.db, row, addDays(new Date(), 15))).toBe(500);

    const shown = await patch('maplestreetbakery.com', { websiteType: 'builder' });
    expect(shown.body).toMatchObject({ websiteType: 'builder', $activeNow: null });
  });

  it('cancels the builder: price back to $0, the domain parked again; adding it again does not restart the trial', async () => {
    const before = (await demo.get(`/api/websites/${ids['maplestreetbakery.com']}`)).body.builderTrialEndDate;
    const res = await patch('maplestreetbakery.com', { builderEnabled: false });
    expect(res.body).toMatchObject({ builderEnabled: false, mrc: 0, websiteType: 'park', $serviceLabel: 'Parking', builderUrl: null });
    await patch('maplestreetbakery.com', { builderEnabled: true });
    expect((await demo.get(`/api/websites/${ids['maplestreetbakery.com']}`)).body.builderTrialEndDate).toBe(before);
    await patch('maplestreetbakery.com', { builderEnabled: false });
  });

  it('prices the builder beside email as the $8.99 suite, and back to $5 email when it goes', async () => {
    const added = await patch('brightbeancoffee.net', { builderEnabled: true });
    expect(added.body).toMatchObject({ mrc: 500, $activeNow: 'Active now: Forwarding' });
    await t.db.update(domains).set({ emailEnabled: true }).where(eq(domains.domainId, ids['brightbeancoffee.net']));
    expect((await patch('brightbeancoffee.net', { builderEnabled: false })).body).toMatchObject({ mrc: 500, $serviceLabel: 'Email' });
    expect((await patch('brightbeancoffee.net', { builderEnabled: true })).body).toMatchObject({ mrc: 899, $serviceLabel: "Spot's Suite" });
  });

  it('refuses to show the builder site without the plan', async () => {
    const res = await patch('oldtownbikes.shop', { websiteType: 'builder' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Add the Website Builder to this domain first');
  });

  it('needs a default card to start the plan', async () => {
    const { client, accountId } = await signedInBuyer(t, 'nocard@example.com');
    await t.db.update((await import('../../../api/db/schema/index.ts')).paymentMethods).set({ isDefault: false });
    const [row] = await t.db
      .insert(domains)
      .values({ accountId, domain: 'nocardsite.com', expireDate: addDays(new Date(), 100) })
      .returning();
    const res = await client.patch(`/api/domains/${row.domainId}`, { builderEnabled: true });
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/payment method/);
    await t.db.update((await import('../../../api/db/schema/index.ts')).paymentMethods).set({ isDefault: true });
  });
});

describe('the builder site', () => {
  it('saves the one page (headline, text, colours) only with the builder added, and checks it', async () => {
    const url = `/api/websites/${ids['oldtownbikes.shop']}`;
    const site = { headline: 'Bikes fixed while you wait', text: 'Open every day.', accentColor: '#1A7F5A', backgroundColor: '#ffffff' };
    expect((await demo.patch(url, site)).status).toBe(409);
    await patch('oldtownbikes.shop', { builderEnabled: true });
    const saved = await demo.patch(url, site);
    expect(saved.status).toBe(200);
    expect(saved.body.site).toEqual({ ...site, accentColor: '#1a7f5a' });
    const bad = await demo.patch(url, { ...site, headline: '  ', accentColor: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/headline/);
    await patch('oldtownbikes.shop', { builderEnabled: false });
  });
});

describe('ownership', () => {
  let other: TestClient;
  let otherDomainId: number;
  beforeAll(async () => {
    const [account] = await t.db.insert(accounts).values({}).returning();
    await t.db.insert(users).values({ accountId: account.accountId, email: 'other@example.com', passwordHash: await hashPassword(password) });
    const [row] = await t.db
      .insert(domains)
      .values({ accountId: account.accountId, domain: 'someoneelse.com', expireDate: addDays(new Date(), 100) })
      .returning();
    otherDomainId = row.domainId;
    other = t.client();
    await other.post('/api/session', { email: 'other@example.com', password });
  });

  it('answers 403 for another account’s domain, 404 for none, 401 signed out, and changes nothing', async () => {
    expect((await demo.patch(`/api/domains/${otherDomainId}`, { websiteType: 'forward', forwardUrl: 'example.com' })).status).toBe(403);
    expect((await demo.patch(`/api/domains/${otherDomainId}`, { builderEnabled: true })).status).toBe(403);
    expect((await demo.get(`/api/websites/${otherDomainId}`)).status).toBe(403);
    expect(
      (await demo.patch(`/api/websites/${otherDomainId}`, { headline: 'Mine', text: '', accentColor: '#000000', backgroundColor: '#ffffff' })).status,
    ).toBe(403);
    expect((await demo.get('/api/websites/999999')).status).toBe(404);
    expect((await demo.patch('/api/domains/999999', { websiteType: 'park' })).status).toBe(404);
    expect((await t.client().get(`/api/websites/${ids['maplestreetbakery.com']}`)).status).toBe(401);
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, otherDomainId));
    expect(row).toMatchObject({ websiteType: 'park', builderEnabled: false, forwardUrl: null });
    expect((await other.get(`/api/websites/${otherDomainId}`)).status).toBe(200);
  });
});

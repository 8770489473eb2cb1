import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, domainSchema } from '../../../api/contract/domains/domain.ts';
import { accounts, domains, users } from '../../../api/db/schema/index.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { demoEmail, seedDemoAccount } from '../../../api/services/platform/seed.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';
import { mfas } from '../../../api/db/schema/index.ts';
import { eq } from 'drizzle-orm';

let t: TestContext;
let demo: TestClient;
let other: TestClient;
let otherDomainId: number;
const password = 'domains-test-password';

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoAccount(t.db, { email: demoEmail, password, totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
  // Sign the demo account in without its second factor: these tests are about domains, not login.
  await t.db.update(mfas).set({ status: 'deleted' });
  demo = t.client();
  expect((await demo.post('/api/session', { email: demoEmail, password })).status).toBe(200);

  const [account] = await t.db.insert(accounts).values({}).returning();
  await t.db.insert(users).values({ accountId: account.accountId, email: 'other@example.com', passwordHash: await hashPassword(password) });
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: account.accountId, domain: 'someoneelse.com', expireDate: new Date(Date.now() + 100 * 86400000) })
    .returning();
  otherDomainId = row.domainId;
  other = t.client();
  await other.post('/api/session', { email: 'other@example.com', password });
});
afterAll(() => t.close());

describe('GET /api/domains', () => {
  it('lists only the caller’s domains in the list shape, with every display status and service label', async () => {
    const res = await demo.get('/api/domains');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 9, skip: 0 });
    const byName = Object.fromEntries(res.body.data.map((d: Record<string, unknown>) => [d.domain, d]));
    expect(byName['someoneelse.com']).toBeUndefined();
    expect(byName['brightbeancoffee.com']).toMatchObject({ $displayStatus: 'active', $serviceLabel: "Spot's Suite", mrc: 899 });
    expect(byName['brightbeancoffee.net']).toMatchObject({ $serviceLabel: 'Forwarding' });
    expect(byName['oldtownbikes.shop']).toMatchObject({ $displayStatus: 'expiring', $serviceLabel: 'Parking' });
    expect(byName['lakesidephoto.studio']).toMatchObject({ $displayStatus: 'expired' });
    expect(byName['northwindlabs.io']).toMatchObject({ $displayStatus: 'pending', $transferPending: true });
    expect(byName['quietharbor.org']).toMatchObject({ $serviceLabel: 'Custom', forSale: true });
    expect(byName['sunsetyogastudio.com']).toMatchObject({ $displayStatus: 'active', outboundTransferStatus: 'pending', $transferPending: true });
    expect(byName['badcode-maplebakery.com']).toMatchObject({ $displayStatus: 'pending', inboundTransferStatus: 'auth-code-rejected' });
    expect(byName['brightbeancoffee.com'].authCode).toBeNull();
    // Auth codes are shown only in the answer to an unlock (recent sign-in required), never in a list.
    expect(byName['quietharbor.org'].authCode).toBeNull();
  });

  it('embeds dnsRecords and emails on request and flags mailboxes over 5 GB', async () => {
    const res = await demo.get('/api/domains?$relations[]=dnsRecords&$relations[]=emails&domain=brightbeancoffee.com');
    expect(res.body.total).toBe(1);
    const [d] = res.body.data;
    expect(d.dnsRecords.map((r: { type: string }) => r.type).sort()).toEqual(['MX', 'TXT']);
    expect(d.emails).toHaveLength(3);
    expect(d.$emailOverLimit).toBe(true);
    expect(JSON.stringify(d.emails)).not.toContain('passwordHash');
  });

  it('filters, sorts and pages', async () => {
    const expired = await demo.get('/api/domains?status=expired');
    expect(expired.body.data.map((d: { domain: string }) => d.domain)).toEqual(['lakesidephoto.studio']);
    const page = await demo.get('/api/domains?$sort[expireDate]=1&limit=2&skip=1');
    expect(page.body.total).toBe(9);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].domain).toBe('oldtownbikes.shop');
    const priced = await demo.get('/api/domains?$renewalPricing=true&domain=quietharbor.org');
    expect(priced.body.data[0].renewPrice).toEqual(expect.any(Number));
    expect((await demo.get('/api/domains?owner=me')).status).toBe(400);
    expect((await demo.get('/api/domains?$relations[]=secrets')).status).toBe(400);
  });

  it('answers 403 for another account’s domain and 404 for none', async () => {
    expect((await demo.get(`/api/domains/${otherDomainId}`)).status).toBe(403);
    expect((await demo.get('/api/domains/999999')).status).toBe(404);
    const [mine] = await t.db.select().from(domains).where(eq(domains.domain, 'quietharbor.org'));
    const own = await demo.get(`/api/domains/${mine.domainId}?$relations[]=dnsRecords`);
    expect(own.status).toBe(200);
    expect(own.body.dnsRecords).toHaveLength(2);
    expect((await other.get(`/api/domains/${mine.domainId}`)).status).toBe(403);
  });

  it('is 401 for a visitor', async () => {
    expect((await t.client().get('/api/domains')).status).toBe(401);
  });
});

describe('GET /api/accounts/0 for the demo account', () => {
  it('derives the monthly bill and auto pay from its domains and card', async () => {
    const res = await demo.get('/api/accounts/0');
    expect(res.body.recurringBillAmount).toBe(899);
    expect(res.body.autoPayDescription).toMatch(/^Visa ending in 4242/);
    expect(res.body.advancedEnabled).toBe(true);
  });
});

describe('the contract', () => {
  it('gives the shapes of domains (with their relations and renewal prices) and the account, as the account app reads them', async () => {
    const list = await demo.get('/api/domains?$relations[]=dnsRecords&$relations[]=emails&$renewalPricing=true');
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const domain of list.body.data) expect(domainSchema.safeParse(domain).error).toBeUndefined();
    const one = await demo.get(`/api/domains/${list.body.data[0].domainId}`);
    expect(domainSchema.safeParse(one.body).error).toBeUndefined();
    expect(accountSchema.safeParse((await demo.get('/api/accounts/0')).body).error).toBeUndefined();
  });
});

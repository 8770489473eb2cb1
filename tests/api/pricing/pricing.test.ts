/**
 * Wholesale costs and pricing rules: the sandbox's costs synced, a rule previewed and saved (audited) changing the
 * prices search shows, a rule that would sell below cost refused, a sale below cost refused at checkout and never
 * charged, and a renewal price rise pausing auto-renew until the customer accepts it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, domains, outbox, priceRiseNotices, wholesaleCostHistory, wholesaleCosts } from '../../../api/db/schema/index.ts';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient } from '../../fixtures/staff.ts';

const {
  t,
  staff: { billing },
} = useFileTestContext({ staff: ['billing'] });

const fileCom = async () => (await t.client().get('/api/tlds/com')).body.newPricing[0] as number;

describe('wholesale costs', () => {
  it('syncs the sandbox costs (three quarters of the catalogue file) with their history, on demand', async () => {
    const price = await fileCom();
    const synced = await billing.client.post('/api/admin/pricing/sync', {});
    expect(synced.status).toBe(200);
    expect(documented('POST /admin/pricing/sync', synced.body).source).toBe('sandbox');
    expect(synced.body.extensions).toBeGreaterThan(300);
    const [cost] = await t.db
      .select()
      .from(wholesaleCosts)
      .where(and(eq(wholesaleCosts.tld, 'com'), eq(wholesaleCosts.action, 'register')));
    expect(cost.cents).toBe(Math.round(price * 0.75));
    const history = await t.db.select().from(wholesaleCostHistory).where(eq(wholesaleCostHistory.tld, 'com'));
    expect(history.map((row) => row.action).sort()).toEqual(['register', 'renew', 'restore', 'transfer']);

    const table = await billing.client.get('/api/admin/pricing');
    const com = documented('GET /admin/pricing', table.body).rows.find((row: { tld: string }) => row.tld === 'com');
    expect(com).toMatchObject({ cost: { register: cost.cents }, rule: null, retail: { register: price } });
  });

  it('lets only owner and billing staff see and set pricing', async () => {
    const support = await staffClient(t, 'support');
    expect((await support.client.get('/api/admin/pricing')).status).toBe(403);
    expect((await support.client.post('/api/admin/pricing/rules', { tld: '*', marginPercent: 10 })).status).toBe(403);
  });
});

describe('pricing rules', () => {
  it('previews what a rule changes, then saves it (audited) and search shows the new price at once', async () => {
    const [cost] = await t.db
      .select()
      .from(wholesaleCosts)
      .where(and(eq(wholesaleCosts.tld, 'com'), eq(wholesaleCosts.action, 'register')));
    const rule = { tld: '*', marginPercent: 60, marginFixedCents: 0, rounding: '99', floorMarginCents: 100 };
    const expected = Math.floor(Math.ceil(cost.cents * 1.6) / 100) * 100 + 99;

    const preview = await billing.client.post('/api/admin/pricing/preview', rule);
    expect(preview.status).toBe(200);
    expect(documented('POST /admin/pricing/preview', preview.body).changes).toContainEqual({
      tld: 'com',
      action: 'register',
      before: await fileCom(),
      after: expected,
      cost: cost.cents,
    });
    expect(await fileCom()).not.toBe(expected);

    const saved = await billing.client.post('/api/admin/pricing/rules', { ...rule, reason: 'New margins for the season' });
    expect(saved.status).toBe(200);
    expect(documented('POST /admin/pricing/rules', saved.body)).toMatchObject({ rule: { tld: '*', marginBasisPoints: 6000 } });
    expect(await fileCom()).toBe(expected);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'pricing.rule'));
    expect(entry).toMatchObject({ targetLabel: 'Default pricing rule', reason: 'New margins for the season' });

    const table = await billing.client.get('/api/admin/pricing');
    const com = documented('GET /admin/pricing', table.body).rows.find((row: { tld: string }) => row.tld === 'com');
    expect(com.rule).toMatchObject({ tld: '*', marginBasisPoints: 6000, rounding: '99' });
    expect(com.retail.register).toBe(expected);
  });

  it('refuses a rule that would sell below cost, and leaves prices as they were', async () => {
    const before = await fileCom();
    const refused = await billing.client.post('/api/admin/pricing/rules', { tld: 'com', marginPercent: -30 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/below cost/);
    const negativeFloor = await billing.client.post('/api/admin/pricing/preview', { tld: 'com', marginPercent: 10, floorMarginCents: -500 });
    expect(negativeFloor.status).toBe(422);
    expect(await fileCom()).toBe(before);
  });

  it('prices one extension by its own override', async () => {
    const saved = await billing.client.post('/api/admin/pricing/rules', { tld: '.NET', marginPercent: 0, marginFixedCents: 500, rounding: 'whole' });
    expect(saved.status).toBe(200);
    const [cost] = await t.db
      .select()
      .from(wholesaleCosts)
      .where(and(eq(wholesaleCosts.tld, 'net'), eq(wholesaleCosts.action, 'register')));
    expect((await t.client().get('/api/tlds/net')).body.newPricing[0]).toBe(Math.ceil((cost.cents + 500) / 100) * 100);
    expect((await billing.client.delete('/api/admin/pricing/rules/net')).status).toBe(200);
  });
});

describe('selling below cost', () => {
  it('refuses the checkout with a clear message and charges nothing', async () => {
    const name = `below-cost-${Date.now().toString(36)}.org`;
    const buyer = await signedInBuyer(t, `buyer-${name}@example.org`);
    const added = await buyer.client.post('/api/cartItems', { domain: name, years: 1 });
    expect(added.status).toBe(201);
    // The upstream's cost rose above the price in the cart since the last sync priced it.
    await t.db
      .update(wholesaleCosts)
      .set({ cents: 999_999 })
      .where(and(eq(wholesaleCosts.tld, 'org'), eq(wholesaleCosts.action, 'register')));
    const done = await buyer.client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
    expect(done.status).toBe(409);
    expect(done.body.message).toMatch(/below what it costs us/);
    expect(await t.db.select().from(domains).where(eq(domains.domain, name))).toEqual([]);
    const charges = await buyer.client.get('/api/transactions');
    expect(charges.body.total ?? charges.body.data?.length ?? 0).toBe(0);
  });
});

describe('renewal price rises', () => {
  it('pauses auto-renew above the threshold, emails the before and after prices, and one click accepts', async () => {
    const email = `holder-${Date.now().toString(36)}@example.org`;
    const buyer = await signedInBuyer(t, email);
    const expireDate = new Date(Date.now() + 200 * 24 * 3600 * 1000);
    const [domain] = await t.db
      .insert(domains)
      .values({ accountId: buyer.accountId, domain: `rising-${Date.now().toString(36)}.xyz`, expireDate, autoRenewEnabled: true, autoRenewDate: expireDate })
      .returning();
    // A Dutch consumer holding a name of the same extension reads the prices with their VAT in them.
    const dutchEmail = `dutch-holder-${Date.now().toString(36)}@example.org`;
    const dutch = await signedInBuyer(t, dutchEmail);
    const [dutchAccount] = await t.db.select().from(accounts).where(eq(accounts.accountId, dutch.accountId));
    await t.db
      .update(accounts)
      .set({ registrantContact: { ...dutchAccount.registrantContact, country: 'NL', state: '' } as typeof dutchAccount.registrantContact })
      .where(eq(accounts.accountId, dutch.accountId));
    const [dutchDomain] = await t.db
      .insert(domains)
      .values({ accountId: dutch.accountId, domain: `rising-nl-${Date.now().toString(36)}.xyz`, expireDate, autoRenewEnabled: true, autoRenewDate: expireDate })
      .returning();
    const before = (await t.client().get('/api/tlds/xyz')).body.renewPricing[0] as number;

    const saved = await billing.client.post('/api/admin/pricing/rules', { tld: 'xyz', marginPercent: 200 });
    expect(saved.status).toBe(200);
    const after = (await t.client().get('/api/tlds/xyz')).body.renewPricing[0] as number;
    expect(after).toBeGreaterThan(before * 1.2);
    expect(saved.body.priceRises).toMatchObject({ tlds: ['xyz'], notices: 2, paused: 2 });

    const [paused] = await t.db.select().from(domains).where(eq(domains.domainId, domain.domainId));
    expect(paused.autoRenewEnabled).toBe(false);
    await t.runJobs();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, email));
    const mail = mails.find((m) => m.subject?.includes(domain.domain));
    expect(mail?.subject).toContain(`from $${(before / 100).toFixed(2)} to $${(after / 100).toFixed(2)}`);
    expect(mail?.body).toContain('paused its auto-renew');
    expect(mail?.body).not.toContain('VAT');
    const withVat = (cents: number) => `$${((cents + Math.round(cents * 0.21)) / 100).toFixed(2)}`;
    const [dutchMail] = (await t.db.select().from(outbox).where(eq(outbox.to, dutchEmail))).filter((m) => m.subject?.includes(dutchDomain.domain));
    expect(dutchMail?.subject).toContain(`from ${withVat(before)} to ${withVat(after)} a year`);
    expect(dutchMail?.body).toContain(`to ${withVat(after)} (VAT 21% (Netherlands) included).`);

    const pending = await buyer.client.get('/api/priceRises');
    expect(pending.body.data).toEqual([expect.objectContaining({ domain: domain.domain, before, after, paused: true })]);
    const accepted = await buyer.client.post(`/api/priceRises/${pending.body.data[0].noticeId}/accept`, {});
    expect(accepted.status).toBe(200);
    const [renewing] = await t.db.select().from(domains).where(eq(domains.domainId, domain.domainId));
    expect(renewing.autoRenewEnabled).toBe(true);
    expect(renewing.autoRenewDate).not.toBeNull();
    expect((await buyer.client.get('/api/priceRises')).body.data).toEqual([]);
    const [notice] = await t.db.select().from(priceRiseNotices).where(eq(priceRiseNotices.domainId, domain.domainId));
    expect(notice.acceptDate).not.toBeNull();
  });

  it('another account cannot accept a notice that is not theirs', async () => {
    const [notice] = await t.db.select().from(priceRiseNotices).limit(1);
    const stranger = await signedInBuyer(t, `stranger-${Date.now().toString(36)}@example.org`);
    expect((await stranger.client.post(`/api/priceRises/${notice.id}/accept`, {})).status).toBe(404);
  });
});

/**
 * Renewals through POST /api/renewals (preview, then commit) and GET /api/renewals, with the clock fixed: prices from
 * the catalogue and the registry's premium price, the 10-year cap, money moved only for what the registry renewed.
 */
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cappedTermMessage, noRenewPriceMessage } from '../../../api/contract/renewals/renewals.ts';
import { domains, paymentMethods, registryDomains } from '../../../api/db/schema/index.ts';
import { premiumPrice } from '../../../api/providers/registry/sandbox-world.ts';
import { useFileClock, useFileTestContext } from '../../fixtures/file-test-context.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';

const today = new Date(Date.UTC(2026, 2, 1, 12));
const _clock = useFileClock(today);
const { t, nextBuyer, ledgerOf, payments } = useFileTestContext();

const rowOf = async (domainId: number) => (await t.db.select().from(domains).where(eq(domains.domainId, domainId)))[0];
let keys = 0;
const orderKey = () => `order-key-${++keys}-${Date.now()}`;

describe('GET /api/renewals', () => {
  it('lists renewable domains by expiry with the chosen one first, hiding transfers and deleted names', async () => {
    const { client, accountId } = await nextBuyer();
    const late = await ownDomain(t, accountId, 'qwzx-late.com', { expireDate: addYears(today, 1) });
    const soon = await ownDomain(t, accountId, 'qwzx-soon.net', { expireDate: subDays(addYears(today, 1), 100) });
    await ownDomain(t, accountId, 'qwzx-moving.com', { expireDate: today, status: 'transfer' });
    await ownDomain(t, accountId, 'qwzx-gone.com', { expireDate: today, status: 'deleted' });
    const listed = await client.get('/api/renewals');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { domain: string }) => d.domain)).toEqual(['qwzx-soon.net', 'qwzx-late.com']);
    expect(listed.body.data[1]).toMatchObject({ renewPrice: 1128, redemptionPrice: null, maxRenewalPeriod: 9 });
    const pinned = await client.get(`/api/renewals?domainId=${late.domainId}`);
    expect(pinned.body.data.map((d: { domainId: number }) => d.domainId)).toEqual([late.domainId, soon.domainId]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.client().get('/api/renewals')).status).toBe(401);
  });
});

describe('POST /api/renewals preview', () => {
  it('prices renewal, redemption and protection per domain-year, premium names at the registry price', async () => {
    const { client, accountId } = await nextBuyer();
    const plain = await ownDomain(t, accountId, 'qwzx-plain.com', { expireDate: addYears(today, 1) });
    const lapsed = await ownDomain(t, accountId, 'qwzx-lapsed.shop', { expireDate: subDays(today, 40), status: 'redemption' });
    const premium = await ownDomain(t, accountId, 'garden.app', { expireDate: addYears(today, 1) });
    const perYear = premiumPrice('garden.app');
    expect(perYear).toBeGreaterThan(1498);
    const preview = await client.post('/api/renewals', {
      renewalPeriod: 2,
      domains: [
        { domainId: plain.domainId, protectionEnabled: true },
        { domainId: lapsed.domainId, protectionEnabled: false },
        { domainId: premium.domainId, protectionEnabled: false },
      ],
      commit: false,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.domains).toMatchObject([
      {
        domain: 'qwzx-plain.com',
        renewalPeriod: 2,
        renewPrice: 2 * 1128,
        redemptionPrice: null,
        protectionPrice: 1000,
        newExpireDate: addYears(today, 3).toISOString(),
      },
      { domain: 'qwzx-lapsed.shop', renewalPeriod: 2, renewPrice: 2 * 3299, redemptionPrice: 8000, protectionPrice: 0 },
      { domain: 'garden.app', renewalPeriod: 2, renewPrice: 2 * (perYear ?? 0) },
    ]);
    expect(preview.body.totalPrice).toBe(2 * 1128 + 1000 + 2 * 3299 + 8000 + 2 * (perYear ?? 0));
    expect(preview.body.committed).toBe(false);
    expect(await ledgerOf(accountId)).toEqual([]);
  });

  it('caps the term at 10 years from today and says so by the period it returns', async () => {
    const { client, accountId } = await nextBuyer();
    const far = await ownDomain(t, accountId, 'qwzx-far.com', { expireDate: subDays(addYears(today, 8), 100) });
    const preview = await client.post('/api/renewals', { renewalPeriod: 5, domains: [{ domainId: far.domainId }] });
    expect(preview.status).toBe(200);
    expect(preview.body.domains[0]).toMatchObject({ renewalPeriod: 2, renewPrice: 2 * 1128 });
    expect(cappedTermMessage).toContain('max registration term');
    const maxed = await ownDomain(t, accountId, 'qwzx-maxed.com', { expireDate: subDays(addYears(today, 10), 1) });
    const refused = await client.post('/api/renewals', { renewalPeriod: 1, domains: [{ domainId: maxed.domainId }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('maximum of 10 years');
  });

  it('refuses a domain with no renew price with the support message, an empty selection, and a bad period', async () => {
    const { client, accountId } = await nextBuyer();
    const unsold = await ownDomain(t, accountId, 'qwzx-odd.notsoldhere', { expireDate: addYears(today, 1) });
    const listed = await client.get('/api/renewals');
    expect(listed.body.data[0]).toMatchObject({ domain: 'qwzx-odd.notsoldhere', renewPrice: null });
    const refused = await client.post('/api/renewals', { renewalPeriod: 1, domains: [{ domainId: unsold.domainId }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(noRenewPriceMessage);
    const empty = await client.post('/api/renewals', { renewalPeriod: 1, domains: [] });
    expect(empty).toMatchObject({ status: 400 });
    expect(empty.body.message).toContain('No domains selected');
    const tooLong = await client.post('/api/renewals', { renewalPeriod: 11, domains: [{ domainId: unsold.domainId }] });
    expect(tooLong.status).toBe(400);
  });

  it("answers 403 for another account's domain and 404 for none", async () => {
    const { accountId } = await nextBuyer();
    const theirs = await ownDomain(t, accountId, 'qwzx-theirs.com', { expireDate: addYears(today, 1) });
    const { client } = await nextBuyer();
    expect((await client.post('/api/renewals', { domains: [{ domainId: theirs.domainId }] })).status).toBe(403);
    expect((await client.post('/api/renewals', { domains: [{ domainId: 999999 }] })).status).toBe(404);
  });
});

describe('POST /api/renewals commit', () => {
  it('renews at the registry and here, charges the default card once with ledger rows, even when placed twice', async () => {
    const { client, accountId } = await nextBuyer();
    const one = await ownDomain(t, accountId, 'qwzx-one.com', { expireDate: addYears(today, 1) });
    const two = await ownDomain(t, accountId, 'qwzx-two.net', { expireDate: subDays(today, 3), status: 'expired' });
    const body = {
      renewalPeriod: 2,
      domains: [
        { domainId: one.domainId, protectionEnabled: true },
        { domainId: two.domainId, protectionEnabled: false },
      ],
      commit: true,
      orderKey: orderKey(),
    };
    const [first, second] = await Promise.all([client.post('/api/renewals', body), client.post('/api/renewals', body)]);
    const done = first.status === 200 ? first : second;
    expect(done.status).toBe(200);
    // The other is told the order is being placed, or (if it came after) answered with the same result.
    expect([200, 409]).toContain(first.status === 200 ? second.status : first.status);
    const total = 2 * 1128 + 1000 + 2 * 1198;
    expect(done.body).toMatchObject({ committed: true, totalPrice: total, cardDescription: 'Visa ending in 4242' });
    expect(done.body.domains.map((d: { status: string }) => d.status)).toEqual(['renewed', 'renewed']);
    const [a, b] = [await rowOf(one.domainId), await rowOf(two.domainId)];
    expect(a.expireDate).toEqual(addYears(one.expireDate, 2));
    expect(a).toMatchObject({ status: 'active', protectionEnabled: true, protectionPaidUntil: addYears(one.expireDate, 2) });
    expect(b).toMatchObject({ status: 'active', expireDate: addYears(two.expireDate, 2) });
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'qwzx-one.com'));
    expect(registry.expireDate).toEqual(addYears(one.expireDate, 2));
    const ledger = await ledgerOf(accountId);
    expect(ledger.filter((row) => row.type === 'nrc').reduce((s, row) => s + row.amount, 0)).toBe(total);
    expect(ledger.filter((row) => row.type === 'payment').map((row) => row.amount)).toEqual([-total]);
    expect(ledger.map((row) => row.description)).toContain('Domain Protection: qwzx-one.com (2 years)');
    const captured = (await payments().ledger()).filter((p) => p.status === 'succeeded' && p.amount === total);
    expect(captured).toHaveLength(1);
    // The same order sent again answers with its result and charges nothing more.
    const again = await client.post('/api/renewals', body);
    expect(again.status).toBe(200);
    expect((await rowOf(one.domainId)).expireDate).toEqual(addYears(one.expireDate, 2));
    expect((await ledgerOf(accountId)).length).toBe(ledger.length);
  });

  it('answers 402 without a default card and changes nothing', async () => {
    const { client, accountId } = await nextBuyer();
    await t.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.accountId, accountId));
    const row = await ownDomain(t, accountId, 'qwzx-nocard.com', { expireDate: addYears(today, 1) });
    const answer = await client.post('/api/renewals', { domains: [{ domainId: row.domainId }], commit: true, orderKey: orderKey() });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe('Please add a default payment method to your account first');
    expect((await rowOf(row.domainId)).expireDate).toEqual(row.expireDate);
  });

  it('leaves everything as it was when the card is declined', async () => {
    const { client, accountId } = await nextBuyer();
    await useCard(t, accountId, '0341');
    const row = await ownDomain(t, accountId, 'qwzx-declined.com', { expireDate: addYears(today, 1) });
    const answer = await client.post('/api/renewals', { domains: [{ domainId: row.domainId }], commit: true, orderKey: orderKey() });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe('Your card was declined.');
    expect((await rowOf(row.domainId)).expireDate).toEqual(row.expireDate);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'qwzx-declined.com'));
    expect(registry.expireDate).toEqual(row.expireDate);
    expect(await ledgerOf(accountId)).toEqual([]);
    // With a working card the same domain renews (the failed order may be placed again).
    await useCard(t, accountId, '4242');
    const retried = await client.post('/api/renewals', { domains: [{ domainId: row.domainId }], commit: true, orderKey: orderKey() });
    expect(retried.status).toBe(200);
  });

  it('charges nothing when the registry refuses the renewal', async () => {
    const { client, accountId } = await nextBuyer();
    const row = await ownDomain(t, accountId, 'qwzx-unknown-at-registry.com', { expireDate: addYears(today, 1), atRegistry: false });
    const before = (await payments().ledger()).length;
    const answer = await client.post('/api/renewals', { domains: [{ domainId: row.domainId }], commit: true, orderKey: orderKey() });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toContain('You have not been charged');
    expect((await rowOf(row.domainId)).expireDate).toEqual(row.expireDate);
    expect(await ledgerOf(accountId)).toEqual([]);
    const intents = (await payments().ledger()).slice(before);
    expect(intents.every((p) => p.status === 'canceled')).toBe(true);
  });

  it('asks for 3-D Secure when the card demands it, then renews with the authenticated intent', async () => {
    const { client, accountId } = await nextBuyer();
    await useCard(t, accountId, '3184');
    const row = await ownDomain(t, accountId, 'qwzx-secure.com', { expireDate: addYears(today, 1) });
    const body = { domains: [{ domainId: row.domainId }], commit: true, orderKey: orderKey() };
    const first = await client.post('/api/renewals', body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ requiresAction: true, committed: false });
    expect((await rowOf(row.domainId)).expireDate).toEqual(row.expireDate);
    await payments().authenticate(first.body.paymentIntentId, 'complete');
    const confirmed = await client.post('/api/renewals', { ...body, paymentIntentId: first.body.paymentIntentId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ committed: true, totalPrice: 1128 });
    expect((await rowOf(row.domainId)).expireDate).toEqual(addYears(row.expireDate, 1));
  });
});

describe('PATCH /api/domains/:id renewal settings', () => {
  it('turns auto-renew off and on, keeping autoRenewDate 15 days before expiry while it is on', async () => {
    const { client, accountId } = await nextBuyer();
    const row = await ownDomain(t, accountId, 'qwzx-toggle.com', { expireDate: addYears(today, 1) });
    const off = await client.patch(`/api/domains/${row.domainId}`, { autoRenewEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ autoRenewEnabled: false, autoRenewDate: null });
    const on = await client.patch(`/api/domains/${row.domainId}`, { autoRenewEnabled: true });
    expect(on.body).toMatchObject({ autoRenewEnabled: true, autoRenewDate: subDays(addYears(today, 1), 15).toISOString() });
  });

  it('charges $5 per year left in the term to add protection, refunds nothing on removal, and re-adds it free', async () => {
    const { client, accountId } = await nextBuyer();
    const row = await ownDomain(t, accountId, 'qwzx-guard.com', { expireDate: subDays(addYears(today, 2), 30) });
    const added = await client.patch(`/api/domains/${row.domainId}`, { protectionEnabled: true });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ protectionEnabled: true, protectionPaidUntil: row.expireDate.toISOString() });
    const charged = async () => (await ledgerOf(accountId)).filter((r) => r.type === 'nrc').map((r) => [r.description, r.amount]);
    expect(await charged()).toEqual([['Domain Protection: qwzx-guard.com (2 years)', 1000]]);
    const removed = await client.patch(`/api/domains/${row.domainId}`, { protectionEnabled: false });
    expect(removed.body.protectionEnabled).toBe(false);
    expect((await ledgerOf(accountId)).length).toBe(2);
    const again = await client.patch(`/api/domains/${row.domainId}`, { protectionEnabled: true });
    expect(again.body.protectionEnabled).toBe(true);
    expect(await charged()).toEqual([['Domain Protection: qwzx-guard.com (2 years)', 1000]]);
  });

  it('adds no protection when the card is declined', async () => {
    const { client, accountId } = await nextBuyer();
    await useCard(t, accountId, '0341');
    const row = await ownDomain(t, accountId, 'qwzx-guard-declined.com', { expireDate: addYears(today, 1) });
    const refused = await client.patch(`/api/domains/${row.domainId}`, { protectionEnabled: true });
    expect(refused.status).toBe(402);
    expect((await rowOf(row.domainId)).protectionEnabled).toBe(false);
    expect(await ledgerOf(accountId)).toEqual([]);
  });

  it("refuses another account's domain with 403", async () => {
    const { accountId } = await nextBuyer();
    const theirs = await ownDomain(t, accountId, 'qwzx-not-yours.com', { expireDate: addYears(today, 1) });
    const { client } = await nextBuyer();
    expect((await client.patch(`/api/domains/${theirs.domainId}`, { protectionEnabled: true })).status).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContact } from '../../api/services/seed.ts';
import { domains } from '../../api/db/schema/index.ts';
import { createTestContext, type TestContext } from '../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('transfer check', () => {
  it('answers every reason of the sandbox world with prices and registry facts', async () => {
    await t.deps.providers.registry.register({ domain: 'qwzxv-already-ours.com', years: 1, contact: demoContact, nameservers: [] });
    const client = t.client();
    await client.post('/api/cartItems', { domain: 'transfer-in-cart.com', domainType: 'transfer' });
    const token = await client.botToken();
    const answer = await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, {
      domains: [
        'transfer-bakery.com',
        'locked-bakery.com',
        'newly-bakery.com',
        'maxed-bakery.com',
        'qwzxv-nobody-owns.com',
        'transfer-bakery.notarealtld',
        'qwzxv-already-ours.com',
        'transfer-in-cart.com',
        'Transfer-Bakery.com',
      ],
    });
    expect(answer.status).toBe(200);
    const byName = Object.fromEntries(answer.body.domains.map((d: { domain: string }) => [d.domain, d]));
    expect(answer.body.domains).toHaveLength(8);
    expect(byName['transfer-bakery.com']).toMatchObject({ ok: true, reason: null, transferPrice: expect.any(Number), renewPrice: expect.any(Number) });
    expect(byName['transfer-bakery.com'].registrarName).toBeTruthy();
    expect(byName['transfer-bakery.com'].expireDate).toMatch(/^\d{4}-/);
    expect(byName['locked-bakery.com']).toMatchObject({ ok: false, reason: 'locked' });
    expect(byName['newly-bakery.com']).toMatchObject({ ok: false, reason: 'too-new' });
    expect(byName['maxed-bakery.com']).toMatchObject({ ok: false, reason: 'too-far-in-the-future' });
    expect(byName['qwzxv-nobody-owns.com']).toMatchObject({ ok: false, reason: 'not-registered' });
    expect(byName['transfer-bakery.notarealtld']).toMatchObject({ ok: false, reason: 'unsupported-tld' });
    expect(byName['qwzxv-already-ours.com']).toMatchObject({ ok: false, reason: 'ours' });
    expect(byName['transfer-in-cart.com']).toMatchObject({ ok: false, reason: 'inCart' });
  });

  it('needs a bot-check token, used once', async () => {
    const client = t.client();
    expect((await client.post('/api/domainTransferCheck', { domains: ['transfer-x1.com'] })).status).toBe(400);
    const token = await client.botToken();
    expect((await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, { domains: ['transfer-x1.com'] })).status).toBe(200);
    expect((await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, { domains: ['transfer-x1.com'] })).status).toBe(400);
    expect((await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(await client.botToken())}`, { domains: [] })).body.message).toMatch(
      /No domains entered/,
    );
  });

  it('adds transfers in one batch and a completed order leaves them pending with a year added', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', [
      { type: 'domain', domain: 'transfer-batch-one.com', domainType: 'transfer', authCode: 'AUTH-1', price: 1 },
      { type: 'domain', domain: 'transfer-batch-two.net', domainType: 'transfer', authCode: '' },
    ]);
    expect(added.status).toBe(201);
    expect(added.body.map((i: { domainType: string }) => i.domainType)).toEqual(['transfer', 'transfer']);
    expect(added.body[0].yearOptions).toHaveLength(9);
    // Logged-in buyer: sign in the demo-like account directly.
    const { accounts, users, paymentMethods } = await import('../../api/db/schema/index.ts');
    const [account] = await t.db.insert(accounts).values({ registrantContact: demoContact }).returning();
    const [user] = await t.db.insert(users).values({ accountId: account.accountId, email: 'transfer-buyer@example.org', passwordHash: 'x' }).returning();
    await t.db.insert(paymentMethods).values({
      accountId: account.accountId,
      provider: 'sandbox',
      providerPaymentMethodId: 'pm_sandbox_demo_visa_4242',
      providerCustomerId: 'cus_sandbox_demo',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      isDefault: true,
    });
    const { createSession } = await import('../../api/services/sessions.ts');
    const buyer = t.client();
    buyer.cookies.set('ds_session', (await createSession(t.db, { userId: user.userId, accountId: account.accountId, state: 'active' })).token);
    const cart = await buyer.post('/api/cartItems', { domain: 'transfer-logged-in.com', domainType: 'transfer' });
    const done = await buyer.patch(`/api/carts/${cart.body.cartId}`, { commit: true, a: {} });
    expect(done.status).toBe(200);
    const [domain] = await t.db.select().from(domains).where(eq(domains.domain, 'transfer-logged-in.com'));
    expect(domain).toMatchObject({ status: 'transfer', inboundTransferStatus: 'pending', privacyEnabled: true, autoRenewEnabled: true });
  });
});

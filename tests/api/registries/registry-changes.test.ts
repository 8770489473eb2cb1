/**
 * Changes that reach the registry from PATCH /api/domains/:id (issue #26: 40 alternating privacy and lock changes in
 * under a second all went to the registry). Unchanged values never reach it and a burst of the same change becomes
 * one command; changes are limited per domain and per account (429 with Retry-After and when to try again), tokens
 * included; and a registry-wide budget plus a cap on changes in flight keep a flood from many accounts off the
 * sessions checkout needs: the checkout completes while the flood gets 429s.
 */
import { addYears } from 'date-fns/addYears';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { domains, outbox } from '../../../api/db/schema/index.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { type PooledRegistry, sessionPoolRegistry } from '../../fixtures/session-pool-registry.ts';
import { createTestContext, type TestClient, type TestContext, type TestResponse } from '../../fixtures/test-app.ts';

/** The defaults: 10 changes per domain and 60 per account in 10 minutes, 300 a minute overall, 1 in flight. */
let t: TestContext;
/** Small numbers, and the registry behind two EPP-like sessions. */
let tight: TestContext;
const tightEnv = { REGISTRY_CHANGES_PER_DOMAIN: '3', REGISTRY_CHANGES_PER_ACCOUNT: '5', REGISTRY_CHANGES_PER_MINUTE: '8', BOT_CHECK_DIFFICULTY: '1' };

// The limits count in fixed 10-minute windows: start just after one opens, so "try again in" always reads in minutes
// (started near a window's end it would say seconds).
const clock = new ManualClock(Math.floor(Date.now() / 600_000) * 600_000 + 1_000);
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  [t, tight] = await Promise.all([
    createTestContext({ providers: (defaults) => ({ registry: sessionPoolRegistry(defaults.registry, { holdMs: 0 }) }) }),
    createTestContext({ env: tightEnv, providers: (defaults) => ({ registry: sessionPoolRegistry(defaults.registry, { sessions: 2, holdMs: 15 }) }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), tight.close()]);
  restoreClock();
});

const statsOf = (ctx: TestContext) => (ctx.deps.providers.registry as PooledRegistry).stats;
const changesSent = (ctx: TestContext) =>
  ['setLock', 'setWhoisPrivacy', 'setNameservers', 'updateDsRecords'].reduce((sum, c) => sum + (statsOf(ctx).calls[c] ?? 0), 0);
let count = 0;

async function customerWithDomains(ctx: TestContext, names: number) {
  const n = ++count;
  const buyer = await signedInBuyer(ctx, `registry-${n}@example.org`);
  const rows = [];
  for (let i = 0; i < names; i++) {
    rows.push(
      await ownDomain(ctx, buyer.accountId, `qwzxv-reg-${n}-${i}.com`, {
        expireDate: addYears(new Date(), 1),
        ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
      }),
    );
  }
  return { ...buyer, rows };
}

function expectLimited(answer: TestResponse, message: RegExp) {
  expect(answer.status).toBe(429);
  expect(answer.body.message).toMatch(message);
  expect(answer.body.message).toMatch(/ Please try again in \d+ (seconds?|minutes?)\.$/);
  const wait = Number(answer.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(answer.body.data.retryAfterSeconds).toBe(wait);
}

/** The attack as it was found: privacy off, unlock, privacy on, lock, again and again. */
const alternating = (i: number) => [{ privacyEnabled: false }, { locked: false }, { privacyEnabled: true }, { locked: true }][i % 4];

describe('changes to one domain', () => {
  it('40 alternating privacy and lock changes: 10 reach the registry, the rest are told when to try again', async () => {
    const { client, rows } = await customerWithDomains(t, 1);
    const before = changesSent(t);
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await client.patch(`/api/domains/${rows[0].domainId}`, alternating(i)));
    // Refused, the domain stays as the tenth change left it, so every other request after it asks for what it already
    // is (privacy off, unlocked): answered at once, without the registry; the real changes are refused.
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(200), ...Array.from({ length: 30 }, (_, i) => (i % 4 < 2 ? 429 : 200))]);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expectLimited(answer, new RegExp(`^Too many changes to ${rows[0].domain} were sent to the registry recently\\.`));
    }
    expect(answers[10].body.message).toMatch(/try again in \d+ minutes?\.$/);
    // Each answered change is one registry update (an unlock or a lock also gives the registry a new auth code).
    expect(changesSent(t) - before).toBe(10);
    // The domain is as the tenth change left it (privacy off, unlocked).
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, rows[0].domainId));
    expect(row).toMatchObject({ privacyEnabled: false, locked: false });
  });

  it('a burst of the same change is one registry command, and values the domain already has never reach it', async () => {
    const { client, rows } = await customerWithDomains(t, 1);
    const id = rows[0].domainId;
    const before = { ...statsOf(t).calls };
    const sent = (command: string) => (statsOf(t).calls[command] ?? 0) - (before[command] ?? 0);

    const burst = await Promise.all(Array.from({ length: 12 }, () => client.patch(`/api/domains/${id}`, { privacyEnabled: false })));
    expect(burst.map((a) => [a.status, a.body.privacyEnabled])).toEqual(Array(12).fill([200, false]));
    expect(sent('setWhoisPrivacy')).toBe(1);

    expect((await client.patch(`/api/domains/${id}`, { locked: true })).body.locked).toBe(true);
    const unlocked = await client.patch(`/api/domains/${id}`, { locked: false });
    const again = await client.patch(`/api/domains/${id}`, { locked: false });
    expect(again.body).toMatchObject({ locked: false, authCode: unlocked.body.authCode, authCodeExpireDate: unlocked.body.authCodeExpireDate });
    expect([sent('setLock'), sent('authCode')]).toEqual([1, 1]);

    const ns = await client.patch(`/api/domains/${id}`, { ns: ['ns2.dotspot.example.', 'ns1.dotspot.example'] });
    expect(ns.status).toBe(200);
    const ds = await client.patch(`/api/domains/${id}`, { dsRecords: [] });
    expect(ds.status).toBe(200);
    expect([sent('setNameservers'), sent('updateDsRecords')]).toEqual([0, 0]);

    // None of that counted: eight real changes still fit the domain's ten (one was the privacy change, one the unlock).
    for (let i = 0; i < 8; i++) expect((await client.patch(`/api/domains/${id}`, { privacyEnabled: i % 2 === 0 })).status).toBe(200);
    expectLimited(await client.patch(`/api/domains/${id}`, { privacyEnabled: true }), /^Too many changes to /);
  });

  it('a refused change (bad input) does not use up the limit', async () => {
    const { client, rows } = await customerWithDomains(t, 1);
    for (let i = 0; i < 12; i++) expect((await client.patch(`/api/domains/${rows[0].domainId}`, { ns: ['only-one.example.net'] })).status).toBe(400);
    expect((await client.patch(`/api/domains/${rows[0].domainId}`, { ns: ['ns1.example.net', 'ns2.example.net'] })).status).toBe(200);
  });
});

describe('changes from one account', () => {
  it('are limited across its domains, API tokens included', async () => {
    clock.advance(3 * 60_000); // a fresh minute of the registry-wide budget
    const { client, accountId, userId, rows } = await customerWithDomains(tight, 3);
    const { secret } = await createApiToken(tight.db, { accountId, userId }, { name: 'dns', scopes: ['nameservers:write'] });
    const viaToken = (domainId: number, ns: string[]) => tight.client().patch(`/api/domains/${domainId}`, { ns }, { authorization: `Bearer ${secret}` });
    for (const privacyEnabled of [false, true, false]) expect((await client.patch(`/api/domains/${rows[0].domainId}`, { privacyEnabled })).status).toBe(200);
    expectLimited(await client.patch(`/api/domains/${rows[0].domainId}`, { privacyEnabled: true }), /^Too many changes to qwzxv-reg-\d+-0\.com were sent/);
    expect((await viaToken(rows[1].domainId, ['ns1.example.net', 'ns2.example.net'])).status).toBe(200);
    expect((await viaToken(rows[1].domainId, ['ns3.example.net', 'ns4.example.net'])).status).toBe(200);
    expectLimited(
      await viaToken(rows[2].domainId, ['ns1.example.net', 'ns2.example.net']),
      /^Too many changes from your account were sent to the registry recently\./,
    );
    expectLimited(await client.patch(`/api/domains/${rows[2].domainId}`, { locked: false }), /^Too many changes from your account/);
    // Changes that do not reach the registry are not held back.
    expect((await client.patch(`/api/domains/${rows[2].domainId}`, { autoRenewEnabled: false })).status).toBe(200);
  });
});

describe('a flood from many accounts while someone checks out', () => {
  let phones = 200;
  async function checkout(client: TestClient, name: string) {
    const added = await client.post('/api/cartItems', [{ domain: name, type: 'domain', domainType: 'new' }]);
    expect(added.status).toBe(201);
    const cartId = added.body[0].cartId;
    const phone = `+1415557${String(phones++).padStart(4, '0')}`;
    const contact = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: '',
      address: '1 Analytical Way',
      city: 'London',
      state: 'LDN',
      zip: 'N1 9GU',
      country: 'GB',
      email: `${name}@example.org`,
      phone,
    };
    expect((await client.patch(`/api/carts/${cartId}`, { contact: { ...contact, password: 'correct horse battery' } })).status).toBe(200);
    expect((await client.post('/api/validate', { cartId, phone, recaptchaToken: await client.botToken() })).status).toBe(200);
    const [sms] = await tight.db.select().from(outbox).where(eq(outbox.to, phone)).orderBy(desc(outbox.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    expect((await client.post('/api/validate', { cartId, phone, code })).body).toEqual({ valid: true, msg: 'Phone verified' });
    const card = await client.post('/api/paymentMethods/sandboxCard', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    });
    const setup = await client.post('/api/paymentMethods/setup', {
      type: 'card',
      stripePaymentMethodId: card.body.id,
      recaptchaToken: await client.botToken(),
    });
    expect(setup.status).toBe(200);
    return client.patch(`/api/carts/${cartId}`, { commit: true, $redirectHost: 'localhost', a: {} });
  }

  it('completes the checkout, answers the flood with 429s, and never lets changes hold every registry session', async () => {
    clock.advance(3 * 60_000); // a fresh minute of the registry-wide budget
    const flooders = await Promise.all(Array.from({ length: 4 }, () => customerWithDomains(tight, 2)));
    const before = changesSent(tight);
    const flood = flooders.flatMap(({ client, rows }) =>
      rows.flatMap((row) => Array.from({ length: 6 }, (_, i) => client.patch(`/api/domains/${row.domainId}`, alternating(i)))),
    );
    const bought = await checkout(tight.client({ ip: '203.0.113.77' }), `qwzxv-flood-buyer-${count}.com`);
    const answers = await Promise.all(flood);

    expect(bought.status).toBe(200);
    const [registered] = await tight.db
      .select()
      .from(domains)
      .where(eq(domains.domain, `qwzxv-flood-buyer-${count}.com`));
    expect(registered?.status).toBe('active');

    expect(answers.filter((a) => a.status !== 200 && a.status !== 429).map((a) => `${a.status} ${a.body.message}`)).toEqual([]);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited)
      expectLimited(answer, /^(Too many changes|The registry is receiving a great many changes right now\.|The registry is busy right now\.)/);
    expect(limited.some((a) => a.body.message.startsWith('The registry is receiving a great many changes right now.'))).toBe(true);
    // The registry-wide budget (8 a minute here) held, and changes never took more than one of the two sessions.
    expect(changesSent(tight) - before).toBeGreaterThan(1);
    expect(changesSent(tight) - before).toBeLessThanOrEqual(8);
    expect(statsOf(tight).peakChangesInFlight).toBe(1);
  });
});

/**
 * API tokens from the account's side (issue #15): /api/apiTokens creates them only with a fresh second factor, lists
 * them without their secrets and revokes them; a token then works within its scopes, expiry and addresses, at a
 * limited rate, and never on a route that is not in http/token-routes.ts.
 */
import { addDays } from 'date-fns/addDays';
import { formatISO } from 'date-fns/formatISO';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { apiTokensPerAccount } from '../../../api/contract/api-tokens/api-tokens.ts';
import { apiScopes } from '../../../api/contract/api-tokens/api-scopes.ts';
import { apiTokens, domains, mfas, outbox } from '../../../api/db/schema/index.ts';
import { apiTokenCallsPerMinute } from '../../../api/http/bearer-auth.ts';
import { findTokenRoute } from '../../../api/http/token-routes.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { holderPassword, signedInHolder, type TestHolder } from '../../fixtures/security-holders.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let restoreClock: () => void;
const clock = new ManualClock(Date.now());
let count = 0;
const nextEmail = () => `tokens${++count}@example.com`;
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  restoreClock();
  await t.close();
});

type TotpHolder = TestHolder & { secret: string; mfaId: number };

async function holderWithTotp(options: { ip?: string } = {}): Promise<TotpHolder> {
  const secret = new Secret({ size: 20 }).base32;
  const h = await signedInHolder(t, nextEmail(), { methods: [{ type: 'totp', data: secret }], ip: options.ip });
  const [method] = await t.db.select().from(mfas).where(eq(mfas.accountId, h.accountId));
  return { ...h, secret, mfaId: method.mfaId };
}

/** Opens a confirm challenge and reads the authenticator, a time step after the last one (each code is single-use). */
async function freshProof(h: TotpHolder, code?: string) {
  clock.advance(31_000);
  const opened = await h.client.post('/api/session/confirm', { mfaId: h.mfaId });
  expect(opened.status).toBe(200);
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(h.secret) });
  return { mfaId: h.mfaId, mfaChallengeId: opened.body.mfaChallengeId as number, mfaToken: code ?? totp.generate({ timestamp: clock.now().getTime() }) };
}

async function createToken(h: TotpHolder, body: Record<string, unknown>) {
  return h.client.post('/api/apiTokens', { ...body, secondFactor: await freshProof(h) });
}

async function ownDomain(accountId: number, domain: string) {
  await t.db.insert(domains).values({ accountId, domain, expireDate: addDays(clock.now(), 300), ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'] });
}

describe('creating a token needs a fresh second factor', () => {
  it('an account without a second factor is told to add one, and where', async () => {
    const h = await signedInHolder(t, nextEmail());
    const answer = await h.client.post('/api/apiTokens', { name: 'ci', scopes: ['domains:read'] });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain('needs two-factor authentication');
    expect(answer.body.data).toEqual({ addSecondFactor: true, href: '/account/summary?view=manage_MFA' });
  });

  it('refuses a request without a code, with only a password, with a wrong code or a spent one', async () => {
    const h = await holderWithTotp();
    const none = await h.client.post('/api/apiTokens', { name: 'ci', scopes: ['domains:read'] });
    expect(none.status).toBe(403);
    expect(none.body.data).toEqual({ secondFactorRequired: true });

    // A password (in the body, or confirmed just before) is not a second factor.
    expect((await h.client.post('/api/session/confirm', { password: holderPassword })).status).toBe(200);
    const withPassword = await h.client.post('/api/apiTokens', { name: 'ci', scopes: ['domains:read'], password: holderPassword });
    expect(withPassword.status).toBe(403);
    const passwordAsProof = await h.client.post('/api/apiTokens', { name: 'ci', scopes: ['domains:read'], secondFactor: { password: holderPassword } });
    expect(passwordAsProof.status).toBe(400);
    expect(passwordAsProof.body.message).toContain('security code or a passkey');

    const wrong = await h.client.post('/api/apiTokens', { name: 'ci', scopes: ['domains:read'], secondFactor: await freshProof(h, '000000') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('That code is not valid');

    // A code already used to confirm the session does not create a token afterwards.
    const proof = await freshProof(h);
    expect((await h.client.post('/api/session/confirm', proof)).status).toBe(200);
    const spent = await h.client.post('/api/apiTokens', { name: 'ci', scopes: ['domains:read'], secondFactor: proof });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toContain('already used');

    expect((await h.client.get('/api/apiTokens')).body.data).toEqual([]);
  });

  it('a code is good for one token, and a mistake in the form does not spend it', async () => {
    const h = await holderWithTotp();
    const proof = await freshProof(h);
    const bad = await h.client.post('/api/apiTokens', { name: 'deploy', scopes: ['dns:write'], allowedIps: ['10.0.0.300'], secondFactor: proof });
    expect(bad.status).toBe(400);
    const made = await h.client.post('/api/apiTokens', { name: 'deploy', scopes: ['dns:write'], secondFactor: proof });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^dsp_[\w-]{20,}$/);
    const again = await h.client.post('/api/apiTokens', { name: 'deploy 2', scopes: ['dns:write'], secondFactor: proof });
    expect(again.status).toBe(400);
    // The owner hears of it by email.
    await t.runJobs();
    const mail = await t.db.select().from(outbox).where(eq(outbox.to, h.email));
    expect(mail.map((m) => m.subject)).toContain('A new API token on your Dotspot account');
  });

  it('a passkey (an account whose only second factor it is) creates one, once per assertion', async () => {
    const h = await signedInHolder(t, nextEmail());
    const authenticator = new SoftAuthenticator();
    const options = await h.client.post('/api/passkeys/registrationOptions');
    expect((await h.client.post('/api/passkeys', { name: 'Laptop', response: authenticator.register(options.body) })).status).toBe(201);
    const request = await h.client.post('/api/session/passkeyOptions', { purpose: 'confirm' });
    const passkey = authenticator.assert(request.body);
    const made = await h.client.post('/api/apiTokens', { name: 'by passkey', scopes: ['search'], secondFactor: { passkey } });
    expect(made.status).toBe(201);
    expect((await h.client.post('/api/apiTokens', { name: 'replayed', scopes: ['search'], secondFactor: { passkey } })).status).toBe(400);
  });

  it('wrong codes are limited per user: the eleventh attempt in 15 minutes is 429', async () => {
    const h = await holderWithTotp();
    // A challenge allows 5 attempts; a person opens a new one and goes on guessing.
    for (let challenge = 0; challenge < 2; challenge++) {
      const proof = await freshProof(h, '000000');
      for (let i = 0; i < 5; i++) expect((await h.client.post('/api/apiTokens', { name: 'x', scopes: ['search'], secondFactor: proof })).status).toBe(400);
    }
    const limited = await h.client.post('/api/apiTokens', { name: 'x', scopes: ['search'], secondFactor: await freshProof(h) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('what a token is made of', () => {
  it('says what is wrong with the name, scopes, expiry and IP ranges', async () => {
    const h = await holderWithTotp();
    const proof = await freshProof(h);
    const attempt = async (body: Record<string, unknown>) => {
      const answer = await h.client.post('/api/apiTokens', { name: 'ok', scopes: ['search'], ...body, secondFactor: proof });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.message as string;
    };
    expect(await attempt({ name: '  ' })).toContain('Name your token');
    expect(await attempt({ name: 'x'.repeat(65) })).toContain('at most 64 characters');
    expect(await attempt({ scopes: [] })).toContain('Choose at least one scope');
    expect(await attempt({ scopes: ['admin'] })).toContain(`Scopes are ${apiScopes.join(', ')}`);
    expect(await attempt({ expireDate: formatISO(addDays(clock.now(), -1)) })).toContain('Choose an expiry date in the future');
    expect(await attempt({ expireDate: formatISO(addDays(clock.now(), 400)) })).toContain('at most 365 days');
    expect(await attempt({ expireDate: 'next week' })).toContain('Give the expiry as a date');
    expect(await attempt({ allowedIps: ['203.0.113.7', '10.0.0.300'] })).toContain('"10.0.0.300" is not an IP address or CIDR range');
    expect(await attempt({ allowedIps: ['198.51.100.0/33'] })).toContain('"198.51.100.0/33"');
    // All of that left the code unspent.
    expect(
      (await h.client.post('/api/apiTokens', { name: 'ok', scopes: ['search'], expireDate: formatISO(addDays(clock.now(), 365)), secondFactor: proof })).status,
    ).toBe(201);
    expect(await attempt({ name: 'ok' })).toContain('You already have a token named "ok"');
  });

  it(`an account holds at most ${apiTokensPerAccount} live tokens`, async () => {
    const h = await holderWithTotp();
    for (let i = 0; i < apiTokensPerAccount; i++) await createApiToken(t.db, h, { name: `t${i}`, scopes: ['search'] });
    const full = await createToken(h, { name: 'one more', scopes: ['search'] });
    expect(full.status).toBe(400);
    expect(full.body.message).toContain(`at most ${apiTokensPerAccount} active API tokens`);
    const [first] = (await h.client.get('/api/apiTokens')).body.data;
    expect((await h.client.delete(`/api/apiTokens/${first.apiTokenId}`)).status).toBe(200);
    expect((await createToken(h, { name: 'one more', scopes: ['search'] })).status).toBe(201);
  });

  it('shows the secret once: the list has the prefix, scopes, ranges, expiry and last use, never the secret', async () => {
    const h = await holderWithTotp({ ip: '198.51.100.7' });
    await ownDomain(h.accountId, 'listed-once.com');
    const expireDate = formatISO(addDays(clock.now(), 90));
    const made = await createToken(h, {
      name: 'Backup script',
      scopes: ['domains:read', 'search'],
      expireDate,
      allowedIps: ['198.51.100.0/24', ' 2001:db8::/32 ', ''],
    });
    expect(made.status).toBe(201);
    const { secret } = made.body;
    const list = await h.client.get('/api/apiTokens');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.data).toEqual([
      {
        apiTokenId: made.body.apiTokenId,
        name: 'Backup script',
        displayPrefix: secret.slice(0, 8),
        scopes: ['domains:read', 'search'],
        allowedIps: ['198.51.100.0/24', '2001:db8::/32'],
        expireDate: new Date(expireDate).toISOString(),
        lastUsedDate: null,
        lastUsedIp: null,
        createDate: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(8));

    expect((await t.client({ ip: '198.51.100.7' }).get('/api/domains', bearer(secret))).status).toBe(200);
    const [used] = (await h.client.get('/api/apiTokens')).body.data;
    expect(used).toMatchObject({ lastUsedDate: clock.now().toISOString(), lastUsedIp: '198.51.100.7' });
  });
});

describe('using a token', () => {
  it('is refused a scope it lacks, naming it', async () => {
    const h = await holderWithTotp();
    const { secret } = (await createToken(h, { name: 'search only', scopes: ['search'] })).body;
    const answer = await t.client().get('/api/domains', bearer(secret));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain('"domains:read"');
    expect(answer.body.data).toEqual({ missingScope: 'domains:read' });
  });

  it('stops working at its expiry', async () => {
    const h = await holderWithTotp();
    const tomorrow = formatISO(addDays(clock.now(), 1), { representation: 'date' });
    const made = await createToken(h, { name: 'short', scopes: ['domains:read'], expireDate: tomorrow });
    expect(made.status).toBe(201);
    expect(made.body.expireDate).toBe(`${tomorrow}T23:59:59.999Z`);
    const client = t.client();
    expect((await client.get('/api/domains', bearer(made.body.secret))).status).toBe(200);
    clock.set(new Date(`${tomorrow}T23:59:59.999Z`));
    const expired = await client.get('/api/domains', bearer(made.body.secret));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('This API token has expired');
    // Still listed, so its owner sees why a script stopped.
    expect((await h.client.get('/api/apiTokens')).body.data[0]).toMatchObject({ name: 'short', expireDate: `${tomorrow}T23:59:59.999Z` });
  });

  it('works only from its allowed IP ranges', async () => {
    const h = await holderWithTotp();
    const { secret } = (await createToken(h, { name: 'office', scopes: ['domains:read'], allowedIps: ['198.51.100.0/24', '2001:db8::/32', '203.0.113.7'] }))
      .body;
    expect((await t.client({ ip: '198.51.100.200' }).get('/api/domains', bearer(secret))).status).toBe(200);
    expect((await t.client({ ip: '2001:db8::1' }).get('/api/domains', bearer(secret))).status).toBe(200);
    expect((await t.client({ ip: '203.0.113.7' }).get('/api/domains', bearer(secret))).status).toBe(200);
    const outside = await t.client({ ip: '203.0.113.8' }).get('/api/domains', bearer(secret));
    expect(outside.status).toBe(401);
    expect(outside.body.message).toBe('This API token may not be used from your IP address');
  });

  it(`is limited to ${apiTokenCallsPerMinute} calls a minute, with Retry-After`, async () => {
    const h = await holderWithTotp();
    const { secret } = (await createToken(h, { name: 'busy', scopes: ['domains:read'] })).body;
    const client = t.client();
    for (let i = 0; i < apiTokenCallsPerMinute; i++) expect((await client.get('/api/domains', bearer(secret))).status).toBe(200);
    const limited = await client.get('/api/domains', bearer(secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(61_000);
    expect((await client.get('/api/domains', bearer(secret))).status).toBe(200);
  });
});

describe('revoking a token', () => {
  it('stops it at once; another account cannot revoke it; a token cannot manage tokens', async () => {
    const h = await holderWithTotp();
    const other = await holderWithTotp();
    const made = (await createToken(h, { name: 'to revoke', scopes: ['domains:read'] })).body;
    const client = t.client();
    expect((await client.get('/api/domains', bearer(made.secret))).status).toBe(200);

    expect((await other.client.delete(`/api/apiTokens/${made.apiTokenId}`)).status).toBe(403);
    expect((await client.delete(`/api/apiTokens/${made.apiTokenId}`, bearer(made.secret))).status).toBe(403);
    expect((await client.get('/api/domains', bearer(made.secret))).status).toBe(200);
    expect((await t.client().delete(`/api/apiTokens/${made.apiTokenId}`)).status).toBe(401);

    expect((await h.client.delete(`/api/apiTokens/${made.apiTokenId}`)).status).toBe(200);
    const revoked = await client.get('/api/domains', bearer(made.secret));
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('This API token has been revoked');
    expect((await h.client.get('/api/apiTokens')).body.data).toEqual([]);
    expect((await h.client.delete(`/api/apiTokens/${made.apiTokenId}`)).status).toBe(404);
    expect((await h.client.delete('/api/apiTokens/999999')).status).toBe(404);
  });
});

describe('no cookie-only route is reachable with a token', () => {
  it('every /api route outside token-routes.ts answers 403 to a token with every scope, before doing anything', async () => {
    const h = await holderWithTotp();
    const { secret, apiTokenId } = (await createToken(h, { name: 'all scopes', scopes: [...apiScopes] })).body;
    const [before] = await t.db.select().from(apiTokens).where(eq(apiTokens.apiTokenId, apiTokenId));
    const routes = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      // The liveness and readiness probes run before any authentication: anyone may ask them.
      .filter((r) => !['/api/health', '/api/ready'].includes(r.path))
      .map((r) => ({ method: r.method, path: r.path.replace(/:\w+(\{[^}]*\})?/g, '1').replace(/\*/g, 'x') }))
      .filter((r) => !findTokenRoute(r.method, r.path.replace(/^\/api/, '')));
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/apiTokens' });
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/carts/1' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/paymentMethods/setup' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/session' });
    const client = t.client();
    const reached: string[] = [];
    for (const r of routes) {
      const answer = await client.request(r.method, r.path, r.method === 'GET' ? undefined : {}, bearer(secret));
      if (answer.status !== 403 || !String(answer.body?.message).startsWith('API tokens cannot call')) reached.push(`${r.method} ${r.path}: ${answer.status}`);
    }
    expect(reached).toEqual([]);
    // Refused before the token was even looked up: no use recorded, nothing created.
    const [after] = await t.db.select().from(apiTokens).where(eq(apiTokens.apiTokenId, apiTokenId));
    expect(after.lastUsedDate).toEqual(before.lastUsedDate);
    expect((await h.client.get('/api/apiTokens')).body.data).toHaveLength(1);
  });
});

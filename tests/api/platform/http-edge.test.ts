/** The HTTP edge: public origin, cookies, client address, body limit, list-query keys, socket origin, CSP. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.ts';
import { accounts, outbox, users } from '../../../api/db/schema/index.ts';
import { apiPolicy, hashInlineScripts, pagePolicy } from '../../../api/http/content-security-policy.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const password = 'edge-test-password';
let accountCount = 0;

async function makeCustomer(t: TestContext): Promise<string> {
  const email = `edge${++accountCount}@example.com`;
  const [account] = await t.db.insert(accounts).values({}).returning();
  await t.db.insert(users).values({ accountId: account.accountId, email, passwordHash: await hashPassword(password) });
  return email;
}

async function lastMailTo(t: TestContext, to: string): Promise<string> {
  await t.runJobs(); // recovery emails leave through the queue
  const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row?.body ?? '';
}

describe('the public origin (sandbox mode, no PUBLIC_URL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { PORT: '3201' } });
  });
  afterAll(() => t.close());

  it('mails recovery links to http://localhost:PORT whatever Host the request named', async () => {
    const email = await makeCustomer(t);
    const client = t.client();
    const res = await client.post(
      'http://evil.example/api/session',
      { type: 'recovery', email, recaptchaToken: await client.botToken() },
      { host: 'evil.example' },
    );
    expect(res.status).toBe(200);
    const mail = await lastMailTo(t, email);
    expect(mail).toContain('http://localhost:3201/login?recovery=');
    expect(mail).not.toContain('evil.example');
  });

  it('refuses unsafe requests whose Origin matches only the Host header they chose', async () => {
    const client = t.client();
    const spoofed = await client.post(
      'http://evil.example/api/cartItems',
      { type: 'domain', domain: 'qwzxv-origin-one.com', domainType: 'new' },
      {
        host: 'evil.example',
        origin: 'http://evil.example',
      },
    );
    expect(spoofed.status).toBe(403);
    for (const origin of ['http://localhost:3201', 'http://127.0.0.1:3201']) {
      const own = await client.post('/api/cartItems', { type: 'domain', domain: 'qwzxv-origin-two.com', domainType: 'new' }, { origin });
      expect(own.status, origin).toBeLessThan(300);
    }
  });

  it('refuses a WebSocket upgrade from a foreign origin', async () => {
    const upgrade = { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    const foreign = await t.client().get('/api/ws', { ...upgrade, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ name: 'Forbidden', code: 403 });
  });
});

describe('with an https PUBLIC_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { PUBLIC_URL: 'https://shop.example' } });
  });
  afterAll(() => t.close());

  it('mails links to PUBLIC_URL, not to the Host of the request', async () => {
    const email = await makeCustomer(t);
    const client = t.client();
    await client.post('http://evil.example/api/session', { type: 'recovery', email, recaptchaToken: await client.botToken() }, { host: 'evil.example' });
    expect(await lastMailTo(t, email)).toContain('https://shop.example/login?recovery=');
  });

  it('names the session, cart and device cookies __Host- and makes them Secure, and reads them back', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', { type: 'domain', domain: 'qwzxv-secure-cart.com', domainType: 'new' });
    expect(added.status).toBe(201);
    const cartCookie = added.headers.getSetCookie().join('\n');
    expect(cartCookie).toMatch(/^__Host-ds_cart=.*; Path=\/; .*Secure/im);
    expect((await client.get('/api/carts/0?$relations[]=cartItems')).body.cartItems).toHaveLength(1);

    const email = await makeCustomer(t);
    const signedIn = await client.post('/api/session', { email, password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().join('\n')).toMatch(/^__Host-ds_session=.*Secure/im);
    expect(signedIn.headers.getSetCookie().join('\n')).toMatch(/^__Host-ds_device=.*Secure/im);
    // The cart cookie went with the cart into the account.
    expect([...client.cookies.keys()].sort()).toEqual(['__Host-ds_device', '__Host-ds_session']);
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
  });
});

describe('the client address', () => {
  async function failLogins(client: TestClient, count: number, forwardedFor: () => string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await client.post('/api/session', { email: `nobody${i}@example.com`, password: 'wrong-password' }, { 'x-forwarded-for': forwardedFor() });
      statuses.push(res.status);
    }
    return statuses;
  }
  // Fifty-odd argon2id checks at production cost take seconds on a busy two-core machine.
  const passwordChecksTimeout = 90_000;
  const randomAddress = () => `203.0.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`;

  it(
    'counts failed logins against the socket address whatever X-Forwarded-For says, with no trusted proxies',
    async () => {
      const t = await createTestContext();
      try {
        const email = await makeCustomer(t);
        const statuses = await failLogins(t.client({ ip: '198.51.100.60' }), 55, randomAddress);
        expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
        expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
        // The same socket with yet another forged header is still refused; another address is not.
        const again = await t.client({ ip: '198.51.100.60' }).post('/api/session', { email, password }, { 'x-forwarded-for': randomAddress() });
        expect(again.status).toBe(429);
        expect((await t.client({ ip: '198.51.100.61' }).post('/api/session', { email, password })).status).toBe(200);
      } finally {
        await t.close();
      }
    },
    passwordChecksTimeout,
  );

  it(
    'believes X-Forwarded-For from a trusted proxy',
    async () => {
      const proxy = '10.0.0.5';
      const t = await createTestContext({ env: { TRUSTED_PROXIES: proxy } });
      try {
        const email = await makeCustomer(t);
        const behindProxy = t.client({ ip: proxy });
        const statuses = await failLogins(behindProxy, 51, () => '203.0.113.9');
        expect(statuses[49]).toBe(400);
        expect(statuses[50]).toBe(429);
        // Another visitor behind the same proxy is another address.
        expect((await behindProxy.post('/api/session', { email, password }, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
      } finally {
        await t.close();
      }
    },
    passwordChecksTimeout,
  );
});

describe('request bodies and list queries', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers a body over 64 KB with a 413 in the usual error shape, before reading it as JSON', async () => {
    const big = JSON.stringify({ type: 'domain', domain: 'qwzxv-big.com', domainType: 'new', padding: 'x'.repeat(65 * 1024) });
    const res = await t.client().request('POST', '/api/cartItems', big, { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ name: 'PayloadTooLarge', code: 413, message: 'The request body is larger than 64 KB' });
    const declared = await t.client().request('POST', '/api/session', '{}', { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) });
    expect(declared.status).toBe(413);
    const justUnder = JSON.stringify({ type: 'domain', domain: 'qwzxv-not-big.com', domainType: 'new', padding: 'x'.repeat(60 * 1024) });
    expect((await t.client().request('POST', '/api/cartItems', justUnder)).status).not.toBe(413);
  });

  it('answers prototype names as list fields with a 400, never a 500', async () => {
    const email = await makeCustomer(t);
    const client = t.client();
    expect((await client.post('/api/session', { email, password })).status).toBe(200);
    for (const query of ['$sort[constructor]=1', '$sort[__proto__]=1', 'constructor=x', '__proto__=x', 'toString=x', '$sort[hasOwnProperty]=-1']) {
      const domains = await client.get(`/api/domains?${query}`);
      expect(domains.status, `domains ${query}`).toBe(400);
      expect(domains.body.code).toBe(400);
      expect((await client.get(`/api/tlds?${query}`)).status, `tlds ${query}`).toBe(400);
    }
    expect((await client.get('/api/mfas?__proto__=x')).status).toBe(400);
  });
});

describe('Content-Security-Policy', () => {
  it('lets API answers load nothing and be framed by no one', async () => {
    const t = await createTestContext();
    try {
      const res = await t.client().get('/api/tlds?limit=1');
      expect(res.headers.get('content-security-policy')).toBe(apiPolicy);
      expect(apiPolicy).toContain("default-src 'none'");
      expect(apiPolicy).toContain("frame-ancestors 'none'");
    } finally {
      await t.close();
    }
  });

  it('allows our scripts and the hashed inline ones on pages, and Stripe only in Stripe mode', () => {
    const sandbox = pagePolicy(loadConfig({}), ['sha256-abc=']);
    expect(sandbox).toMatch(/(^|; )script-src 'self' 'sha256-abc='(;|$)/);
    expect(sandbox).not.toMatch(/script-src[^;]*unsafe/);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) expect(sandbox).toContain(directive);
    expect(sandbox).not.toContain('stripe.com');

    const stripe = pagePolicy(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }), []);
    expect(stripe).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(stripe).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com;");
  });

  it('hashes each inline script of the built pages once, and no script that has a src', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-csp-'));
    try {
      mkdirSync(path.join(dir, 'cart'));
      const hydrate = '(()=>{window.dispatchEvent(new Event("astro:load"));})();';
      writeFileSync(path.join(dir, 'index.html'), `<html><script type="module" src="/_astro/a.js"></script><script>${hydrate}</script></html>`);
      writeFileSync(path.join(dir, 'cart', 'index.html'), `<script>${hydrate}</script><script type="module">import "/x.js"</script>`);
      // Computed independently: printf '%s' "$script" | openssl dgst -sha256 -binary | base64
      expect(hashInlineScripts([dir])).toEqual(['sha256-OFYFcSiQhuDHGIp1lt3ta8F6EYyFsKApl+hvRtB/qu0=', 'sha256-ZgW18qg6SfnFrB5iIB79LeGezO9OsNnmT4V5tR3Cb3s=']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

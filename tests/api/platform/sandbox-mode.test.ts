/** Sandbox mode: on only when every provider is a sandbox; the outbox and the demo account live only there. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.ts';
import { findUnsafeProviderMix } from '../../../api/provider-mix.ts';
import { accounts, users } from '../../../api/db/schema/index.ts';
import { StartupError, startRuntime } from '../../../api/runtime.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { demoEmail, seedDemoAccount } from '../../../api/services/platform/seed.ts';
import { createSession } from '../../../api/services/auth/sessions.ts';
import { realProviderEnv } from '../../fixtures/real-providers.ts';
import { createTestContext, createTestDatabase, type TestContext } from '../../fixtures/test-app.ts';

const demo = { email: demoEmail, password: 'demo-password-test', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

describe('sandbox mode', () => {
  it('is on only when every provider is a sandbox', () => {
    expect(loadConfig({}).sandboxMode).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example' }).sandboxMode).toBe(true);
    const oneRealProvider = [
      { STRIPE_SECRET_KEY: 'sk_test_offline' },
      { SMTP_URL: 'smtp://mail.invalid:25' },
      { SMS_GATEWAY_URL: 'https://sms.invalid/send' },
      { EPP_HOST: 'epp.invalid' },
      { CAPTCHA_SECRET: 'secret', CAPTCHA_VERIFY_URL: 'https://captcha.invalid/verify' },
      { MAILHOST_API_URL: 'https://mail.invalid' },
      { PDNS_API_URL: 'http://pdns.invalid:8081', PDNS_API_KEY: 'pdns-key' },
    ];
    for (const env of oneRealProvider) expect(loadConfig(env).sandboxMode, Object.keys(env)[0]).toBe(false);
  });

  it('uses http://localhost:PORT as the public origin when PUBLIC_URL is unset, and PUBLIC_URL’s origin otherwise', () => {
    expect(loadConfig({ PORT: '3201' }).publicOrigin).toBe('http://localhost:3201');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicOrigin).toBe('https://shop.example');
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example' })).toThrow(/PUBLIC_URL/);
  });
});

describe('start-up outside sandbox mode', () => {
  async function startupError(env: Record<string, string>): Promise<string> {
    const error = await startRuntime({ DATA_DIR: path.join(tmpdir(), 'dotspot-never-created'), ...env }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }

  it('refuses real mail beside sandbox SMS and payments, naming every missing variable', async () => {
    const message = await startupError({ SMTP_URL: 'smtp://mail.invalid:25' });
    expect(message).toContain('mail=smtp');
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'SMS_GATEWAY_URL',
      'REGISTRY_<NAME>_PASSWORD (content/registries.csv) or EPP_HOST',
      'MAILHOST_API_URL',
      'MAILHOST_API_KEY',
      'PUBLIC_URL',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('SMTP_URL');
  });

  it('refuses real payments with the sandbox registry, and a real registry with sandbox payments', async () => {
    const { EPP_HOST, EPP_USERNAME, EPP_PASSWORD, ...withoutRegistry } = realProviderEnv;
    expect(await startupError(withoutRegistry)).toMatch(/set REGISTRY_<NAME>_PASSWORD \(content\/registries\.csv\) or EPP_HOST\./);
    // The EPP_HOST shorthand needs its login too.
    expect(await startupError({ ...withoutRegistry, EPP_HOST })).toMatch(/set EPP_USERNAME, EPP_PASSWORD\./);
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, ...withoutPayments } = realProviderEnv;
    expect(await startupError(withoutPayments)).toMatch(/set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY\./);
  });

  it('refuses the sandbox mail host beside real providers: its mailboxes cannot be read, so real mail would vanish', async () => {
    const { MAILHOST_API_URL, MAILHOST_API_KEY, ...withoutMailHost } = realProviderEnv;
    expect(await startupError(withoutMailHost)).toMatch(/set MAILHOST_API_URL, MAILHOST_API_KEY\./);
  });

  it('counts PowerDNS as a real provider: alone it leaves sandbox mode and the mix rule names what is missing, its key too', async () => {
    const alone = await startupError({ PDNS_API_URL: 'http://pdns.invalid:8081' });
    expect(alone).toContain('(dns=powerdns)');
    for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'EPP_HOST', 'MAILHOST_API_KEY', 'PUBLIC_URL', 'REGISTRAR_IANA_ID', 'PDNS_API_KEY'])
      expect(alone).toContain(name);
    expect(await startupError({ ...realProviderEnv, PDNS_API_URL: 'http://pdns.invalid:8081' })).toMatch(/dns=powerdns\), .*set PDNS_API_KEY\./);
    expect(findUnsafeProviderMix(loadConfig({ ...realProviderEnv, PDNS_API_URL: 'http://pdns.invalid:8081', PDNS_API_KEY: 'pdns-key' }))).toBeNull();
    expect(() => loadConfig({ PDNS_API_URL: 'pdns:8081' })).toThrow(/PDNS_API_URL must be an http:\/\/ or https:\/\/ address/);
  });

  it('requires PUBLIC_URL once every provider is real', async () => {
    const { PUBLIC_URL, ...withoutPublicUrl } = realProviderEnv;
    expect(await startupError(withoutPublicUrl)).toMatch(/set PUBLIC_URL\./);
  });

  it('starts with every provider real and seeds no demo account', async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-real-'));
    try {
      const runtime = await startRuntime({ ...realProviderEnv, DATABASE_URL: database.url, DATA_DIR: dir, NODE_ENV: 'test' });
      try {
        expect(runtime.config.sandboxMode).toBe(false);
        expect(runtime.demo).toBeNull();
        const [{ count }] = await runtime.deps.db.select({ count: sql<number>`count(*)::int` }).from(users);
        expect(count).toBe(0);
      } finally {
        await runtime.stop();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds the demo account, marked as such, in sandbox mode', async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-sandbox-'));
    try {
      const runtime = await startRuntime({ DATABASE_URL: database.url, DATA_DIR: dir, NODE_ENV: 'test', DEMO_PASSWORD: demo.password });
      try {
        expect(runtime.demo).toMatchObject({ email: demoEmail, password: demo.password });
        const [row] = await runtime.deps.db
          .select({ isDemo: accounts.isDemo })
          .from(users)
          .innerJoin(accounts, eq(accounts.accountId, users.accountId))
          .where(eq(users.email, demoEmail));
        expect(row.isDemo).toBe(true);
      } finally {
        await runtime.stop();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('with real providers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: realProviderEnv });
    // A demo account left over from the days this database ran in sandbox mode.
    await seedDemoAccount(t.db, demo);
    const [account] = await t.db.insert(accounts).values({}).returning();
    await t.db.insert(users).values({ accountId: account.accountId, email: 'customer@example.com', passwordHash: await hashPassword('customer-password') });
  });
  afterAll(() => t.close());

  it('does not serve the outbox, even with only the registry real', async () => {
    expect((await t.client().get('/api/dev/outbox')).status).toBe(404);
    // Nor lets anyone play another registrar asking for a transfer away.
    expect((await t.client().post('/api/dev/outboundTransfers', { domain: 'example.com', authCode: 'x' })).status).toBe(404);
    const registryOnly = await createTestContext({ env: { EPP_HOST: 'epp.invalid', DEFAULT_NAMESERVERS: realProviderEnv.DEFAULT_NAMESERVERS } });
    try {
      expect((await registryOnly.client().get('/api/dev/outbox')).status).toBe(404);
    } finally {
      await registryOnly.close();
    }
  });

  it('answers the demo password like a wrong one, while a customer signs in', async () => {
    const client = t.client({ ip: '198.51.100.20' });
    const refused = await client.post('/api/session', { email: demoEmail, password: demo.password });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The email or password is incorrect.');
    expect(client.cookies.size).toBe(0);

    const customer = t.client({ ip: '198.51.100.21' });
    expect((await customer.post('/api/session', { email: 'customer@example.com', password: 'customer-password' })).status).toBe(200);
    expect((await customer.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
  });

  it('treats a session the demo account already held as signed out', async () => {
    const signedIn = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      const session = await createSession(t.db, { userId: user.userId, accountId: user.accountId, state: 'active' });
      const client = t.client();
      client.cookies.set('__Host-ds_session', session.token);
      return client;
    };
    const customer = await signedIn('customer@example.com');
    expect((await customer.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
    const demoBrowser = await signedIn(demoEmail);
    expect((await demoBrowser.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
    expect((await demoBrowser.get('/api/domains')).status).toBe(401);
  });
});

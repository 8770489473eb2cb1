import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.ts';
import { domains, outbox, users } from '../../../api/db/schema/index.ts';
import { createProviders } from '../../../api/providers/index.ts';
import { findDemoAccountId, seedDemoAccount } from '../../../api/services/platform/seed.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('seed', () => {
  it('creates the demo account once, with domains in every state the control panel shows', async () => {
    const credentials = { email: 'demo@example.com', password: 'pw-for-test-1', totpSecret: 'JBSWY3DPEHPK3PXP' };
    expect(await seedDemoAccount(t.db, credentials)).toBe(true);
    expect(await seedDemoAccount(t.db, credentials)).toBe(false);
    const accountId = await findDemoAccountId(t.db);
    expect(accountId).not.toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const owned = await t.db
      .select()
      .from(domains)
      .where(eq(domains.accountId, accountId as number));
    const now = Date.now();
    expect(owned.some((d) => d.status === 'transfer')).toBe(true);
    expect(owned.some((d) => d.expireDate.getTime() < now)).toBe(true);
    expect(owned.some((d) => d.expireDate.getTime() > now && d.expireDate.getTime() - now < 5 * 86_400_000)).toBe(true);
    expect(owned.some((d) => d.emailEnabled && d.builderEnabled)).toBe(true);
    expect(owned.some((d) => d.websiteType === 'forward')).toBe(true);
    expect(owned.some((d) => d.websiteType === 'custom')).toBe(true);
  });
});

describe('sandbox outbox', () => {
  it('lists sent SMS and email newest first', async () => {
    await t.deps.providers.sms.send({ to: '+14155550100', body: 'Your code is 123456' });
    await t.deps.providers.mail.send({ to: 'a@example.com', subject: 'Reset your password', text: 'Open https://x/reset' });
    const { status, body } = await t.client().get('/api/dev/outbox');
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({ channel: 'email', to: 'a@example.com', subject: 'Reset your password' });
    expect(body.data[1]).toMatchObject({ channel: 'sms', to: '+14155550100', body: 'Your code is 123456' });
    expect(body.data[0].createdAt).toBeTruthy();
  });

  it('fails like an unreachable handset for the sandbox failure numbers', async () => {
    await expect(t.deps.providers.sms.send({ to: '+14155550199', body: 'x' })).rejects.toThrow(/unreachable/);
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, '+14155550199'));
    expect(rows).toHaveLength(0);
  });

  it('is not there when real mail and SMS providers are configured', async () => {
    const real = await createTestContext({
      env: { SMTP_URL: 'smtp://mail.invalid:25', SMS_GATEWAY_URL: 'https://sms.invalid/send' },
    });
    try {
      expect((await real.client().get('/api/dev/outbox')).status).toBe(404);
    } finally {
      await real.close();
    }
  });
});

describe('providers', () => {
  it('uses sandboxes by default and the real implementations when their settings are present', () => {
    expect(loadConfig({}).providers).toEqual({
      payments: 'sandbox',
      mail: 'sandbox',
      sms: 'sandbox',
      registry: 'sandbox',
      botCheck: 'altcha',
      mailHost: 'sandbox',
      dns: 'builtin',
    });
    const real = loadConfig({
      SMTP_URL: 'smtp://mail.invalid:25',
      SMS_GATEWAY_URL: 'https://sms.invalid/send',
      CAPTCHA_SECRET: 'secret',
      CAPTCHA_VERIFY_URL: 'https://captcha.invalid/siteverify',
      MAILHOST_API_URL: 'https://mail.invalid',
      MAILHOST_API_KEY: 'api_x',
    });
    const providers = createProviders(real, t.db, { botCheck: 'x' });
    expect(providers.mailHost.name).toBe('stalwart');
    expect(providers.mail.name).toBe('smtp');
    expect(providers.sms.name).toBe('http');
    expect(providers.botCheck.name).toBe('captcha');
  });

  it('refuses a malformed configuration with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('accepts a solved bot check once and refuses a replay or a missing token', async () => {
    const client = t.client();
    const token = await client.botToken();
    expect(await t.deps.providers.botCheck.verify(token)).toEqual({ ok: true });
    expect(await t.deps.providers.botCheck.verify(token)).toEqual({ ok: false, message: 'This verification was already used. Please try again.' });
    expect(await t.deps.providers.botCheck.verify(undefined)).toMatchObject({ ok: false });
    expect(await t.deps.providers.botCheck.verify('bm90IGEgdG9rZW4=')).toMatchObject({ ok: false });
  });
});

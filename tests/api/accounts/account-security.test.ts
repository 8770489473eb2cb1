/**
 * The customer's own security (issue #25): recovery codes made with the first second factor, shown once, single-use,
 * regenerable, signing in under the second-factor limits and sending the user to review their methods; Account
 * activity listing sign-ins (address, browser and system), security changes and API token creation and use; an
 * email on a sign-in from a browser the user never used before.
 */
import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, recoveryCodes } from '../../../api/db/schema/index.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { holderPassword, signedInHolder } from '../../fixtures/security-holders.ts';
import { createTestContext, TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let count = 0;
const nextEmail = () => `security${++count}@example.com`;
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A browser: every request carries its User-Agent, and its cookies (the device cookie too) persist. */
class Browser extends TestClient {
  constructor(private readonly userAgent: string) {
    super(t.app);
  }
  override request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request<T>(method, path, body, { 'user-agent': this.userAgent, ...headers });
  }
}

async function messagesTo(to: string) {
  await t.runJobs();
  return t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

function totpFrom(url: string) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(new URL(url).searchParams.get('secret') as string) });
}

/** A holder with an authenticator app, and the recovery codes its verification answered with. */
async function holderWithApp() {
  const h = await signedInHolder(t, nextEmail());
  const added = await h.client.post('/api/mfas', { type: 'totp' });
  const verified = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: totpFrom(added.body.$totpUrl).generate(), status: 'active' });
  expect(verified.status).toBe(200);
  return { ...h, codes: verified.body.$recoveryCodes as string[], totp: totpFrom(added.body.$totpUrl) };
}

/** A browser that signs in with a password and stops at the second-factor step. */
async function passwordStep(email: string, userAgent = firefox) {
  const browser = new Browser(userAgent);
  const answer = await browser.post('/api/session', { email, password: holderPassword });
  expect(answer.status).toBe(200);
  return { browser, answer };
}

describe('recovery codes', () => {
  it('are ten, made with the first second factor only, shown once and stored hashed', async () => {
    const h = await holderWithApp();
    expect(h.codes).toHaveLength(10);
    expect(new Set(h.codes).size).toBe(10);
    for (const code of h.codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const rows = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, h.userId));
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(h.codes[0].replace(/-/g, ''));
    const second = await h.client.post('/api/mfas', { type: 'totp' });
    const again = await h.client.patch(`/api/mfas/${second.body.mfaId}`, { token: totpFrom(second.body.$totpUrl).generate(), status: 'active' });
    expect(again.body.$recoveryCodes).toBeUndefined();
    expect((await h.client.get('/api/recoveryCodes')).body).toMatchObject({ total: 10, remaining: 10 });
  });

  it('sign in once each, typed any way, then ask to review the methods; the account is told', async () => {
    const h = await holderWithApp();
    const { browser, answer } = await passwordStep(h.email);
    expect(answer.body.recoveryCodes).toBe(true);
    const signedIn = await browser.post('/api/session', { recoveryCode: ` ${h.codes[3].toUpperCase().replace(/-/g, ' ')} ` });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.redirect).toBe('/account/summary?view=manage_MFA&recovered=1');
    expect((await browser.get('/api/recoveryCodes')).body.remaining).toBe(9);
    const mail = await messagesTo(h.email);
    expect(mail.map((m) => m.subject)).toContain('A recovery code was used on your Dotspot account');
    expect(mail.find((m) => m.subject?.startsWith('A recovery code'))?.body).toContain('9 of your codes are left');

    const reused = await passwordStep(h.email);
    const refused = await reused.browser.post('/api/session', { recoveryCode: h.codes[3] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('That recovery code is not valid or was already used.');
  });

  it('wrong codes count with wrong second-factor codes: the eleventh wrong try is refused before it is compared', async () => {
    const h = await holderWithApp();
    const { browser } = await passwordStep(h.email);
    for (let i = 0; i < 10; i += 1)
      expect((await browser.post('/api/session', { recoveryCode: `aaaa-aaaa-aaaa-aa${String(i).padStart(2, 'a')}` })).status).toBe(400);
    const limited = await browser.post('/api/session', { recoveryCode: h.codes[0] });
    expect(limited.status).toBe(429);
  });

  it('regenerate after a recent sign-in (the old set dies), and go with the last second factor', async () => {
    const h = await holderWithApp();
    const fresh = await h.client.post('/api/recoveryCodes');
    expect(fresh.status).toBe(201);
    expect(fresh.body.codes).toHaveLength(10);
    expect(fresh.body.codes).not.toContain(h.codes[0]);
    const { browser } = await passwordStep(h.email);
    expect((await browser.post('/api/session', { recoveryCode: h.codes[0] })).status).toBe(400);
    const methods = (await h.client.get('/api/mfas')).body.data as { mfaId: number }[];
    expect((await h.client.request('DELETE', `/api/mfas/${methods[0].mfaId}`, {})).status).toBe(400);
    const removed = await h.client.request('DELETE', `/api/mfas/${methods[0].mfaId}`, { password: holderPassword });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await h.client.get('/api/recoveryCodes')).body).toMatchObject({ total: 0, remaining: 0 });
    expect((await h.client.post('/api/recoveryCodes')).status).toBe(409);
  });
});

describe('account activity', () => {
  it('lists sign-ins with the address, browser and system, security changes and API token creation and use', async () => {
    const h = await holderWithApp();
    const { browser } = await passwordStep(h.email, safariPhone);
    expect((await browser.post('/api/session', { recoveryCode: h.codes[0] })).status).toBe(200);
    const activity = (await browser.get('/api/accountActivity')).body.data as { kind: string; summary: string; ip: string | null }[];
    expect(activity[0]).toMatchObject({ kind: 'sign-in', summary: 'Signed in with a recovery code · Safari 18 on iOS 18.1', ip: expect.any(String) });
    expect(activity.map((a) => a.summary)).toContain(
      'Two-factor method added: An authenticator app (Authenticator app) can now verify sign-ins to your account.',
    );
    // A token's use is listed when it starts and when it moves to another address, not at every call.
    const { secret, token } = await createApiToken(t.db, { accountId: h.accountId, userId: h.userId }, { name: 'ci', scopes: ['domains:read'] });
    for (const ip of ['198.51.100.7', '198.51.100.7', '198.51.100.8'])
      expect((await t.client({ ip }).get('/api/domains', { authorization: `Bearer ${secret}` })).status).toBe(200);
    const uses = ((await browser.get('/api/accountActivity')).body.data as { kind: string; summary: string; ip: string }[]).filter(
      (a) => a.kind === 'api-token',
    );
    expect(uses.map((a) => [a.summary, a.ip])).toEqual([
      [`The API token “ci” (${token.displayPrefix}…) was used`, '198.51.100.8'],
      [`The API token “ci” (${token.displayPrefix}…) was used`, '198.51.100.7'],
    ]);
  });

  it('emails a sign-in from a browser the user never used, not one they did', async () => {
    const h = await signedInHolder(t, nextEmail());
    const first = new Browser(firefox);
    expect((await first.post('/api/session', { email: h.email, password: holderPassword })).status).toBe(200);
    const again = await first.post('/api/session', { email: h.email, password: holderPassword });
    expect(again.status).toBe(200);
    expect((await messagesTo(h.email)).filter((m) => m.subject?.startsWith('New sign-in'))).toHaveLength(0);
    const elsewhere = new Browser(safariPhone);
    expect((await elsewhere.post('/api/session', { email: h.email, password: holderPassword })).status).toBe(200);
    const alerts = (await messagesTo(h.email)).filter((m) => m.subject?.startsWith('New sign-in'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].body).toContain('Browser: Safari 18 on iOS 18.1');
  });
});

/**
 * API tokens end with the sign-in that made them (issue #26): a password reset, a login change and the removal of a
 * second factor (method or passkey) revoke every token the user made, as sessions are signed out, and the email the
 * owner gets says so. Another user's tokens are untouched.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfas, outbox, passkeys, recoveryTokens } from '../../../api/db/schema/index.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { hashToken } from '../../../api/services/kernel/tokens.ts';
import { holderPassword, signedInHolder, type TestHolder } from '../../fixtures/security-holders.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let bystander: string;
let count = 0;

beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
  const other = await signedInHolder(t, 'bystander@example.org');
  bystander = (await createApiToken(t.db, other, { name: 'unrelated', scopes: ['domains:read'] })).secret;
});
afterAll(() => t.close());

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** A holder with two authenticator apps (so removing one is not removing the last) and two live tokens. */
async function holderWithTokens(): Promise<TestHolder & { secrets: string[] }> {
  const h = await signedInHolder(t, `revoked${++count}@example.org`, {
    methods: [
      { type: 'totp', data: 'JBSWY3DPEHPK3PXP' },
      { type: 'totp', data: 'KRSXG5CTMVRXEZLU' },
    ],
  });
  const secrets = [];
  for (const name of ['deploy', 'backup']) secrets.push((await createApiToken(t.db, h, { name, scopes: ['domains:read'] })).secret);
  for (const secret of secrets) expect((await t.client().get('/api/domains', bearer(secret))).status).toBe(200);
  return { ...h, secrets };
}

async function expectRevoked(secrets: string[]) {
  for (const secret of secrets) {
    const answer = await t.client().get('/api/domains', bearer(secret));
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 401, message: 'This API token has been revoked' });
  }
  expect((await t.client().get('/api/domains', bearer(bystander))).status).toBe(200);
}

async function mailTo(to: string, subject: string) {
  await t.runJobs();
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.subject, subject)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail;
}

describe('API tokens are revoked', () => {
  it('by a password reset, and the owner is emailed', async () => {
    const h = await holderWithTokens();
    const visitor = t.client();
    expect((await visitor.post('/api/session', { type: 'recovery', email: h.email, recaptchaToken: await visitor.botToken() })).status).toBe(200);
    await t.runJobs();
    const [link] = await t.db.select().from(outbox).where(eq(outbox.to, h.email)).orderBy(desc(outbox.id)).limit(1);
    const token = decodeURIComponent(link.body.match(/\/login\?recovery=([\w%-]+)/)?.[1] ?? '');
    expect(
      await t.db
        .select()
        .from(recoveryTokens)
        .where(eq(recoveryTokens.tokenHash, hashToken(token))),
    ).toHaveLength(1);
    expect((await visitor.post('/api/session', { type: 'recovery', token })).status).toBe(200);
    expect((await visitor.patch('/api/users/0', { password: 'a-brand-new-password' })).status).toBe(200);

    await expectRevoked(h.secrets);
    const mail = await mailTo(h.email, 'Your password was reset');
    expect(mail.body).toContain('Your 2 API tokens were revoked as well');
  });

  it('by a login change, and the old address is told', async () => {
    const h = await holderWithTokens();
    const changed = await h.client.patch('/api/users/0', { email: `moved${count}@example.org`, currentPassword: holderPassword });
    expect(changed.status).toBe(200);
    await expectRevoked(h.secrets);
    const mail = await mailTo(h.email, 'Your Dotspot login was changed');
    expect(mail.body).toContain('Your 2 API tokens were revoked as well');
  });

  it('by removing a two-factor method that is not the last, and the account is told', async () => {
    const h = await holderWithTokens();
    const [method] = await t.db.select().from(mfas).where(eq(mfas.accountId, h.accountId)).limit(1);
    expect((await h.client.delete(`/api/mfas/${method.mfaId}`)).status).toBe(200);
    await expectRevoked(h.secrets);
    const mail = await mailTo(h.email, 'Two-factor method removed on your Dotspot account');
    expect(mail.body).toContain('Your 2 API tokens were revoked as well');
  });

  it('by removing a passkey', async () => {
    const h = await holderWithTokens();
    const [passkey] = await t.db
      .insert(passkeys)
      .values({
        accountId: h.accountId,
        userId: h.userId,
        credentialId: `cred-${count}`,
        publicKey: 'AA',
        userHandle: `handle-${count}`,
        deviceType: 'multiDevice',
        name: 'Laptop',
      })
      .returning();
    expect((await h.client.delete(`/api/passkeys/${passkey.passkeyId}`)).status).toBe(200);
    await expectRevoked(h.secrets);
    const mail = await mailTo(h.email, 'Passkey removed on your Dotspot account');
    expect(mail.body).toContain('Your 2 API tokens were revoked as well');
  });

  it('not by a change that fails: a wrong current password leaves them working', async () => {
    const h = await holderWithTokens();
    expect((await h.client.patch('/api/users/0', { email: `never${count}@example.org`, currentPassword: 'wrong-password' })).status).toBe(400);
    for (const secret of h.secrets) expect((await t.client().get('/api/domains', bearer(secret))).status).toBe(200);
  });
});

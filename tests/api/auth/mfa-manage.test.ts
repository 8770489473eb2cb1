import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfas, outbox } from '../../../api/db/schema/index.ts';
import { ageSession, holderPassword, signedInHolder } from '../../fixtures/security-holders.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let count = 0;
const nextEmail = () => `manage${++count}@example.com`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function messagesTo(to: string) {
  await t.runJobs();
  return t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

const codeIn = (body: string) => body.match(/\b(\d{6})\b/)?.[1] as string;

function totpFrom(url: string) {
  const secret = new URL(url).searchParams.get('secret') as string;
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

describe('adding a method', () => {
  it('adds an authenticator app from its otpauth URL, verifies it with a six-digit code and emails the account', async () => {
    const h = await signedInHolder(t, nextEmail());
    const added = await h.client.post('/api/mfas', { type: 'totp' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ type: 'totp', status: 'pending' });
    expect(added.body.$totpUrl).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    // The list never shows the secret.
    const list = await h.client.get('/api/mfas');
    expect(JSON.stringify(list.body)).not.toContain(new URL(added.body.$totpUrl).searchParams.get('secret'));

    const verified = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: totpFrom(added.body.$totpUrl).generate(), status: 'active' });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('active');
    const [notice] = await messagesTo(h.email);
    expect(notice.subject).toMatch(/Two-factor method added/);
    expect(notice.body).toContain('authenticator app');
  });

  it('emails a code to a new email method; the right code verifies it, and a signed-in password sign-in then asks for it', async () => {
    const h = await signedInHolder(t, nextEmail());
    const added = await h.client.post('/api/mfas', { type: 'email', data: '  Second@Example.com ' });
    expect(added.status).toBe(201);
    expect(added.body.description).toBe('Email to s•••@example.com');
    const [sent] = await messagesTo('second@example.com');
    const wrong = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: codeIn(sent.body) === '000000' ? '111111' : '000000', status: 'active' });
    expect(wrong.status).toBe(400);
    const right = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: codeIn(sent.body), status: 'active' });
    expect(right.status).toBe(200);
    const signIn = await t.client().post('/api/session', { email: h.email, password: holderPassword });
    expect(signIn.body.mfas.map((m: { type: string }) => m.type)).toEqual(['email']);
  });

  it('texts a code to a phone written nationally, stored as E.164', async () => {
    const h = await signedInHolder(t, nextEmail());
    const added = await h.client.post('/api/mfas', { type: 'sms', data: '(415) 555-0142' });
    expect(added.status).toBe(201);
    const [sent] = await messagesTo('+14155550142');
    expect(codeIn(sent.body)).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(mfas).where(eq(mfas.mfaId, added.body.mfaId));
    expect(row.data).toBe('+14155550142');
  });

  it('refuses bad input with a clear 400: a phone for sms, an email for email, a known type, six digits, status active', async () => {
    const h = await signedInHolder(t, nextEmail());
    const noPhone = await h.client.post('/api/mfas', { type: 'sms' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toContain('needs a phone number');
    const badPhone = await h.client.post('/api/mfas', { type: 'sms', data: '12' });
    expect(badPhone.body.message).toContain('valid phone number');
    const noEmail = await h.client.post('/api/mfas', { type: 'email', data: '' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toContain('needs an email address');
    const phoneAsEmail = await h.client.post('/api/mfas', { type: 'email', data: '+14155550100' });
    expect(phoneAsEmail.body.message).toContain('valid email address');
    const badType = await h.client.post('/api/mfas', { type: 'fax', data: '1' });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('sms, email or totp');

    const added = await h.client.post('/api/mfas', { type: 'totp' });
    for (const token of ['12345', '1234567', 'abcdef', '']) {
      const refused = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token, status: 'active' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('6-digit code');
    }
    const noStatus = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: '123456' });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.message).toContain('status must be active');
  });

  it('counts wrong codes atomically: after five on one code the method needs a new code, and then the account limit answers 429', async () => {
    const h = await signedInHolder(t, nextEmail());
    const added = await h.client.post('/api/mfas', { type: 'email', data: `codes-${count}@example.com` });
    const [sent] = await messagesTo(`codes-${count}@example.com`);
    const wrong = codeIn(sent.body) === '000000' ? '111111' : '000000';
    // Parallel guesses: no more than five are compared.
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: wrong, status: 'active' })));
    const compared = answers.filter((a) => a.body.message?.startsWith('That code is not valid'));
    expect(compared).toHaveLength(5);
    expect(answers.some((a) => a.body.message === 'Too many wrong codes. Send a new code.')).toBe(true);
    // Even the right code is refused on a spent challenge.
    const late = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: codeIn(sent.body), status: 'active' });
    expect(late.status).toBe(400);

    const resent = await h.client.post(`/api/mfas/${added.body.mfaId}/codes`);
    expect(resent.status).toBe(200);
    const [fresh] = await messagesTo(`codes-${count}@example.com`);
    for (let i = 0; i < 5; i++) await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: wrong, status: 'active' });
    // Ten wrong codes per account in a quarter hour: now even the right one waits.
    const limited = await h.client.patch(`/api/mfas/${added.body.mfaId}`, { token: codeIn(fresh.body), status: 'active' });
    expect(limited.status).toBe(429);
  });

  it('limits codes sent while adding to five a quarter hour per account', async () => {
    const h = await signedInHolder(t, nextEmail());
    const added = await h.client.post('/api/mfas', { type: 'email', data: `sends-${count}@example.com` });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.client.post(`/api/mfas/${added.body.mfaId}/codes`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('needs a recent sign-in or confirmation to add a method (403 reauthRequired)', async () => {
    const h = await signedInHolder(t, nextEmail());
    await ageSession(t, h.sessionId);
    const refused = await h.client.post('/api/mfas', { type: 'totp' });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ reauthRequired: true });
    await h.client.post('/api/session/confirm', { password: holderPassword });
    expect((await h.client.post('/api/mfas', { type: 'totp' })).status).toBe(201);
  });
});

describe('ownership', () => {
  it("answers 403 for another account's method and 404 for none, on verify, resend and delete", async () => {
    const owner = await signedInHolder(t, nextEmail(), { methods: [{ type: 'totp', data: new Secret({ size: 20 }).base32 }] });
    const [theirs] = await t.db.select().from(mfas).where(eq(mfas.accountId, owner.accountId));
    const stranger = await signedInHolder(t, nextEmail());
    expect((await stranger.client.patch(`/api/mfas/${theirs.mfaId}`, { token: '123456', status: 'active' })).status).toBe(403);
    expect((await stranger.client.post(`/api/mfas/${theirs.mfaId}/codes`)).status).toBe(403);
    expect((await stranger.client.request('DELETE', `/api/mfas/${theirs.mfaId}`, { password: holderPassword })).status).toBe(403);
    expect((await stranger.client.request('DELETE', '/api/mfas/999999', {})).status).toBe(404);
    const [still] = await t.db.select().from(mfas).where(eq(mfas.mfaId, theirs.mfaId));
    expect(still.status).toBe('active');
    expect((await t.client().post('/api/mfas', { type: 'totp' })).status).toBe(401);
  });
});

describe('deleting a method', () => {
  it('removes one of two methods after confirming, and emails the account', async () => {
    const h = await signedInHolder(t, nextEmail(), {
      methods: [
        { type: 'totp', data: new Secret({ size: 20 }).base32 },
        { type: 'sms', data: '+14155550150' },
      ],
    });
    const [, sms] = await t.db.select().from(mfas).where(eq(mfas.accountId, h.accountId)).orderBy(mfas.mfaId);
    const removed = await h.client.request('DELETE', `/api/mfas/${sms.mfaId}`, {});
    expect(removed.status).toBe(200);
    const list = await h.client.get('/api/mfas?status=active');
    expect(list.body.data.map((m: { type: string }) => m.type)).toEqual(['totp']);
    const [notice] = await messagesTo(h.email);
    expect(notice.subject).toMatch(/Two-factor method removed/);
    expect(notice.body).toContain('0150');
  });

  it('keeps the last method without the current password, refuses a wrong one, and removes it with the right one', async () => {
    const h = await signedInHolder(t, nextEmail(), { methods: [{ type: 'totp', data: new Secret({ size: 20 }).base32 }] });
    const [only] = await t.db.select().from(mfas).where(eq(mfas.accountId, h.accountId));
    const without = await h.client.request('DELETE', `/api/mfas/${only.mfaId}`, {});
    expect(without.status).toBe(400);
    expect(without.body.data).toEqual({ passwordRequired: true });
    const wrong = await h.client.request('DELETE', `/api/mfas/${only.mfaId}`, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The password is incorrect.');
    const [kept] = await t.db.select().from(mfas).where(eq(mfas.mfaId, only.mfaId));
    expect(kept.status).toBe('active');
    expect(await messagesTo(h.email)).toHaveLength(0);

    const right = await h.client.request('DELETE', `/api/mfas/${only.mfaId}`, { password: holderPassword });
    expect(right.status).toBe(200);
    const signIn = await t.client().post('/api/session', { email: h.email, password: holderPassword });
    expect(signIn.body.redirect).toBe('/account');
  });

  it('two removals at once cannot both skip the password and leave the account without a method', async () => {
    const h = await signedInHolder(t, nextEmail(), {
      methods: [
        { type: 'sms', data: '+14155550160' },
        { type: 'email', data: `both-${count}@example.com` },
      ],
    });
    const rows = await t.db.select().from(mfas).where(eq(mfas.accountId, h.accountId));
    const answers = await Promise.all(rows.map((m) => h.client.request('DELETE', `/api/mfas/${m.mfaId}`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const left = await t.db
      .select()
      .from(mfas)
      .where(and(eq(mfas.accountId, h.accountId), eq(mfas.status, 'active')));
    expect(left).toHaveLength(1);
  });

  it('needs a recent sign-in to remove an active method, but a half-added one goes at once', async () => {
    const h = await signedInHolder(t, nextEmail(), {
      methods: [
        { type: 'sms', data: '+14155550170' },
        { type: 'email', data: `recent-${count}@example.com` },
      ],
    });
    const added = await h.client.post('/api/mfas', { type: 'totp' });
    await ageSession(t, h.sessionId);
    const [sms] = await t.db
      .select()
      .from(mfas)
      .where(and(eq(mfas.accountId, h.accountId), eq(mfas.type, 'sms')));
    const refused = await h.client.request('DELETE', `/api/mfas/${sms.mfaId}`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.data.reauthRequired).toBe(true);
    expect((await h.client.request('DELETE', `/api/mfas/${added.body.mfaId}`, {})).status).toBe(200);
  });
});

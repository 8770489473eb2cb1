import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfas, outbox } from '../../../api/db/schema/index.ts';
import { ageSession, holderPassword, signedInHolder } from '../../fixtures/security-holders.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let count = 0;
const nextEmail = () => `confirm${++count}@example.com`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A call behind requireRecentAuth: adding an authenticator app. */
const sensitive = (h: { client: { post: (path: string, body?: unknown) => Promise<{ status: number; body: any }> } }) =>
  h.client.post('/api/mfas', { type: 'totp' });

describe('POST /api/session/confirm', () => {
  it('a stale session is refused with reauthRequired until the password confirms it', async () => {
    const h = await signedInHolder(t, nextEmail());
    expect((await sensitive(h)).status).toBe(201);
    await ageSession(t, h.sessionId);
    const before = await sensitive(h);
    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ message: 'For your security, please confirm it’s you first', data: { reauthRequired: true } });

    const wrong = await h.client.post('/api/session/confirm', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The password is incorrect.');
    expect((await sensitive(h)).status).toBe(403);

    const right = await h.client.post('/api/session/confirm', { password: holderPassword });
    expect(right.status).toBe(200);
    expect(right.body.confirmed).toBe(true);
    expect((await sensitive(h)).status).toBe(201);
  });

  it('lists the proofs a holder can give', async () => {
    const h = await signedInHolder(t, nextEmail(), { methods: [{ type: 'sms', data: '+14155550180' }] });
    const none = await h.client.get('/api/session/confirm');
    expect(none.body).toEqual({ methods: [expect.objectContaining({ type: 'sms', description: 'Text message to ••• 0180' })], passkey: false });
    expect((await t.client().get('/api/session/confirm')).status).toBe(401);
  });

  it('confirms with a texted code (sent on request) and with an authenticator code', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const h = await signedInHolder(t, nextEmail(), {
      methods: [
        { type: 'sms', data: '+14155550181' },
        { type: 'totp', data: secret },
      ],
    });
    const [sms, totp] = await t.db.select().from(mfas).where(eq(mfas.accountId, h.accountId)).orderBy(mfas.mfaId);
    await ageSession(t, h.sessionId);
    const sent = await h.client.post('/api/session/confirm', { mfaId: sms.mfaId });
    expect(sent.status).toBe(200);
    const [text] = await t.db.select().from(outbox).where(eq(outbox.to, '+14155550181')).orderBy(desc(outbox.id));
    const code = text.body.match(/\b(\d{6})\b/)?.[1] as string;
    const short = await h.client.post('/api/session/confirm', { mfaId: sms.mfaId, mfaChallengeId: sent.body.mfaChallengeId, mfaToken: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('6-digit code');
    const ok = await h.client.post('/api/session/confirm', { mfaId: sms.mfaId, mfaChallengeId: sent.body.mfaChallengeId, mfaToken: code });
    expect(ok.status).toBe(200);
    expect((await sensitive(h)).status).toBe(201);

    await ageSession(t, h.sessionId);
    const opened = await h.client.post('/api/session/confirm', { mfaId: totp.mfaId });
    const token = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    expect((await h.client.post('/api/session/confirm', { mfaId: totp.mfaId, mfaChallengeId: opened.body.mfaChallengeId, mfaToken: token })).status).toBe(200);
    expect((await sensitive(h)).status).toBe(201);
  });

  it("refuses another account's method and a code from another session's challenge", async () => {
    const h = await signedInHolder(t, nextEmail(), { methods: [{ type: 'email', data: `own-${count}@example.com` }] });
    const other = await signedInHolder(t, nextEmail(), { methods: [{ type: 'email', data: `other-${count}@example.com` }] });
    const [theirs] = await t.db.select().from(mfas).where(eq(mfas.accountId, other.accountId));
    expect((await h.client.post('/api/session/confirm', { mfaId: theirs.mfaId })).status).toBe(400);
    const theirChallenge = await other.client.post('/api/session/confirm', { mfaId: theirs.mfaId });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, `other-${count}@example.com`))
      .orderBy(desc(outbox.id));
    const code = mail.body.match(/\b(\d{6})\b/)?.[1] as string;
    const hijack = await h.client.post('/api/session/confirm', { mfaId: theirs.mfaId, mfaChallengeId: theirChallenge.body.mfaChallengeId, mfaToken: code });
    expect(hijack.status).toBe(400);
  });

  it('confirms with a passkey, and refuses a replayed assertion', async () => {
    const h = await signedInHolder(t, nextEmail());
    const authenticator = new SoftAuthenticator();
    const options = await h.client.post('/api/passkeys/registrationOptions');
    await h.client.post('/api/passkeys', { name: 'Laptop', response: authenticator.register(options.body) });
    await ageSession(t, h.sessionId);
    const request = await h.client.post('/api/session/passkeyOptions', { purpose: 'confirm' });
    expect(request.body.allowCredentials).toHaveLength(1);
    const assertion = authenticator.assert(request.body);
    expect((await h.client.post('/api/session/confirm', { passkey: assertion })).status).toBe(200);
    expect((await sensitive(h)).status).toBe(201);
    const replay = await h.client.post('/api/session/confirm', { passkey: assertion });
    expect(replay.status).toBe(400);
  });

  it('limits wrong passwords: ten a quarter hour per holder, then 429 even for the right one', async () => {
    const h = await signedInHolder(t, nextEmail(), { ip: '198.51.100.7' });
    for (let i = 0; i < 10; i++) expect((await h.client.post('/api/session/confirm', { password: `wrong-${i}` })).status).toBe(400);
    const limited = await h.client.post('/api/session/confirm', { password: holderPassword });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many wrong passwords/);
  });

  it('answers 401 to a visitor and a 400 naming the choices to an empty body', async () => {
    expect((await t.client().post('/api/session/confirm', { password: 'x' })).status).toBe(401);
    const h = await signedInHolder(t, nextEmail());
    const empty = await h.client.post('/api/session/confirm', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('password');
  });
});

import { and, eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passkeys, signInEvents, webauthnChallenges } from '../../../api/db/schema/index.ts';
import { ageSession, holderPassword, signedInHolder, type TestHolder } from '../../fixtures/security-holders.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let count = 0;
const nextEmail = () => `passkey${++count}@example.com`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function registerWith(h: TestHolder, authenticator: SoftAuthenticator, name = 'My laptop') {
  const options = await h.client.post('/api/passkeys/registrationOptions');
  expect(options.status).toBe(200);
  return h.client.post('/api/passkeys', { name, response: authenticator.register(options.body) });
}

async function signInWithPasskey(client: TestClient, authenticator: SoftAuthenticator, overrides = {}) {
  const options = await client.post('/api/session/passkeyOptions', {});
  expect(options.status).toBe(200);
  const assertion = authenticator.assert(options.body, undefined, overrides);
  return { options: options.body, assertion, answer: await client.post('/api/session', { passkey: assertion }) };
}

describe('registering a passkey', () => {
  it('registers a discoverable passkey for the relying party of PUBLIC_URL, lists it and emails the account', async () => {
    const h = await signedInHolder(t, nextEmail());
    const options = await h.client.post('/api/passkeys/registrationOptions');
    expect(options.body.rp).toEqual({ name: 'Dotspot', id: 'localhost' });
    expect(options.body.authenticatorSelection.residentKey).toBe('required');
    const authenticator = new SoftAuthenticator();
    const registered = await h.client.post('/api/passkeys', { name: 'Work laptop', response: authenticator.register(options.body) });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ name: 'Work laptop', lastUsedDate: null });
    const list = await h.client.get('/api/passkeys');
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    await t.runJobs();
    const [notice] = await t.db.select().from(outbox).where(eq(outbox.to, h.email));
    expect(notice.subject).toMatch(/Passkey added/);
    // A second registration excludes the first credential.
    const again = await h.client.post('/api/passkeys/registrationOptions');
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.userId, h.userId));
    expect(again.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([stored.credentialId]);
    expect(again.body.user.id).toBe(options.body.user.id);
  });

  it('refuses an answer to a challenge we never issued, a replayed one, another origin, and a missing name', async () => {
    const h = await signedInHolder(t, nextEmail());
    const authenticator = new SoftAuthenticator();
    const options = await h.client.post('/api/passkeys/registrationOptions');
    const forged = await h.client.post('/api/passkeys', {
      name: 'Forged',
      response: authenticator.register({ ...options.body, challenge: 'bm90LW91ci1jaGFsbGVuZ2U' }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This passkey request is not one we started. Please try again.');

    const answer = authenticator.register(options.body);
    expect((await h.client.post('/api/passkeys', { name: 'First', response: answer })).status).toBe(201);
    const replayed = await h.client.post('/api/passkeys', { name: 'Replayed', response: answer });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe('This passkey request was already used. Please try again.');

    const next = await h.client.post('/api/passkeys/registrationOptions');
    const elsewhere = await h.client.post('/api/passkeys', {
      name: 'Phished',
      response: authenticator.register(next.body, { origin: 'https://evil.example' }),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/could not be registered/);

    const unnamed = await h.client.post('/api/passkeys', { name: ' ', response: authenticator.register(next.body) });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toContain('Name your passkey');
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, h.userId))).toHaveLength(1);
  });

  it("refuses another session's challenge and needs a recent sign-in", async () => {
    const h = await signedInHolder(t, nextEmail());
    const other = await signedInHolder(t, nextEmail());
    const options = await other.client.post('/api/passkeys/registrationOptions');
    const stolen = await h.client.post('/api/passkeys', { name: 'Stolen', response: new SoftAuthenticator().register(options.body) });
    expect(stolen.status).toBe(400);
    await ageSession(t, h.sessionId);
    const stale = await h.client.post('/api/passkeys/registrationOptions');
    expect(stale.status).toBe(403);
    expect(stale.body.data.reauthRequired).toBe(true);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no email or password, records the use, and is refused when the same answer is replayed', async () => {
    const h = await signedInHolder(t, nextEmail());
    const authenticator = new SoftAuthenticator();
    await registerWith(h, authenticator);
    const visitor = t.client();
    const { options, assertion, answer } = await signInWithPasskey(visitor, authenticator);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(answer.status).toBe(200);
    expect(answer.body.redirect).toBe('/account');
    expect((await visitor.get('/api/users/0')).body.email).toBe(h.email);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, h.userId));
    expect(row.lastUsedDate).not.toBeNull();
    expect(row.counter).toBe(1);

    const replay = await t.client().post('/api/session', { passkey: assertion });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This passkey request was already used. Please try again.');
  });

  it('refuses a wrong challenge, an expired one, an unknown passkey, and a signature from another origin', async () => {
    const h = await signedInHolder(t, nextEmail());
    const authenticator = new SoftAuthenticator();
    await registerWith(h, authenticator);

    const wrong = await signInWithPasskey(t.client(), authenticator, { challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' });
    expect(wrong.answer.status).toBe(400);
    expect(wrong.answer.body.message).toBe('This passkey request is not one we started. Please try again.');

    const client = t.client();
    const options = await client.post('/api/session/passkeyOptions', {});
    await t.db
      .update(webauthnChallenges)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.body.challenge));
    const expired = await client.post('/api/session', { passkey: authenticator.assert(options.body) });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This passkey request has expired. Please try again.');

    const stranger = new SoftAuthenticator();
    const unknownOptions = await client.post('/api/session/passkeyOptions', {});
    stranger.register({ challenge: 'x', user: { id: 'eA' } });
    const unknown = await client.post('/api/session', { passkey: stranger.assert(unknownOptions.body) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/not registered/);

    const phished = await signInWithPasskey(t.client(), authenticator, { origin: 'https://evil.example' });
    expect(phished.answer.status).toBe(400);
    expect(phished.answer.body.message).toBe('Your passkey could not be verified. Please try again.');
    expect((await client.get('/api/users/0')).status).toBe(401);
    // Each refusal is on the sign-in record.
    const refused = await t.db
      .select()
      .from(signInEvents)
      .where(and(eq(signInEvents.kind, 'passkey'), eq(signInEvents.success, false)));
    expect(refused.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a garbled answer with a 400, not a 500', async () => {
    const client = t.client();
    const bad = await client.post('/api/session', { passkey: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!!' } } });
    expect(bad.status).toBe(400);
    const notObject = await client.post('/api/session', { passkey: 'nope' });
    expect(notObject.status).toBe(400);
  });

  it('serves as the second factor after a password, for its owner only', async () => {
    const h = await signedInHolder(t, nextEmail(), { methods: [{ type: 'totp', data: new Secret({ size: 20 }).base32 }] });
    const authenticator = new SoftAuthenticator();
    await registerWith(h, authenticator);
    const other = await signedInHolder(t, nextEmail());
    const otherKey = new SoftAuthenticator();
    await registerWith(other, otherKey);

    const client = t.client();
    const first = await client.post('/api/session', { email: h.email, password: holderPassword });
    expect(first.body.passkey).toBe(true);
    const options = await client.post('/api/session/passkeyOptions', {});
    expect(options.body.allowCredentials).toHaveLength(1);
    // Someone else's passkey does not finish this sign-in.
    const foreign = await client.post('/api/session', { passkey: otherKey.assert(options.body) });
    expect(foreign.status).toBe(400);
    const options2 = await client.post('/api/session/passkeyOptions', {});
    const done = await client.post('/api/session', { passkey: authenticator.assert(options2.body) });
    expect(done.status).toBe(200);
    expect((await client.get('/api/users/0')).body.email).toBe(h.email);
  });

  it('an account whose only second factor is a passkey asks for it after the password', async () => {
    const h = await signedInHolder(t, nextEmail());
    await registerWith(h, new SoftAuthenticator());
    const first = await t.client().post('/api/session', { email: h.email, password: holderPassword });
    expect(first.body).toMatchObject({ mfas: [], passkey: true });
  });
});

describe('managing passkeys', () => {
  it("renames and deletes one's own passkeys (403 for another's, 404 for none); the last needs the password", async () => {
    const h = await signedInHolder(t, nextEmail());
    const first = await registerWith(h, new SoftAuthenticator(), 'Phone');
    const second = await registerWith(h, new SoftAuthenticator(), 'Key');
    const stranger = await signedInHolder(t, nextEmail());
    expect((await stranger.client.request('DELETE', `/api/passkeys/${first.body.passkeyId}`, {})).status).toBe(403);
    expect((await stranger.client.patch(`/api/passkeys/${first.body.passkeyId}`, { name: 'Mine now' })).status).toBe(403);
    expect((await stranger.client.request('DELETE', '/api/passkeys/999999', {})).status).toBe(404);

    const renamed = await h.client.patch(`/api/passkeys/${first.body.passkeyId}`, { name: 'Old phone' });
    expect(renamed.body.name).toBe('Old phone');
    expect((await h.client.request('DELETE', `/api/passkeys/${first.body.passkeyId}`, {})).status).toBe(200);
    const last = await h.client.request('DELETE', `/api/passkeys/${second.body.passkeyId}`, {});
    expect(last.status).toBe(400);
    expect(last.body.data.passwordRequired).toBe(true);
    expect((await h.client.request('DELETE', `/api/passkeys/${second.body.passkeyId}`, { password: holderPassword })).status).toBe(200);
    await t.runJobs();
    const notices = await t.db.select().from(outbox).where(eq(outbox.to, h.email));
    expect(notices.filter((m) => /Passkey removed/.test(m.subject ?? ''))).toHaveLength(2);
  });
});

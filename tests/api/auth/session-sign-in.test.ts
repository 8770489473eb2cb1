/**
 * Signing in with POST /api/session: the password step, the TOTP step (time steps, replays, wrong codes, a locked
 * challenge), logging out, the anonymous cart joining the account's, and the admin token. Rate limits are in
 * session-rate-limits.test.ts, password recovery in session-recovery.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, carts, signInEvents } from '../../../api/db/schema/index.ts';
import { demoEmail } from '../../../api/services/platform/seed.ts';
import { accountPassword as password, demoTotpSecret as totpSecret, useSignInContext } from '../../fixtures/sign-in.ts';

const { t, makeAccount, freshClient, passwordStep, signIn } = useSignInContext();

describe('POST /api/session with email and password', () => {
  it('asks for the second factor when the account has an active method, without revealing the secret', async () => {
    const client = freshClient();
    const body = await passwordStep(client);
    expect(body.mfas).toEqual([{ mfaId: expect.any(Number), type: 'totp', description: 'Authenticator app' }]);
    expect(JSON.stringify(body)).not.toContain(totpSecret);
    expect(body.redirect).toBeUndefined();
    // Half signed-in is not signed in.
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
  });

  it('answers a wrong password and an unknown email with the same message, and records both', async () => {
    const client = freshClient();
    const wrong = await client.post('/api/session', { email: demoEmail, password: 'nope-nope' });
    const unknown = await client.post('/api/session', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.message).toBe('The email or password is incorrect.');
    expect(unknown.body.message).toBe(wrong.body.message);
    const events = await t.db.select().from(signInEvents).where(eq(signInEvents.success, false));
    expect(events.map((e) => e.email)).toEqual(expect.arrayContaining([demoEmail, 'nobody@example.com']));
  });

  it('refuses bodies of no known shape with a 400', async () => {
    const client = freshClient();
    expect((await client.post('/api/session', { hello: 1 })).status).toBe(400);
    expect((await client.post('/api/session', { email: 'not-an-email', password: 'x' })).status).toBe(400);
  });
});

describe('the TOTP step', () => {
  it('signs in with a current code, redirects to the same-site postLoginUrl and shows the account as logged in', async () => {
    const person = await makeAccount();
    const client = freshClient();
    const { mfas: methods } = await passwordStep(client, person.email, '/account/domains');
    const picked = await client.post('/api/session', { mfaId: methods[0].mfaId });
    expect(picked.body).toMatchObject({ mfaId: methods[0].mfaId, mfaType: 'totp', mfaChallengeId: expect.any(Number) });
    const pendingCookie = client.cookies.get('ds_session');
    const done = await client.post('/api/session', {
      mfaChallengeId: picked.body.mfaChallengeId,
      mfaId: methods[0].mfaId,
      mfaToken: person.totp.generate(),
    });
    expect(done.status).toBe(200);
    expect(done.body.redirect).toBe('/account/domains');
    // The token rotates at sign-in: the pending session's cookie is not the signed-in one.
    expect(client.cookies.get('ds_session')).not.toBe(pendingCookie);
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
    const success = await t.db
      .select()
      .from(signInEvents)
      .where(and(eq(signInEvents.kind, 'mfa'), eq(signInEvents.success, true)));
    expect(success.map((e) => e.email)).toContain(person.email);
  });

  it('never sends the visitor off-site after sign-in', async () => {
    const person = await makeAccount({ withTotp: false });
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await freshClient().post(`/api/session?postLoginUrl=${encodeURIComponent(target)}`, { email: person.email, password });
      expect(res.body.redirect).toBe('/account');
    }
  });

  it('accepts the previous time step and refuses a code two steps old', async () => {
    const person = await makeAccount();
    const tooOld = await signIn(freshClient(), person.email, person.totp.generate({ timestamp: Date.now() - 95_000 }));
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toMatch(/not valid/);
    // A code one step old must not turn two steps old on its way: keep clear of the step's last moments.
    if (Date.now() % 30_000 > 27_000) await new Promise((resolve) => setTimeout(resolve, 3500));
    const previous = await signIn(freshClient(), person.email, person.totp.generate({ timestamp: Date.now() - 30_000 }));
    expect(previous.status).toBe(200);
  });

  it('signs in once when one authenticator code is sent from five sign-ins at the same moment', async () => {
    const person = await makeAccount();
    const pending = [];
    for (const client of Array.from({ length: 5 }, freshClient)) {
      const { mfas: methods } = await passwordStep(client, person.email);
      const picked = await client.post('/api/session', { mfaId: methods[0].mfaId });
      pending.push({ client, body: { mfaChallengeId: picked.body.mfaChallengeId, mfaId: methods[0].mfaId } });
    }
    const code = person.totp.generate();
    const answers = await Promise.all(pending.map(({ client, body }) => client.post('/api/session', { ...body, mfaToken: code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(answers.filter((a) => a.status === 400).every((a) => /already used/.test(a.body.message))).toBe(true);
  });

  it('never accepts the same TOTP code twice', async () => {
    const person = await makeAccount();
    const code = person.totp.generate();
    const first = await signIn(freshClient(), person.email, code);
    expect(first.status).toBe(200);
    const second = await signIn(freshClient(), person.email, code);
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/already used/);
  });

  it('shows a wrong code as an error and keeps the visitor signed out', async () => {
    const person = await makeAccount();
    const client = freshClient();
    const res = await signIn(client, person.email, person.totp.generate() === '000000' ? '111111' : '000000');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid/);
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
  });

  it('refuses the code step without a pending sign-in', async () => {
    const res = await freshClient().post('/api/session', { mfaChallengeId: 1, mfaId: 1, mfaToken: '123456' });
    expect(res.status).toBe(401);
  });

  it('locks a challenge after five wrong codes, even if the sixth is right', async () => {
    const person = await makeAccount();
    const client = freshClient();
    const { mfas: methods } = await passwordStep(client, person.email);
    const picked = await client.post('/api/session', { mfaId: methods[0].mfaId });
    const attempt = (mfaToken: string) => client.post('/api/session', { mfaChallengeId: picked.body.mfaChallengeId, mfaId: methods[0].mfaId, mfaToken });
    const right = person.totp.generate();
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await attempt(wrong)).status).toBe(400);
    const sixth = await attempt(right);
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toMatch(/Too many wrong codes/);
  });
});

describe('GET /api/session (logout)', () => {
  it('answers success, clears the cookie and revokes the session so the old token no longer works', async () => {
    const person = await makeAccount({ withTotp: false });
    const client = freshClient();
    const signedIn = await client.post('/api/session', { email: person.email, password });
    expect(signedIn.body.redirect).toBe('/account');
    const token = client.cookies.get('ds_session');
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
    const out = await client.get('/api/session');
    expect(out.body).toEqual({ success: true });
    expect(client.cookies.has('ds_session')).toBe(false);
    const replay = await t.client().get('/api/carts/0', { cookie: `ds_session=${token}` });
    expect(replay.body.$isLoggedIn).toBe(false);
  });

  it('refuses a logout another site fires, and keeps the session', async () => {
    const person = await makeAccount({ withTotp: false });
    const client = freshClient();
    await client.post('/api/session', { email: person.email, password });
    const forged = await client.get('/api/session', { 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect(client.cookies.has('ds_session')).toBe(true);
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
    const own = await client.get('/api/session', { 'sec-fetch-site': 'same-origin' });
    expect(own.body).toEqual({ success: true });
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
  });
});

describe('the anonymous cart at sign-in', () => {
  it('becomes the account cart when the account has none, and merges without duplicates otherwise', async () => {
    const person = await makeAccount({ withTotp: false });
    const first = freshClient();
    const added = await first.post('/api/cartItems', { type: 'domain', domain: 'adoptme-one.com', domainType: 'new' });
    expect(added.status).toBeLessThan(300);
    expect((await first.post('/api/session', { email: person.email, password })).status).toBe(200);
    const mine = await first.get('/api/carts/0?$relations[]=cartItems');
    expect(mine.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual(['adoptme-one.com']);
    expect(first.cookies.has('ds_cart')).toBe(false);

    const second = freshClient();
    await second.post('/api/cartItems', { type: 'domain', domain: 'adoptme-one.com', domainType: 'new' });
    await second.post('/api/cartItems', { type: 'domain', domain: 'adoptme-two.com', domainType: 'new' });
    expect((await second.post('/api/session', { email: person.email, password })).status).toBe(200);
    const merged = await second.get('/api/carts/0?$relations[]=cartItems');
    expect(merged.body.cartId).toBe(mine.body.cartId);
    expect(merged.body.cartItems.map((i: { domain: string }) => i.domain).sort()).toEqual(['adoptme-one.com', 'adoptme-two.com']);
    const active = await t.db
      .select({ domain: cartItems.domain })
      .from(cartItems)
      .innerJoin(carts, eq(carts.cartId, cartItems.cartId))
      .where(and(eq(carts.status, 'active'), eq(cartItems.status, 'active'), eq(cartItems.domain, 'adoptme-one.com')));
    expect(active).toHaveLength(1);
  });
});

describe('GET /api/session/admin', () => {
  it('gives admins a JWT and their username, customers nulls (no error for the browser to log), and visitors 403', async () => {
    expect((await freshClient().get('/api/session/admin')).status).toBe(403);
    const customer = await makeAccount({ withTotp: false });
    const client = freshClient();
    await client.post('/api/session', { email: customer.email, password });
    const customerAnswer = await client.get('/api/session/admin');
    expect(customerAnswer.status).toBe(200);
    expect(customerAnswer.body).toEqual({ jwt: null, username: null });
    // Half signed in (password given, second factor not yet): no answer at all.
    const pending = await makeAccount({ withTotp: true });
    const pendingClient = freshClient();
    await pendingClient.post('/api/session', { email: pending.email, password });
    expect((await pendingClient.get('/api/session/admin')).status).toBe(403);
    const admin = await makeAccount({ withTotp: false, role: 'admin' });
    const adminClient = freshClient();
    await adminClient.post('/api/session', { email: admin.email, password });
    const res = await adminClient.get('/api/session/admin');
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(admin.email);
    expect(res.body.jwt.split('.')).toHaveLength(3);
  });
});

import { and, desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../../api/contract/auth/login-schemas.ts';
import { accounts, cartItems, carts, mfas, outbox, recoveryTokens, signInEvents, users } from '../../../api/db/schema/index.ts';
import { hashToken } from '../../../api/services/kernel/tokens.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { demoEmail, seedDemoAccount } from '../../../api/services/platform/seed.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const password = 'demo-password-test';
const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoAccount(t.db, { email: demoEmail, password, totpSecret });
});
afterAll(() => t.close());

let address = 0;
let accountCount = 0;

/** A fresh account with its own TOTP secret, so each test has its own time steps to spend. */
async function makeAccount(options: { role?: 'customer' | 'admin'; withTotp?: boolean } = {}) {
  const email = `person${++accountCount}@example.com`;
  const [account] = await t.db
    .insert(accounts)
    .values({ role: options.role ?? 'customer' })
    .returning();
  await t.db.insert(users).values({ accountId: account.accountId, email, passwordHash: await hashPassword(password) });
  const secret = new Secret({ size: 20 });
  if (options.withTotp !== false) {
    await t.db.insert(mfas).values({ accountId: account.accountId, type: 'totp', data: secret.base32, status: 'active' });
  }
  return { email, accountId: account.accountId, totp: new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret }) };
}
/** A client at its own address, so per-address limits of one test do not touch another. */
function freshClient(): TestClient {
  return t.client({ ip: `198.51.100.${++address}` });
}

async function passwordStep(client: TestClient, email = 'Demo@Example.com', postLoginUrl?: string) {
  const query = postLoginUrl ? `?postLoginUrl=${encodeURIComponent(postLoginUrl)}` : '';
  const res = await client.post(`/api/session${query}`, { email, password });
  expect(res.status).toBe(200);
  sessionResponseSchema.parse(res.body);
  return res.body;
}

async function signIn(client: TestClient, email: string, code: string) {
  const { mfas: methods } = await passwordStep(client, email);
  const picked = await client.post('/api/session', { mfaId: methods[0].mfaId });
  sessionResponseSchema.parse(picked.body);
  return client.post('/api/session', { mfaChallengeId: picked.body.mfaChallengeId, mfaId: methods[0].mfaId, mfaToken: code });
}

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

describe('rate limits', () => {
  it('asks for a bot check, not a lockout, after five failed passwords on one email, the same whether it has an account or not', async () => {
    const person = await makeAccount({ withTotp: false });
    const answers: Record<string, { status: number; body: any }[]> = {};
    for (const email of [person.email, 'ghost@example.com']) {
      answers[email] = [];
      for (let i = 0; i < 6; i++) answers[email].push(await freshClient().post('/api/session', { email, password: `guess-${i}` }));
    }
    for (const results of Object.values(answers)) {
      expect(results.slice(0, 5).map((r) => r.body.message)).toEqual(Array(5).fill('The email or password is incorrect.'));
      expect(results[5].status).toBe(400);
      expect(results[5].body.data).toEqual({ botCheckRequired: true });
      expect(results[5].body.message).not.toMatch(/ghost|exist|account/i);
    }
    expect(answers['ghost@example.com'][5].body).toEqual(answers[person.email][5].body);
    // With a solved bot check the password is judged again: a person can keep trying, and so can the owner.
    const human = freshClient();
    const wrong = await human.post('/api/session', { email: person.email, password: 'still-wrong', recaptchaToken: await human.botToken() });
    expect(wrong.body.message).toBe('The email or password is incorrect.');
    const owner = freshClient();
    const right = await owner.post('/api/session', { email: person.email, password, recaptchaToken: await owner.botToken() });
    expect(right.status).toBe(200);
    expect(right.body.redirect).toBe('/account');
  });

  it('judges at most five of fifty wrong passwords sent at once from fifty addresses', async () => {
    const person = await makeAccount({ withTotp: false });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.client({ ip: `203.0.113.${100 + i}` }).post('/api/session', { email: person.email, password: `burst-${i}` })),
    );
    const judged = answers.filter((a) => a.body.message === 'The email or password is incorrect.');
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.data?.botCheckRequired === true)).toHaveLength(50 - judged.length);
  });

  it('signs the owner in with password and authenticator code while strangers guess from 60 addresses', async () => {
    const person = await makeAccount();
    const guesses = [];
    for (let i = 1; i <= 60; i++) {
      guesses.push(await t.client({ ip: `203.0.113.${i}` }).post('/api/session', { email: person.email, password: `guess-${i}` }));
    }
    expect(guesses.map((g) => g.status)).toEqual(Array(60).fill(400));
    // Past the fifth failure no stranger's script learns anything more about the password without a proof of work.
    expect(guesses.slice(5).every((g) => g.body.data?.botCheckRequired === true)).toBe(true);

    const owner = freshClient();
    const asked = await owner.post('/api/session', { email: person.email, password });
    expect(asked.status).toBe(400);
    expect(asked.body.data).toEqual({ botCheckRequired: true });
    expect((await owner.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
    // What the login page then does out of sight: solve a challenge and send the same request again.
    const first = await owner.post('/api/session', { email: person.email, password, recaptchaToken: await owner.botToken() });
    expect(first.status).toBe(200);
    const picked = await owner.post('/api/session', { mfaId: first.body.mfas[0].mfaId });
    expect(picked.status).toBe(200);
    const done = await owner.post('/api/session', {
      mfaChallengeId: picked.body.mfaChallengeId,
      mfaId: first.body.mfas[0].mfaId,
      mfaToken: person.totp.generate(),
    });
    expect(done.status).toBe(200);
    expect(done.body.redirect).toBe('/account');
    expect((await owner.get('/api/carts/0')).body.$isLoggedIn).toBe(true);
  });

  it('does not count successful sign-ins against the account', async () => {
    const person = await makeAccount({ withTotp: false });
    for (let i = 0; i < 12; i++) expect((await freshClient().post('/api/session', { email: person.email, password })).status).toBe(200);
  });

  it('stops code guessing across fresh challenges once ten wrong codes were tried', async () => {
    const person = await makeAccount();
    const wrong = person.totp.generate() === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const client = freshClient();
      const { mfas: methods } = await passwordStep(client, person.email);
      const picked = await client.post('/api/session', { mfaId: methods[0].mfaId });
      for (let i = 0; i < 4; i++) {
        const res = await client.post('/api/session', { mfaChallengeId: picked.body.mfaChallengeId, mfaId: methods[0].mfaId, mfaToken: wrong });
        statuses.push(res.status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits how many authenticator challenges one account can start, as for texted codes', async () => {
    const person = await makeAccount();
    const client = freshClient();
    const { mfas: methods } = await passwordStep(client, person.email);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await client.post('/api/session', { mfaId: methods[0].mfaId })).status);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
  });

  it('limits one address across many accounts', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await client.post('/api/session', { email: `user${i}@example.com`, password: 'x' })).status);
    expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Fifty-one argon2id checks at production cost take seconds on a busy two-core machine.
  }, 90_000);
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

describe('password recovery', () => {
  async function latestLink(email = demoEmail): Promise<string> {
    await t.runJobs(); // recovery emails leave through the queue, in no promised order
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, email));
    const links = rows.map((row) => decodeURIComponent(row.body.match(/\/login\?recovery=([\w%-]+)/)?.[1] ?? '')).filter(Boolean);
    // The newest link is the one whose token the server issued last.
    const [newest] = await t.db
      .select({ tokenHash: recoveryTokens.tokenHash })
      .from(recoveryTokens)
      .innerJoin(users, eq(users.userId, recoveryTokens.userId))
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .orderBy(desc(recoveryTokens.recoveryTokenId))
      .limit(1);
    const link = links.find((token) => hashToken(token) === newest?.tokenHash);
    if (!link) throw new Error(`no current reset link mailed to ${email}`);
    return link;
  }

  it('answers the same for known and unknown emails and needs a bot check', async () => {
    const client = freshClient();
    const noBot = await client.post('/api/session', { type: 'recovery', email: demoEmail });
    expect(noBot.status).toBe(400);
    const known = await client.post('/api/session', { type: 'recovery', email: demoEmail, recaptchaToken: await client.botToken() });
    const unknown = await client.post('/api/session', { type: 'recovery', email: 'nobody@example.com', recaptchaToken: await client.botToken() });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.success).toBe(true);
  });

  it('opens a recovery session once, sets a new password that then works, and refuses the old one', async () => {
    const client = freshClient();
    await client.post('/api/session', { type: 'recovery', email: demoEmail, recaptchaToken: await client.botToken() });
    const token = await latestLink();
    const opened = await client.post('/api/session', { type: 'recovery', token });
    expect(opened.status).toBe(200);
    expect(opened.body.recovery).toBe(true);
    // A recovery session is not a signed-in session.
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
    const reuse = await freshClient().post('/api/session', { type: 'recovery', token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/expired or was already used/);

    const set = await client.patch('/api/users/0', { password: 'brand-new-password-1' });
    expect(set.status).toBe(200);
    expect(set.body.mfas).toHaveLength(1);

    const old = await freshClient().post('/api/session', { email: demoEmail, password });
    expect(old.status).toBe(400);
    const fresh = await freshClient().post('/api/session', { email: demoEmail, password: 'brand-new-password-1' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.mfas).toHaveLength(1);
    // Put the demo password back for the other tests in this file.
    await client.post('/api/session', { type: 'recovery', email: demoEmail, recaptchaToken: await client.botToken() });
    const again = freshClient();
    await again.post('/api/session', { type: 'recovery', token: await latestLink() });
    expect((await again.patch('/api/users/0', { password })).status).toBe(200);
  });
});

describe('password recovery cannot be turned against the owner', () => {
  async function linksTo(email: string): Promise<string[]> {
    await t.runJobs(); // recovery emails leave through the queue
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
    return rows.map((row) => decodeURIComponent(row.body.match(/\/login\?recovery=([\w%-]+)/)?.[1] ?? ''));
  }
  async function askForLink(email: string) {
    const client = freshClient();
    const answer = await client.post('/api/session', { type: 'recovery', email, recaptchaToken: await client.botToken() });
    // Delivered before the next request, so the outbox holds the links in the order they were asked for.
    await t.runJobs();
    return answer;
  }

  it('a new reset link revokes the earlier unused one, and a completed reset revokes any other', async () => {
    const person = await makeAccount({ withTotp: false });
    await askForLink(person.email);
    await askForLink(person.email);
    const [first, second] = await linksTo(person.email);
    const stale = await freshClient().post('/api/session', { type: 'recovery', token: first });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/expired or was already used/);

    const resetting = freshClient();
    expect((await resetting.post('/api/session', { type: 'recovery', token: second })).status).toBe(200);
    await askForLink(person.email);
    const third = (await linksTo(person.email))[2];
    expect((await resetting.patch('/api/users/0', { password: 'reset-and-revoked-1' })).status).toBe(200);
    const late = await freshClient().post('/api/session', { type: 'recovery', token: third });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired or was already used/);
  });

  it('past the per-email limit answers the same, sends nothing, and leaves the newest link working', async () => {
    const person = await makeAccount({ withTotp: false });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await askForLink(person.email));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const links = await linksTo(person.email);
    expect(links).toHaveLength(3);
    const opened = await freshClient().post('/api/session', { type: 'recovery', token: links[2] });
    expect(opened.status).toBe(200);
    expect(opened.body.recovery).toBe(true);
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

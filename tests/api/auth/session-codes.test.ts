import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mfaChallenges, mfas, outbox, recoveryTokens, sessions, users } from '../../../api/db/schema/index.ts';
import { maxCodeAttempts } from '../../../api/services/auth/second-factors/mfa.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const password = 'codes-test-password';
let count = 0;

async function accountWithMethods() {
  const email = `codes${++count}@example.com`;
  const phone = `+1415555${String(1000 + count)}`;
  const [account] = await t.db.insert(accounts).values({}).returning();
  await t.db.insert(users).values({ accountId: account.accountId, email, passwordHash: await hashPassword(password) });
  await t.db.insert(mfas).values([
    { accountId: account.accountId, type: 'sms', data: phone, status: 'active' },
    { accountId: account.accountId, type: 'email', data: email, status: 'active' },
  ]);
  return { email, phone };
}

async function lastMessageTo(to: string): Promise<string> {
  await t.runJobs(); // recovery emails leave through the queue; sign-in codes are already there
  const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row.body;
}

async function startWith(client: TestClient, email: string, type: 'sms' | 'email') {
  const first = await client.post('/api/session', { email, password });
  const method = first.body.mfas.find((m: { type: string }) => m.type === type);
  const picked = await client.post('/api/session', { mfaId: method.mfaId });
  expect(picked.status).toBe(200);
  return { mfaId: method.mfaId as number, mfaChallengeId: picked.body.mfaChallengeId as number, description: picked.body.mfaDescription as string };
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('one-time codes by SMS and email', () => {
  it('texts a 6-digit code that signs in once and cannot be used again', async () => {
    const person = await accountWithMethods();
    const client = t.client();
    const { mfaId, mfaChallengeId, description } = await startWith(client, person.email, 'sms');
    expect(description).toContain(person.phone.slice(-4));
    expect(description).not.toContain(person.phone);
    const code = (await lastMessageTo(person.phone)).match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const done = await client.post('/api/session', { mfaChallengeId, mfaId, mfaToken: code });
    expect(done.status).toBe(200);
    expect(done.body.redirect).toBe('/account');

    // The same code on the same challenge from a fresh pending sign-in is refused.
    const again = t.client();
    await again.post('/api/session', { email: person.email, password });
    const replay = await again.post('/api/session', { mfaChallengeId, mfaId, mfaToken: code });
    expect(replay.status).toBe(400);
  });

  it('emails a code; a wrong code fails, an expired one is refused, a fresh one works', async () => {
    const person = await accountWithMethods();
    const client = t.client();
    const first = await startWith(client, person.email, 'email');
    const code = (await lastMessageTo(person.email)).match(/\b(\d{6})\b/)?.[1] as string;
    const wrong = await client.post('/api/session', { ...first, mfaToken: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    await t.db
      .update(mfaChallenges)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.mfaChallengeId, first.mfaChallengeId));
    const expired = await client.post('/api/session', { ...first, mfaToken: code });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);

    const second = await client.post('/api/session', { mfaId: first.mfaId });
    const fresh = (await lastMessageTo(person.email)).match(/\b(\d{6})\b/)?.[1];
    const ok = await client.post('/api/session', { mfaChallengeId: second.body.mfaChallengeId, mfaId: first.mfaId, mfaToken: fresh });
    expect(ok.status).toBe(200);
  });

  it('judges at most five of fifty wrong codes sent at once, and then refuses the right one', async () => {
    const person = await accountWithMethods();
    const client = t.client({ ip: '198.51.100.50' });
    const challenge = await startWith(client, person.email, 'sms');
    const code = (await lastMessageTo(person.phone)).match(/\b(\d{6})\b/)?.[1] as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/session', { ...challenge, mfaToken: wrong })));
    const judged = answers.filter((a) => /not valid/.test(a.body.message));
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(maxCodeAttempts);
    // The rest were refused unjudged: the challenge was used up, or the account's code limit was full at that moment.
    const refused = answers.filter((a) => /Too many wrong codes|Too many code attempts/.test(a.body.message));
    expect(refused).toHaveLength(50 - judged.length);
    const right = await client.post('/api/session', { ...challenge, mfaToken: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/Too many wrong codes/);
    expect((await client.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
  });

  it('signs in once when one texted code is sent twice at the same moment', async () => {
    const person = await accountWithMethods();
    const client = t.client({ ip: '198.51.100.51' });
    const challenge = await startWith(client, person.email, 'email');
    const code = (await lastMessageTo(person.email)).match(/\b(\d{6})\b/)?.[1] as string;
    const answers = await Promise.all([1, 2].map(() => client.post('/api/session', { ...challenge, mfaToken: code })));
    // The other is refused: the code is spent (400), or its pending sign-in already ended (401).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('limits how many codes one account can have sent', async () => {
    const person = await accountWithMethods();
    const client = t.client();
    const { mfaId } = await startWith(client, person.email, 'sms');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.post('/api/session', { mfaId })).status);
    expect(statuses.slice(0, 4).every((s) => s === 200)).toBe(true);
    expect(statuses[4]).toBe(429);
    expect((await client.post('/api/session', { mfaId })).body.message).toMatch(/^Too many codes requested\./);
  });

  it('does not let one pending sign-in use another account’s challenge', async () => {
    const a = await accountWithMethods();
    const b = await accountWithMethods();
    const clientA = t.client();
    const challengeA = await startWith(clientA, a.email, 'sms');
    const codeA = (await lastMessageTo(a.phone)).match(/\b(\d{6})\b/)?.[1];
    const clientB = t.client();
    await clientB.post('/api/session', { email: b.email, password });
    const stolen = await clientB.post('/api/session', { ...challengeA, mfaToken: codeA });
    expect(stolen.status).toBe(400);
    expect((await clientB.get('/api/carts/0')).body.$isLoggedIn).toBe(false);
  });
});

describe('recovery tokens', () => {
  it('refuses an expired link', async () => {
    const person = await accountWithMethods();
    const client = t.client();
    await client.post('/api/session', { type: 'recovery', email: person.email, recaptchaToken: await client.botToken() });
    const token = decodeURIComponent((await lastMessageTo(person.email)).match(/recovery=([\w%-]+)/)?.[1] ?? '');
    await t.db.update(recoveryTokens).set({ expireDate: new Date(Date.now() - 1000) });
    const res = await client.post('/api/session', { type: 'recovery', token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired or was already used/);
  });

  it('does not let a signed-in session set a password without the current one once its sign-in is not recent', async () => {
    const [account] = await t.db.insert(accounts).values({}).returning();
    const [user] = await t.db
      .insert(users)
      .values({ accountId: account.accountId, email: 'plain@example.com', passwordHash: await hashPassword(password) })
      .returning();
    const client = t.client();
    await client.post('/api/session', { email: 'plain@example.com', password });
    // Signed in 20 minutes ago: past the recent-auth window (api/services/auth/recent-auth.ts).
    await t.db
      .update(sessions)
      .set({ createDate: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.userId, user.userId));
    const res = await client.patch('/api/users/0', { password: 'another-password' });
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ reauthRequired: true });
    expect((await t.client().patch('/api/users/0', { password: 'another-password' })).status).toBe(401);
  });
});

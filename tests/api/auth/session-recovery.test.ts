/**
 * Password recovery through POST /api/session: the same answer for known and unknown emails, a recovery session that
 * sets a new password once, and links that cannot be turned against the owner (revoked by a newer one or a completed
 * reset, a per-email limit).
 */
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, recoveryTokens, users } from '../../../api/db/schema/index.ts';
import { hashToken } from '../../../api/services/kernel/tokens.ts';
import { demoEmail } from '../../../api/services/platform/seed.ts';
import { accountPassword as password, useSignInContext } from '../../fixtures/sign-in.ts';

const { t, makeAccount, freshClient } = useSignInContext();

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

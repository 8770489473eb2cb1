/**
 * A staff member who lost their authenticator app gets back to a new one with their password and a code we email
 * them (at sign-in, or signed in with a passkey), and every change of their second factors emails them.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../../api/clock.ts';
import { outbox, staffMembers } from '../../../api/db/schema/index.ts';
import { documented } from '../../fixtures/documented.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { createTestStaff, staffClient, staffPassword } from '../../fixtures/staff.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const totpFrom = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const mailsTo = async (email: string) => {
  await t.runJobs();
  return t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
};
async function emailedCode(client: TestClient, email: string): Promise<string> {
  const sent = await client.post('/api/admin/session/emailCode');
  expect(sent.status).toBe(200);
  expect(documented('POST /admin/session/emailCode', sent.body).message).toBe(`We emailed a code to ${email}. It works for 10 minutes.`);
  const mail = (await mailsTo(email)).at(-1);
  expect(mail?.subject).toMatch(/back-office code: \d{6}$/);
  return /\b(\d{6})\b/.exec(mail?.subject ?? '')![1];
}

describe('a lost authenticator app', () => {
  it('is replaced at sign-in with the password and an emailed code; the member is emailed about the change', async () => {
    const staff = await createTestStaff(t, 'support');
    const client = t.client();
    expect((await client.post('/api/admin/session', { email: staff.email, password: staffPassword })).body.next).toBe('mfa');
    // Nothing to ask for a code with before the password.
    expect((await t.client().post('/api/admin/session/emailCode')).status).toBe(401);

    const code = await emailedCode(client, staff.email);
    const wrong = await client.post('/api/admin/session/emailCode/verify', { emailCode: code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That code is not valid. Use the newest code we emailed you.');
    const malformed = await client.post('/api/admin/session/emailCode/verify', { emailCode: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/6-digit code we emailed you/);

    const verified = await client.post('/api/admin/session/emailCode/verify', { emailCode: code });
    expect(verified.status).toBe(200);
    expect(documented('POST /admin/session/emailCode/verify', verified.body)).toEqual({ next: 'enrol', factors: { totp: true, passkeys: 0 } });
    // The session may only add a second factor.
    expect((await client.get('/api/admin/audit')).status).toBe(401);
    const setup = await client.post('/api/admin/session/totp');
    const confirmed = await client.post('/api/admin/session/totp/confirm', { code: totpFrom(setup.body.secret).generate({ timestamp: nowMs() }) });
    expect(confirmed.body.next).toBe('active');
    expect((await client.get('/api/admin/session')).body.state).toBe('active');

    // The code worked once; the old app no longer signs in.
    const again = t.client();
    await again.post('/api/admin/session', { email: staff.email, password: staffPassword });
    expect((await again.post('/api/admin/session/emailCode/verify', { emailCode: code })).status).toBe(400);
    const oldApp = await again.post('/api/admin/session/code', { code: staff.totp.generate({ timestamp: nowMs() + 30_000 }) });
    expect(oldApp.status).toBe(400);
    expect((await mailsTo(staff.email)).at(-1)?.subject).toMatch(/authenticator app was replaced/);
  });

  it('is replaced by a member signed in another way with their password and an emailed code instead of the app’s code', async () => {
    const staff = await staffClient(t, 'billing');
    const setup = await staff.client.post('/api/admin/session/totp');
    const next = totpFrom(setup.body.secret);
    const without = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate() });
    expect(without.status).toBe(403);
    expect(without.body.message).toBe('Enter a code from your current authenticator app to replace it, or your password and a code we email you');

    const code = await emailedCode(staff.client, staff.email);
    const badPassword = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate(), password: 'not my password', emailCode: code });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.message).toBe('Your password is incorrect.');
    const [kept] = await t.db.select().from(staffMembers).where(eq(staffMembers.staffId, staff.staffId));
    expect(kept.totpSecret).toBe(staff.totpSecret);

    const replaced = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate(), password: staffPassword, emailCode: code });
    expect(replaced.status).toBe(200);
    // A member already signed in stays so: the answer says only that.
    expect(documented('POST /admin/session/totp/confirm', replaced.body)).toEqual({ next: 'active' });
    expect((await mailsTo(staff.email)).at(-1)?.subject).toMatch(/authenticator app was replaced/);
  });

  it('limits emailed codes: three sends a quarter hour, five tries a code', async () => {
    const staff = await staffClient(t, 'viewer');
    let code = '';
    for (let i = 0; i < 3; i++) code = await emailedCode(staff.client, staff.email);
    const fourth = await staff.client.post('/api/admin/session/emailCode');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
    const setup = await staff.client.post('/api/admin/session/totp');
    const newCode = totpFrom(setup.body.secret).generate();
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const wrong = await staff.client.post('/api/admin/session/totp/confirm', { code: newCode, password: staffPassword, emailCode: wrongCode });
      expect(wrong.status).toBe(400);
    }
    const spent = await staff.client.post('/api/admin/session/totp/confirm', { code: newCode, password: staffPassword, emailCode: code });
    expect(spent.body.message).toBe('Your emailed code has expired or was used up. Ask for a new one.');
  });
});

describe('every change of a staff member’s second factors', () => {
  it('emails them: an app added at enrolment or later, a passkey added', async () => {
    const staff = await staffClient(t, 'compliance');
    await t.db.update(staffMembers).set({ totpSecret: null }).where(eq(staffMembers.staffId, staff.staffId));
    const authenticator = new SoftAuthenticator();
    // With no factor left, the password and an emailed code prove it is them.
    const proof = { password: staffPassword, emailCode: await emailedCode(staff.client, staff.email) };
    const options = await staff.client.post('/api/admin/session/passkeyRegistrationOptions', proof);
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    documented('POST /admin/session/passkeyRegistrationOptions', options.body);
    const registered = await staff.client.post('/api/admin/session/passkeys', { passkey: authenticator.register(options.body), name: 'Work laptop' });
    expect(registered.status).toBe(200);
    expect(documented('POST /admin/session/passkeys', registered.body)).toEqual({ next: 'active' });
    let mail = (await mailsTo(staff.email)).at(-1);
    expect(mail?.subject).toMatch(/A passkey was added to your .* back-office account/);
    expect(mail?.body).toContain('“Work laptop”');
    expect(mail?.body).toContain('tell an owner at once');

    const setup = await staff.client.post('/api/admin/session/totp');
    const added = await staff.client.post('/api/admin/session/totp/confirm', {
      code: totpFrom(setup.body.secret).generate(),
      password: staffPassword,
      emailCode: await emailedCode(staff.client, staff.email),
    });
    expect(added.status).toBe(200);
    mail = (await mailsTo(staff.email)).at(-1);
    expect(mail?.subject).toMatch(/An authenticator app was added to your .* back-office account/);
  });
});

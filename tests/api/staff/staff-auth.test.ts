/**
 * Staff accounts and sign-in (issue #23): enrolment through a one-time link, a mandatory second factor, sessions of
 * 8 hours at most and 30 minutes idle in their own cookie, rate limits, and owners managing staff.
 */
import { and, eq } from 'drizzle-orm';
import type { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { nowMs } from '../../../api/clock.ts';
import { auditLog, outbox, staffSessions } from '../../../api/db/schema/index.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { createStaff } from '../../../api/services/staff/staff-members.ts';
import { deleteExpiredRecords } from '../../../api/services/platform/housekeeping.ts';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { documented } from '../../fixtures/documented.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { createTestStaff, enrolmentTokenOf, staffClient, staffPassword, totpFrom } from '../../fixtures/staff.ts';
import type { TestClient } from '../../fixtures/test-app.ts';

const { t, startManualClock } = useFileTestContext();

/** Signs in with password and an authenticator code; returns the client. */
async function signIn(client: TestClient, email: string, totp: TOTP) {
  const first = await client.post('/api/admin/session', { email, password: staffPassword });
  expect(first.status).toBe(200);
  expect(documented('POST /admin/session', first.body).next).toBe('mfa');
  // The server reads the test's clock, so the code is made for that time.
  const second = await client.post('/api/admin/session/code', { code: totp.generate({ timestamp: nowMs() }) });
  expect(second.status).toBe(200);
  expect(documented('POST /admin/session/code', second.body).next).toBe('active');
  return client;
}

describe('enrolment', () => {
  it('takes a new owner from the one-time link to a password and an authenticator app, then signs them in', async () => {
    const { enrolmentUrl } = await createStaff(t.deps, systemActor, { email: 'Owner@Registrar.example', name: 'Owner', role: 'owner' });
    expect(enrolmentUrl).toMatch(/^http:\/\/localhost:\d+\/admin\/enrol#[\w-]{40,}$/);
    const client = t.client();
    const token = enrolmentTokenOf(enrolmentUrl);
    const check = await client.post('/api/admin/enrolment/check', { token });
    expect(documented('POST /admin/enrolment/check', check.body)).toMatchObject({ email: 'owner@registrar.example', role: 'owner' });

    const weak = await client.post('/api/admin/enrolment', { token, name: 'Olive Owner', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('at least 12 characters');

    const enrolled = await client.post('/api/admin/enrolment', { token, name: 'Olive Owner', password: staffPassword });
    expect(enrolled.status).toBe(200);
    expect(documented('POST /admin/enrolment', enrolled.body)).toEqual({ next: 'enrol', factors: { totp: false, passkeys: 0 } });
    const cookie = enrolled.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/ds_staff=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);

    // Nothing but adding a second factor until one is added.
    expect((await client.get('/api/admin/audit')).status).toBe(401);
    const setup = await client.post('/api/admin/session/totp');
    expect(setup.status).toBe(200);
    documented('POST /admin/session/totp', setup.body);
    expect(setup.body.otpauthUrl).toContain('otpauth://totp/');
    expect(setup.body.qrSvg).toContain('<svg');
    const wrong = await client.post('/api/admin/session/totp/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    const confirmed = await client.post('/api/admin/session/totp/confirm', { code: totpFrom(setup.body.secret).generate() });
    expect(documented('POST /admin/session/totp/confirm', confirmed.body).next).toBe('active');
    const session = await client.get('/api/admin/session');
    expect(documented('GET /admin/session', session.body)).toMatchObject({
      state: 'active',
      staff: { email: 'owner@registrar.example', name: 'Olive Owner', role: 'owner' },
      factors: { totp: true },
    });
    expect(session.body.staff.permissions).toContain('staff:manage');

    // The link works once.
    const again = await t.client().post('/api/admin/enrolment', { token, name: 'Mallory', password: 'another long password' });
    expect(again.status).toBe(410);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.invite', 'staff.enrol', 'staff.add-factor', 'staff.sign-in']));
  });

  it('enrols a passkey instead, which then stands as the second factor after the password (a replayed answer is refused)', async () => {
    const { enrolmentUrl } = await createStaff(t.deps, systemActor, { email: 'keys@registrar.example', name: 'Kay', role: 'compliance' });
    const client = t.client();
    await client.post('/api/admin/enrolment', { token: enrolmentTokenOf(enrolmentUrl), name: 'Kay Keys', password: staffPassword });
    const authenticator = new SoftAuthenticator();
    const options = await client.post('/api/admin/session/passkeyRegistrationOptions');
    expect(options.status).toBe(200);
    documented('POST /admin/session/passkeyRegistrationOptions', options.body);
    const registered = await client.post('/api/admin/session/passkeys', { passkey: authenticator.register(options.body), name: 'Laptop' });
    expect(documented('POST /admin/session/passkeys', registered.body)).toEqual({ next: 'active', factors: { totp: false, passkeys: 1 } });
    expect((await client.get('/api/admin/audit')).status).toBe(200);

    const again = t.client();
    const first = await again.post('/api/admin/session', { email: 'keys@registrar.example', password: staffPassword });
    expect(first.body).toEqual({ next: 'mfa', factors: { totp: false, passkeys: 1 } });
    expect((await again.post('/api/admin/session/code', { code: '123456' })).status).toBe(400);
    const challenge = await again.post('/api/admin/session/passkeyOptions');
    const answer = authenticator.assert(documented('POST /admin/session/passkeyOptions', challenge.body));
    const signedIn = await again.post('/api/admin/session/passkey', { passkey: answer });
    expect(documented('POST /admin/session/passkey', signedIn.body).next).toBe('active');
    const replay = t.client();
    await replay.post('/api/admin/session', { email: 'keys@registrar.example', password: staffPassword });
    expect((await replay.post('/api/admin/session/passkey', { passkey: answer })).status).toBe(400);
  });

  it('answers an unknown link with 404 and an expired one with 410', async () => {
    expect((await t.client().post('/api/admin/enrolment/check', { token: 'x'.repeat(43) })).status).toBe(404);
    const clock = startManualClock();
    const { enrolmentUrl } = await createStaff(t.deps, systemActor, { email: 'late@registrar.example', name: 'Late', role: 'viewer' });
    clock.advance(73 * 3600_000);
    const late = await t.client().post('/api/admin/enrolment/check', { token: enrolmentTokenOf(enrolmentUrl) });
    expect(late.status).toBe(410);
  });
});

describe('signing in', () => {
  it('asks every enrolled staff member for a second factor and refuses a wrong password without saying why', async () => {
    const staff = await createTestStaff(t, 'support');
    const wrong = await t.client().post('/api/admin/session', { email: staff.email, password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The email or password is incorrect.');
    const nobody = await t.client().post('/api/admin/session', { email: 'nobody@registrar.example', password: 'not the password' });
    expect(nobody.body.message).toBe('The email or password is incorrect.');

    const client = t.client();
    await client.post('/api/admin/session', { email: staff.email, password: staffPassword });
    // Password alone opens nothing.
    expect((await client.get('/api/admin/audit')).status).toBe(401);
    expect((await client.post('/api/admin/session/code', { code: '123456' })).status).toBe(400);
    // One code, kept: generated twice, a second one could fall in the next 30-second period and be a new, valid code.
    const code = staff.totp.generate();
    await client.post('/api/admin/session/code', { code }).then((r) => expect(r.body.next).toBe('active'));
    // Each code works once.
    const replay = t.client();
    await replay.post('/api/admin/session', { email: staff.email, password: staffPassword });
    const reused = await replay.post('/api/admin/session/code', { code });
    expect(reused.body.message).toMatch(/already used/);
    // The wrong password and the wrong code are in the audit log under the member, each with the step that failed.
    const failures = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.sign-in-failed'), eq(auditLog.targetId, String(staff.staffId))))
      .orderBy(auditLog.auditId);
    expect(failures.map((row) => row.after)).toEqual([{ step: 'password' }, { step: 'code' }]);
  });

  it('never accepts a customer session or a staff cookie for the customer API', async () => {
    const staff = await staffClient(t, 'owner');
    expect((await staff.client.get('/api/users/0')).status).toBe(401);
  });

  it('ends a session after 30 idle minutes, and any session 8 hours after sign-in', async () => {
    const clock = startManualClock();
    const staff = await createTestStaff(t, 'viewer');
    const client = await signIn(t.client(), staff.email, staff.totp);
    clock.advance(29 * 60_000);
    expect((await client.get('/api/admin/session')).status).toBe(200);
    clock.advance(29 * 60_000);
    const session = await client.get('/api/admin/session');
    expect(session.status).toBe(200);
    expect(Date.parse(session.body.idleExpiresAt) - clock.now().getTime()).toBe(30 * 60_000);
    clock.advance(31 * 60_000);
    expect((await client.get('/api/admin/session')).status).toBe(401);

    // Busy all day: still out at 8 hours.
    clock.advance(35_000);
    const busy = await signIn(t.client(), staff.email, staff.totp);
    for (let minutes = 0; minutes < 7 * 60 + 40; minutes += 20) {
      clock.advance(20 * 60_000);
      expect((await busy.get('/api/admin/audit')).status, `after ${minutes + 20} minutes`).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await busy.get('/api/admin/audit')).status).toBe(401);
  });

  it('forgets ended sessions a day after they end (housekeeping)', async () => {
    const clock = startManualClock();
    const staff = await staffClient(t, 'viewer');
    const before = await t.db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.staffId));
    expect(before).toHaveLength(1);
    clock.advance(9 * 3600_000);
    await deleteExpiredRecords(t.db, clock.now());
    expect(await t.db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.staffId))).toHaveLength(1);
    clock.advance(24 * 3600_000);
    const report = await deleteExpiredRecords(t.db, clock.now());
    expect(report.staffSessions).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.staffId))).toEqual([]);
  });

  it('limits wrong passwords per address and wrong codes per staff member', async () => {
    const staff = await createTestStaff(t, 'billing');
    const client = t.client({ ip: '198.51.100.40' });
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const answer = await client.post('/api/admin/session', { email: `nobody${i}@registrar.example`, password: 'wrong password' });
      last = answer.status;
    }
    expect(last).toBe(429);
    // The owner of an email strangers guess at still signs in, with a bot check after five failures.
    const guesser = t.client({ ip: '198.51.100.41' });
    for (let i = 0; i < 6; i++) await guesser.post('/api/admin/session', { email: staff.email, password: 'wrong password' });
    const owner = t.client({ ip: '198.51.100.42' });
    const asked = await owner.post('/api/admin/session', { email: staff.email, password: staffPassword });
    expect(asked.status).toBe(400);
    expect(asked.body.data).toMatchObject({ botCheckRequired: true });
    const passed = await owner.post('/api/admin/session', { email: staff.email, password: staffPassword, recaptchaToken: await owner.botToken() });
    expect(passed.body.next).toBe('mfa');
    let codeStatus = 0;
    for (let i = 0; i < 11; i++) codeStatus = (await owner.post('/api/admin/session/code', { code: '000000' })).status;
    expect(codeStatus).toBe(429);
  });
});

describe('managing staff', () => {
  it('lets an owner invite staff by email, and the invitation link enrols them', async () => {
    const owner = await staffClient(t, 'owner');
    const invited = await owner.client.post('/api/admin/staff', { email: 'Sam.Support@Registrar.example', name: 'Sam Support', role: 'support' });
    expect(invited.status).toBe(201);
    expect(documented('POST /admin/staff', invited.body)).toMatchObject({
      email: 'sam.support@registrar.example',
      role: 'support',
      status: 'invited',
      invitedBy: owner.email,
    });
    await t.runJobs();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, 'sam.support@registrar.example'));
    expect(mail.subject).toMatch(/invited to the .* back office/);
    const url = /http\S+\/admin\/enrol#\S+/.exec(mail.body)?.[0];
    expect(url).toBeTruthy();
    const check = await t.client().post('/api/admin/enrolment/check', { token: enrolmentTokenOf(url!) });
    expect(check.body).toMatchObject({ email: 'sam.support@registrar.example', role: 'support' });
    const duplicate = await owner.client.post('/api/admin/staff', { email: 'sam.support@registrar.example', name: 'Sam', role: 'viewer' });
    expect(duplicate.status).toBe(409);
    const list = await owner.client.get('/api/admin/staff');
    expect(documented('GET /admin/staff', list.body).data.map((m: { email: string }) => m.email)).toContain('sam.support@registrar.example');
  });

  it('changes a role at once (sessions end), disables, and never lets an owner change their own role', async () => {
    const owner = await staffClient(t, 'owner');
    const agent = await staffClient(t, 'support');
    expect((await agent.client.get('/api/admin/session')).status).toBe(200);
    const changed = await owner.client.patch(`/api/admin/staff/${agent.staffId}`, { role: 'viewer' });
    expect(documented('PATCH /admin/staff/:id', changed.body).role).toBe('viewer');
    expect((await agent.client.get('/api/admin/session')).status).toBe(401);
    expect((await owner.client.patch(`/api/admin/staff/${owner.staffId}`, { role: 'viewer' })).status).toBe(403);
    const disabled = await owner.client.patch(`/api/admin/staff/${agent.staffId}`, { status: 'disabled' });
    expect(disabled.body.status).toBe('disabled');
    const refused = await t.client().post('/api/admin/session', { email: agent.email, password: staffPassword });
    expect(refused.status).toBe(400);
  });

  it('resets a staff member’s second factors with a reason: password and factors cleared, sessions ended, a new link emailed', async () => {
    const owner = await staffClient(t, 'owner');
    const agent = await staffClient(t, 'billing');
    const noReason = await owner.client.post(`/api/admin/staff/${agent.staffId}/resetFactors`, {});
    expect(noReason.status).toBe(400);
    const reset = await owner.client.post(`/api/admin/staff/${agent.staffId}/resetFactors`, { reason: 'Lost phone, checked on a video call' });
    expect(reset.status).toBe(200);
    documented('POST /admin/staff/:id/resetFactors', reset.body);
    expect((await agent.client.get('/api/admin/session')).status).toBe(401);
    expect((await t.client().post('/api/admin/session', { email: agent.email, password: staffPassword })).status).toBe(400);
    const sessions = await t.db.select().from(staffSessions).where(eq(staffSessions.staffId, agent.staffId));
    expect(sessions.every((s) => s.revokeDate !== null)).toBe(true);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.reset-factors'));
    expect(entry).toMatchObject({ staffId: owner.staffId, staffRole: 'owner', reason: 'Lost phone, checked on a video call', clientIp: '192.0.2.1' });
    await t.runJobs();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, agent.email));
    expect(mails.at(-1)?.body).toMatch(/\/admin\/enrol#/);
  });
});

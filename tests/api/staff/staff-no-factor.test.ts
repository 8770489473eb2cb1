/**
 * A staff session whose member has no second factor at all (a session that outlived its factors, or one opened
 * half-way through an enrolment) adds none on the session alone: a passkey or an authenticator app needs the password
 * and a code we email, and for a member who never added a factor, only within their enrolment link's 72 hours.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, staffMembers, staffPasskeys } from '../../../api/db/schema/index.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { createStaff } from '../../../api/services/staff/staff-members.ts';
import { createStaffSession } from '../../../api/services/staff/staff-sessions.ts';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { enrolmentTokenOf, staffClient, staffPassword, totpFrom } from '../../fixtures/staff.ts';
import type { TestClient } from '../../fixtures/test-app.ts';

const { t, startManualClock, restoreClock } = useFileTestContext();
const hour = 3600_000;

const passkeysOf = (staffId: number) => t.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));
const memberOf = async (staffId: number) => (await t.db.select().from(staffMembers).where(eq(staffMembers.staffId, staffId)))[0];

async function emailedCode(client: TestClient, email: string): Promise<string> {
  const sent = await client.post('/api/admin/session/emailCode');
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await t.runJobs();
  const mails = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
  return /back-office code: (\d{6})$/.exec(mails.at(-1)?.subject ?? '')![1];
}

/** A member who followed their link and chose a password, then stopped before the second factor. */
async function halfEnrolled(email: string) {
  const { staff, enrolmentUrl } = await createStaff(t.deps, systemActor, { email, name: 'Nora None', role: 'support' });
  const enrolled = await t.client().post('/api/admin/enrolment', { token: enrolmentTokenOf(enrolmentUrl), name: 'Nora None', password: staffPassword });
  expect(enrolled.body).toEqual({ next: 'enrol', factors: { totp: false, passkeys: 0 } });
  return staff;
}

/** A signed-in (active) session for a member, however it came to be. */
async function activeSession(staffId: number): Promise<TestClient> {
  const client = t.client();
  const { token } = await createStaffSession(t.db, { staffId, state: 'active', client: { ip: client.ip } });
  client.cookies.set('ds_staff', token);
  return client;
}

describe('a signed-in staff member with no second factor', () => {
  it('cannot add a passkey or an app on the session alone; with the password and an emailed code, can', async () => {
    const member = await staffClient(t, 'compliance');
    await t.db.update(staffMembers).set({ totpSecret: null }).where(eq(staffMembers.staffId, member.staffId));

    const bare = await member.client.post('/api/admin/session/passkeyRegistrationOptions', {});
    expect(bare.status).toBe(403);
    expect(bare.body.message).toBe('Enter a code from your current authenticator app to add a passkey, or your password and a code we email you');
    const setup = await member.client.post('/api/admin/session/totp');
    expect(setup.status).toBe(200);
    const app = await member.client.post('/api/admin/session/totp/confirm', { code: totpFrom(setup.body.secret).generate() });
    expect(app.status).toBe(403);
    expect(app.body.message).toBe('Enter a code from your current authenticator app to add an authenticator app, or your password and a code we email you');
    expect((await memberOf(member.staffId)).totpSecret).toBeNull();

    // A registration made up without a challenge of this session's is refused too.
    const forged = new SoftAuthenticator().register({
      challenge: 'bm90LWlzc3VlZC1ieS11cw',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'c3RhZmY6MQ', name: member.email, displayName: 'x' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    } as never);
    expect((await member.client.post('/api/admin/session/passkeys', { passkey: forged, name: 'Intruder' })).status).toBe(400);
    expect(await passkeysOf(member.staffId)).toEqual([]);

    const wrongPassword = await member.client.post('/api/admin/session/passkeyRegistrationOptions', {
      password: 'not my password',
      emailCode: await emailedCode(member.client, member.email),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe('Your password is incorrect.');

    const proved = await member.client.post('/api/admin/session/passkeyRegistrationOptions', {
      password: staffPassword,
      emailCode: await emailedCode(member.client, member.email),
    });
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    const added = await member.client.post('/api/admin/session/passkeys', { passkey: new SoftAuthenticator().register(proved.body), name: 'Desk key' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await passkeysOf(member.staffId)).map((p) => p.name)).toEqual(['Desk key']);
  });

  it('who never added one finishes only within the enrolment link’s 72 hours, even with the password and an emailed code', async () => {
    const clock = startManualClock();
    const staff = await halfEnrolled('nora@registrar.example');
    clock.advance(73 * hour);
    const member = { staffId: staff.staffId, email: staff.email, client: await activeSession(staff.staffId) };
    const code = await emailedCode(member.client, member.email);
    const late = await member.client.post('/api/admin/session/passkeyRegistrationOptions', { password: staffPassword, emailCode: code });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('You did not add a second factor within 72 hours of your invitation. Ask an owner for a new invitation.');
    const setup = await member.client.post('/api/admin/session/totp');
    const app = await member.client.post('/api/admin/session/totp/confirm', {
      code: totpFrom(setup.body.secret).generate({ timestamp: clock.now().getTime() }),
      password: staffPassword,
      emailCode: code,
    });
    expect(app.status).toBe(403);
    restoreClock();
    expect(await passkeysOf(member.staffId)).toEqual([]);
    expect((await memberOf(member.staffId)).totpSecret).toBeNull();
  });
});

/**
 * A staff member who set a password through their enrolment link but added no second factor has the link's 72 hours
 * to add one; after that the password alone is refused with a message to ask for a new invitation, and an owner's
 * new invitation (a fresh link) is the way back.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nowMs } from '../../../api/clock.ts';
import { auditLog, outbox, staffMembers } from '../../../api/db/schema/index.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { createStaff } from '../../../api/services/staff/staff-members.ts';
import { documented } from '../../fixtures/documented.ts';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { enrolmentTokenOf, staffClient, staffPassword, totpFrom } from '../../fixtures/staff.ts';

const { t, startManualClock, restoreClock } = useFileTestContext();

const hour = 3600_000;

/** A member who followed their link and chose a password, then stopped before the second factor. */
async function halfEnrolled(email: string) {
  const { staff, enrolmentUrl } = await createStaff(t.deps, systemActor, { email, name: 'Hal', role: 'support' });
  const enrolled = await t.client().post('/api/admin/enrolment', { token: enrolmentTokenOf(enrolmentUrl), name: 'Hal Half', password: staffPassword });
  expect(enrolled.body).toEqual({ next: 'enrol', factors: { totp: false, passkeys: 0 } });
  return staff;
}

describe('an enrolment left without a second factor', () => {
  it('can be finished with the password within the link’s 72 hours, and not after', async () => {
    const clock = startManualClock();
    const staff = await halfEnrolled('hal@registrar.example');

    clock.advance(71 * hour + 50 * 60_000);
    const inTime = t.client();
    const signedIn = await inTime.post('/api/admin/session', { email: staff.email, password: staffPassword });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.next).toBe('enrol');
    // The enrol session lives 15 minutes, but the enrolment's hours end first.
    clock.advance(11 * 60_000);
    const setup = await inTime.post('/api/admin/session/totp');
    expect(setup.status).toBe(403);
    expect(setup.body.message).toMatch(/Ask an owner for a new invitation/);

    const late = await t.client().post('/api/admin/session', { email: staff.email, password: staffPassword });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('You did not add a second factor within 72 hours of your invitation. Ask an owner for a new invitation.');
    const [failure] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.sign-in-failed'));
    expect(failure).toMatchObject({ targetId: String(staff.staffId), after: { step: 'enrolment-lapsed' } });
    const [row] = await t.db.select().from(staffMembers).where(eq(staffMembers.staffId, staff.staffId));
    expect(row.totpSecret).toBeNull();
    expect(row.totpPendingSecret).toBeNull();
  });

  it('is invited afresh by an owner: the old password stops working and the new link enrols them', async () => {
    const clock = startManualClock();
    const staff = await halfEnrolled('hal2@registrar.example');
    clock.advance(80 * hour);
    const owner = await staffClient(t, 'owner');
    const list = await owner.client.get('/api/admin/staff');
    expect(list.body.data.find((m: { staffId: number }) => m.staffId === staff.staffId)).toMatchObject({ status: 'active', hasTotp: false, passkeys: 0 });

    const again = await owner.client.post(`/api/admin/staff/${staff.staffId}/resendInvitation`);
    expect(again.status).toBe(200);
    expect(documented('POST /admin/staff/:id/resendInvitation', again.body).message).toBe('Invitation sent again');
    const oldPassword = await t.client().post('/api/admin/session', { email: staff.email, password: staffPassword });
    expect(oldPassword.status).toBe(400);
    expect(oldPassword.body.message).toBe('The email or password is incorrect.');

    restoreClock();
    await t.runJobs();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, staff.email));
    const url = /http\S+\/admin\/enrol#\S+/.exec(mails.at(-1)?.body ?? '')?.[0];
    expect(url).toBeTruthy();
    const client = t.client();
    const enrolled = await client.post('/api/admin/enrolment', { token: enrolmentTokenOf(url!), name: 'Hal Whole', password: 'a brand new staff password' });
    expect(enrolled.body.next).toBe('enrol');
    const setup = await client.post('/api/admin/session/totp');
    const confirmed = await client.post('/api/admin/session/totp/confirm', { code: totpFrom(setup.body.secret).generate({ timestamp: nowMs() }) });
    expect(confirmed.body.next).toBe('active');

    // Enrolled now: nothing to invite again.
    const enrolledAlready = await owner.client.post(`/api/admin/staff/${staff.staffId}/resendInvitation`);
    expect(enrolledAlready.status).toBe(409);
    expect(enrolledAlready.body.message).toBe(`${staff.email} has already enrolled`);
  });
});

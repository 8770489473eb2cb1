/**
 * Staff authenticator secrets are stored sealed (AES-256-GCM, as transfer auth codes are): the database never holds the
 * secret a staff member scanned, a sealed value copied onto another member's row opens nothing, and rows stored in
 * plaintext before sealing still sign in and are sealed by `sealStaffTotpSecrets` (run at start-up).
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../../api/clock.ts';
import { staffMembers } from '../../../api/db/schema/index.ts';
import { sealStaffTotpSecrets } from '../../../api/services/staff/staff-totp-secrets.ts';
import { createTestStaff, staffClient, staffPassword } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const totpFrom = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const stored = async (staffId: number) => (await t.db.select().from(staffMembers).where(eq(staffMembers.staffId, staffId)))[0];

/** `stepsAhead`: a code of a later time step (the server accepts one step either side), when this one was spent. */
async function signIn(email: string, totp: TOTP, stepsAhead = 0) {
  const client = t.client();
  const first = await client.post('/api/admin/session', { email, password: staffPassword });
  expect(first.body.next).toBe('mfa');
  return client.post('/api/admin/session/code', { code: totp.generate({ timestamp: nowMs() + stepsAhead * 30_000 }) });
}

describe('staff authenticator secrets at rest', () => {
  it('are sealed from the moment one is shown, and the sealed app signs in', async () => {
    const staff = await staffClient(t, 'support');
    // Replacing the app: the new secret is sealed while pending and once confirmed.
    const setup = await staff.client.post('/api/admin/session/totp');
    expect(setup.status).toBe(200);
    const pending = (await stored(staff.staffId)).totpPendingSecret!;
    expect(pending).toMatch(/^v1\./);
    expect(pending).not.toContain(setup.body.secret);
    const next = totpFrom(setup.body.secret);
    const replaced = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate(), currentCode: staff.totp.generate() });
    expect(replaced.status).toBe(200);
    const row = await stored(staff.staffId);
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(setup.body.secret);
    expect(row.totpPendingSecret).toBeNull();

    // Signed in later with the new app (a later time step than the one the replacement spent).
    const later = await signIn(staff.email, next, 1);
    expect([later.status, later.body.message]).toEqual([200, undefined]);
    expect(later.body.next).toBe('active');
  });

  it('are bound to their row: a sealed secret copied onto another member is refused with a clear message', async () => {
    const staff = await staffClient(t, 'billing');
    const setup = await staff.client.post('/api/admin/session/totp');
    await staff.client.post('/api/admin/session/totp/confirm', { code: totpFrom(setup.body.secret).generate(), currentCode: staff.totp.generate() });
    const other = await createTestStaff(t, 'viewer');
    await t.db
      .update(staffMembers)
      .set({ totpSecret: (await stored(staff.staffId)).totpSecret })
      .where(eq(staffMembers.staffId, other.staffId));
    const client = t.client();
    await client.post('/api/admin/session', { email: other.email, password: staffPassword });
    const refused = await client.post('/api/admin/session/code', { code: totpFrom(setup.body.secret).generate({ timestamp: nowMs() }) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your authenticator app cannot be checked. Ask an owner to reset your sign-in.');
  });

  it('stored in plaintext before sealing still sign in, and are sealed at start-up', async () => {
    // The fixture writes the secret as earlier versions did: plaintext base32.
    const legacy = await createTestStaff(t, 'compliance');
    expect((await stored(legacy.staffId)).totpSecret).toBe(legacy.totpSecret);
    expect((await signIn(legacy.email, legacy.totp)).body.next).toBe('active');

    expect(await sealStaffTotpSecrets(t.deps)).toBeGreaterThanOrEqual(1);
    const row = await stored(legacy.staffId);
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(legacy.totpSecret);
    expect(await sealStaffTotpSecrets(t.deps)).toBe(0);
    // The same app, a later code: still signs in.
    const again = await signIn(legacy.email, legacy.totp, 1);
    expect(again.body.next).toBe('active');
  });
});

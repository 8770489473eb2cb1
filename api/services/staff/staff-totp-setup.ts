/**
 * Setting up a staff member's authenticator app: at enrolment, after an emailed code stood in for a lost app, or
 * while signed in (adding one, or replacing the current one with its code or with the password and an emailed code).
 * Every change emails the member.
 */
import QRCode from 'qrcode';
import { Secret } from 'otpauth';
import { eq } from 'drizzle-orm';
import type { StaffTotpSetup } from '../../contract/staff/staff.ts';
import { staffMembers, staffPasskeys } from '../../db/schema/index.ts';
import type { Deps, StaffAuth } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { spendStaffEmailCode } from './staff-email-codes.ts';
import { notifyFactorChange } from './staff-factor-notice.ts';
import { findStaff, requireEnrolmentOpen } from './staff-members.ts';
import { revokeStaffSession, type StaffClient } from './staff-sessions.ts';
import { actorOf, checkTotp, openStaffSession, type StaffSignInResult, staffTotp } from './staff-sign-in.ts';
import { openStaffTotpSecret, sealStaffTotpSecret } from './staff-totp-secrets.ts';

/** What proves a signed-in member replacing their app: a code from it, or their password and a code we emailed. */
export type TotpReplaceProof = { currentCode?: string; password?: string; emailCode?: string };

/** Enrolment, or adding an app later: a new secret to scan, kept pending until its first code confirms it. */
export async function startTotpSetup(deps: Pick<Deps, 'db' | 'config'>, auth: StaffAuth | null, brandName: string): Promise<StaffTotpSetup> {
  if (auth?.state !== 'enrol' && auth?.state !== 'active') throw new AppError(401, 'Please sign in to continue');
  if (auth.state === 'enrol') await requireEnrolmentOpen(deps.db, auth.staffId);
  const staff = await findStaff(deps.db, auth.staffId);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await sealStaffTotpSecret(deps, staff.staffId, secret);
  await deps.db.update(staffMembers).set({ totpPendingSecret: sealed }).where(eq(staffMembers.staffId, staff.staffId));
  const otpauthUrl = staffTotp(secret, staff.email, brandName).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/** The first code from the scanned secret: the app becomes the staff member's; an enrolling session becomes active. */
export async function confirmTotpSetup(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  auth: StaffAuth | null,
  code: string,
  client: StaffClient,
  brandName: string,
  proof: TotpReplaceProof = {},
): Promise<StaffSignInResult | null> {
  if (auth?.state !== 'enrol' && auth?.state !== 'active') throw new AppError(401, 'Please sign in to continue');
  if (auth.state === 'enrol') await requireEnrolmentOpen(deps.db, auth.staffId);
  const staff = await findStaff(deps.db, auth.staffId);
  const pending = await openStaffTotpSecret(deps, staff.staffId, staff.totpPendingSecret);
  if (!pending) throw new AppError(400, 'Start the authenticator setup first.');
  // Replacing the app of a signed-in member needs a code from the app it replaces, or the password and an emailed
  // code: a stolen session alone cannot.
  // Adding one beside a passkey, or with no factor left, is proved the same way (a passkey-only member uses the
  // password and an emailed code); one without any factor finishes only within its enrolment link's hours.
  const replacing = auth.state === 'active' && staff.totpSecret !== null;
  if (auth.state === 'active') {
    if (!replacing && (await passkeyCountOf(deps, staff.staffId)) === 0) await requireEnrolmentOpen(deps.db, staff.staffId);
    await requireCurrentFactor(deps, staff, proof, client, brandName, replacing ? 'replace it' : 'add an authenticator app');
  }
  // A replacement's new code shares the time step of the current one just spent: checked, not spent.
  await checkTotp(deps.db, staff, pending, code, client, brandName, !replacing);
  const [updated] = await deps.db
    .update(staffMembers)
    .set({ totpSecret: await sealStaffTotpSecret(deps, staff.staffId, pending), totpPendingSecret: null })
    .where(eq(staffMembers.staffId, staff.staffId))
    .returning();
  const replaced = staff.totpSecret !== null;
  await recordAudit(deps.db, actorOf(staff, client.ip), {
    action: 'staff.add-factor',
    targetType: 'staff',
    targetId: staff.staffId,
    targetLabel: staff.email,
    after: { factor: 'totp', replaced },
  });
  await notifyFactorChange(deps, staff, { kind: replaced ? 'totp-replaced' : 'totp-added' }, client.ip, brandName);
  if (auth.state !== 'enrol') return null;
  await revokeStaffSession(deps.db, auth.staffSessionId);
  return openStaffSession(deps, updated, 'active', client);
}

async function passkeyCountOf(deps: Pick<Deps, 'db'>, staffId: number): Promise<number> {
  return (await deps.db.select({ id: staffPasskeys.staffPasskeyId }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId))).length;
}

/**
 * A signed-in member changing their second factors (replacing the app, adding a passkey) proves it is them: a code
 * from their current app, or their password and a code we emailed. A stolen session alone cannot.
 */
export async function requireCurrentFactor(
  deps: Pick<Deps, 'db' | 'config'>,
  staff: Awaited<ReturnType<typeof findStaff>>,
  proof: TotpReplaceProof,
  client: StaffClient,
  brandName: string,
  what: string,
): Promise<void> {
  if (proof.currentCode && staff.totpSecret !== null) {
    const current = (await openStaffTotpSecret(deps, staff.staffId, staff.totpSecret)) as string;
    await checkTotp(deps.db, staff, current, proof.currentCode, client, brandName);
  } else if (proof.password !== undefined && proof.emailCode) {
    await spendStaffEmailCode(deps, staff, { password: proof.password, emailCode: proof.emailCode }, client);
  } else {
    throw new AppError(403, `Enter a code from your current authenticator app to ${what}, or your password and a code we email you`, {
      errors: { currentCode: ['Enter the current code'] },
    });
  }
}

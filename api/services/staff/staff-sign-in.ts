/**
 * Staff sign-in: a password, then a second factor (an authenticator app or a passkey; never SMS), which every staff
 * member must have: one with none yet gets an `enrol` session that can only add one. Limits follow the customers'
 * (README "Sign-in limits"): failures per address are hard, failures per staff email ask for a bot check instead of
 * locking the owner out, wrong codes are hard per staff member and address.
 */
import { and, eq, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { now } from '../../clock.ts';
import type { StaffSessionState, StaffSessionView, StaffSignInStep } from '../../contract/staff/staff.ts';
import type { Db } from '../../db/client.ts';
import { staffMembers, staffPasskeys, staffTotpSteps } from '../../db/schema/index.ts';
import type { StaffMemberRow } from '../../db/schema/index.ts';
import type { Deps, StaffAuth } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { requireBotCheck } from '../auth/bot-check.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import { countFailure, enforce, enforceWithoutHit, giveBack, hit, type Limit, reserve } from '../platform/rate-limit.ts';
import { findStaff, findStaffByEmail, permissionsOf, requireEnrolmentOpen } from './staff-members.ts';
import { createStaffSession, idleExpiry, revokeStaffSession, type StaffClient } from './staff-sessions.ts';
import { openStaffTotpSecret } from './staff-totp-secrets.ts';

export const staffInvalidCredentials = 'The email or password is incorrect.';
const window15m = 15 * 60;
export const staffFailuresBeforeBotCheck = 5;
/** Past the free failures the proof of work doubles in cost with each further one, up to this many doublings. */
export const staffBotCheckDoublings = 7;
export const staffBotCheckCost = (failures: number) =>
  2 ** Math.min(Math.max(0, Math.ceil(failures) - staffFailuresBeforeBotCheck - 1), staffBotCheckDoublings);
const emailFailures = (email: string): Limit => ({ key: `staff-login:email:${email}`, max: staffFailuresBeforeBotCheck, windowSeconds: window15m });
const addressFailures = (ip: string): Limit => ({ key: `staff-login:ip:${ip}`, max: 20, windowSeconds: window15m });
const attempts = (ip: string): Limit => ({ key: `staff-login-attempt:ip:${ip}`, max: 100, windowSeconds: window15m });
/** Wrong codes: only someone past the password gets here, so these are hard. */
export const staffCodeLimits = (staffId: number, ip: string): Limit[] => [
  { key: `staff-code:staff:${staffId}`, max: 10, windowSeconds: window15m },
  { key: `staff-code:ip:${ip}`, max: 30, windowSeconds: window15m },
];

const totpPeriod = 30;
let dummyHash: Promise<string> | null = null;

export type StaffSignInResult = { step: StaffSignInStep; session: { token: string; expireDate: Date; state: StaffSessionState } };

export function actorOf(staff: Pick<StaffMemberRow, 'staffId' | 'email' | 'role'>, ip: string): StaffActor {
  return { staffId: staff.staffId, email: staff.email, role: staff.role, ip };
}

/** An audit row for a failed sign-in of a known staff member, naming the step that failed. */
async function recordSignInFailure(db: Db, staff: StaffMemberRow, ip: string, step: 'password' | 'enrolment-lapsed' | 'code'): Promise<void> {
  await recordAudit(db, actorOf(staff, ip), {
    action: 'staff.sign-in-failed',
    targetType: 'staff',
    targetId: staff.staffId,
    targetLabel: staff.email,
    after: { step },
  });
}

async function factorsOf(db: Db, staff: StaffMemberRow): Promise<{ totp: boolean; passkeys: number }> {
  const keys = await db.select({ id: staffPasskeys.staffPasskeyId }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staff.staffId));
  return { totp: staff.totpSecret !== null, passkeys: keys.length };
}

function hasFactor(factors: { totp: boolean; passkeys: number }): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** A fresh session after a finished step: `active` once a second factor is proved, else what comes next. */
export async function openStaffSession(
  deps: Pick<Deps, 'db'>,
  staff: StaffMemberRow,
  state: StaffSessionState,
  client: StaffClient,
): Promise<StaffSignInResult> {
  const session = await createStaffSession(deps.db, { staffId: staff.staffId, state, client });
  if (state === 'active') {
    await deps.db.update(staffMembers).set({ lastSignInDate: now() }).where(eq(staffMembers.staffId, staff.staffId));
    await recordAudit(deps.db, actorOf(staff, client.ip), { action: 'staff.sign-in', targetType: 'staff', targetId: staff.staffId, targetLabel: staff.email });
  }
  return { step: { next: state, factors: await factorsOf(deps.db as Db, staff) }, session: { ...session, state } };
}

/** Step 1: email and password. */
export async function signInStaff(
  deps: Pick<Deps, 'db' | 'providers'>,
  input: { email: string; password: string; recaptchaToken?: string },
  client: StaffClient,
): Promise<StaffSignInResult> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  const tooMany = 'Too many sign-in attempts.';
  await enforceWithoutHit(db, [addressFailures(client.ip)], tooMany);
  await enforce(db, [attempts(client.ip)], tooMany);
  // Counted before the password is checked (parallel guesses cannot all slip under it), given back when right.
  const perEmail = emailFailures(email);
  const verdict = await hit(db, perEmail);
  if (!verdict.allowed) {
    try {
      await requireBotCheck(deps.providers.botCheck, input.recaptchaToken, { cost: staffBotCheckCost(verdict.count) });
    } catch (error) {
      await giveBack(db, [perEmail]);
      throw error;
    }
  }
  const staff = await findStaffByEmail(db, email);
  dummyHash ??= hashPassword('not-a-real-password-at-all');
  const usable = staff !== null && staff.status === 'active' && staff.passwordHash !== null;
  const ok = await verifyPassword(usable ? staff.passwordHash! : await dummyHash, input.password);
  if (!usable || !ok) {
    await countFailure(db, [addressFailures(client.ip)]);
    if (staff) {
      await recordSignInFailure(db, staff, client.ip, 'password');
    }
    throw new AppError(400, staffInvalidCredentials);
  }
  await giveBack(db, [perEmail]);
  const factors = await factorsOf(db, staff);
  if (!hasFactor(factors)) {
    try {
      await requireEnrolmentOpen(db, staff.staffId);
    } catch (error) {
      await recordSignInFailure(db, staff, client.ip, 'enrolment-lapsed');
      throw error;
    }
  }
  return openStaffSession(deps, staff, hasFactor(factors) ? 'mfa' : 'enrol', client);
}

export function staffTotp(secret: string, label: string, brandName: string): TOTP {
  return new TOTP({ issuer: `${brandName} back office`, label, algorithm: 'SHA1', digits: 6, period: totpPeriod, secret: Secret.fromBase32(secret) });
}

/**
 * Checks a TOTP code against a secret, under the staff member's wrong-code limits (counted before comparing), and
 * spends its time step: each code works once.
 */
export async function checkTotp(
  db: Db,
  staff: StaffMemberRow,
  secret: string,
  code: string,
  client: StaffClient,
  brandName: string,
  spend = true,
): Promise<void> {
  const limits = staffCodeLimits(staff.staffId, client.ip);
  await reserve(db, limits, 'Too many code attempts.');
  const time = now();
  const delta = staffTotp(secret, staff.email, brandName).validate({ token: code, window: 1, timestamp: time.getTime() });
  if (delta === null) {
    await recordSignInFailure(db, staff, client.ip, 'code');
    throw new AppError(400, 'That code is not valid. Check your authenticator app and try again.');
  }
  await giveBack(db, limits);
  // The new app's first code, checked beside the current app's: its step is the current one's, spent once.
  if (!spend) return;
  const step = Math.floor(time.getTime() / 1000 / totpPeriod) + delta;
  const spent = await db.insert(staffTotpSteps).values({ staffId: staff.staffId, step, createDate: time }).onConflictDoNothing().returning();
  if (spent.length === 0) throw new AppError(400, 'This code was already used. Wait for the next code from your app.');
  await db.delete(staffTotpSteps).where(and(eq(staffTotpSteps.staffId, staff.staffId), lt(staffTotpSteps.step, step - 2)));
}

/** Step 2: the authenticator code of a pending (`mfa`) session; the session is replaced by an active one. */
export async function verifyStaffCode(
  deps: Pick<Deps, 'db' | 'config'>,
  auth: StaffAuth | null,
  code: string,
  client: StaffClient,
  brandName: string,
): Promise<StaffSignInResult> {
  if (auth?.state !== 'mfa') throw new AppError(401, 'Your sign-in has expired. Please enter your email and password again.');
  const staff = await findStaff(deps.db, auth.staffId);
  const secret = await openStaffTotpSecret(deps, staff.staffId, staff.totpSecret);
  if (!secret) throw new AppError(400, 'You have no authenticator app set up. Use your passkey.');
  await checkTotp(deps.db, staff, secret, code, client, brandName);
  await revokeStaffSession(deps.db, auth.staffSessionId);
  return openStaffSession(deps, staff, 'active', client);
}

/** GET /api/admin/session. */
export async function describeStaffSession(db: Db, auth: StaffAuth): Promise<StaffSessionView> {
  const staff = await findStaff(db, auth.staffId);
  return {
    state: auth.state,
    staff: { staffId: staff.staffId, email: staff.email, name: staff.name, role: staff.role, permissions: permissionsOf(staff.role) },
    factors: await factorsOf(db, staff),
    expiresAt: auth.expireDate.toISOString(),
    idleExpiresAt: idleExpiry(auth).toISOString(),
  };
}

/** Sign out: the session is revoked server-side. */
export async function signOutStaff(db: Db, auth: StaffAuth | null, ip: string): Promise<void> {
  if (!auth) return;
  await revokeStaffSession(db, auth.staffSessionId);
  if (auth.state === 'active') {
    await recordAudit(
      db,
      { staffId: auth.staffId, email: auth.email, role: auth.role, ip },
      { action: 'staff.sign-out', targetType: 'staff', targetId: auth.staffId, targetLabel: auth.email },
    );
  }
}

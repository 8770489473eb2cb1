/**
 * The way back for a staff member who lost their authenticator app: a code emailed to them, with their password,
 * stands in for the current app's code. Signed in (with a passkey), it lets them replace the app; half-way through a
 * sign-in (password given, code asked for), it turns the session into one that may only add a second factor.
 */
import { randomInt } from 'node:crypto';
import { addMinutes } from 'date-fns/addMinutes';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { staffEmailCodes } from '../../db/schema/index.ts';
import type { StaffMemberRow } from '../../db/schema/index.ts';
import type { Deps, StaffAuth } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashToken, sameHash } from '../kernel/tokens.ts';
import { verifyPassword } from '../kernel/passwords.ts';
import { queueMessage } from '../platform/messages.ts';
import { enforce, giveBack, type Limit, reserve } from '../platform/rate-limit.ts';
import { findStaff } from './staff-members.ts';
import { revokeStaffSession, type StaffClient } from './staff-sessions.ts';
import { openStaffSession, type StaffSignInResult, staffCodeLimits } from './staff-sign-in.ts';

export const staffEmailCodeMinutes = 10;
const triesPerCode = 5;
const window15m = 15 * 60;
/** Sends are hard-limited: only someone past the password can ask, and each one is an email in the member's inbox. */
const sendLimits = (staffId: number, ip: string): Limit[] => [
  { key: `staff-email-code:staff:${staffId}`, max: 3, windowSeconds: window15m },
  { key: `staff-email-code:ip:${ip}`, max: 10, windowSeconds: window15m },
];
const invalidCode = 'That code is not valid. Use the newest code we emailed you.';

/** POST /api/admin/session/emailCode: a new 6-digit code by email (earlier unused ones stop working). */
export async function sendStaffEmailCode(deps: Pick<Deps, 'db' | 'jobs'>, auth: StaffAuth | null, client: StaffClient, brandName: string): Promise<string> {
  if (auth?.state !== 'mfa' && auth?.state !== 'active') throw new AppError(401, 'Please enter your email and password first.');
  await enforce(deps.db, sendLimits(auth.staffId, client.ip), 'Too many codes were sent.');
  const staff = await findStaff(deps.db, auth.staffId);
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const time = now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(staffEmailCodes)
      .set({ useDate: time })
      .where(and(eq(staffEmailCodes.staffId, staff.staffId), isNull(staffEmailCodes.useDate)));
    await tx
      .insert(staffEmailCodes)
      .values({ staffId: staff.staffId, codeHash: hashToken(code), expireDate: addMinutes(time, staffEmailCodeMinutes), createDate: time });
  });
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: staff.email,
    subject: `Your ${brandName} back-office code: ${code}`,
    text: [
      `Hello ${staff.name},`,
      '',
      `Your code to replace your second factor is ${code}. It works for ${staffEmailCodeMinutes} minutes, once.`,
      `It was asked for from ${client.ip}. If this was not you, someone knows your password: tell an owner at once.`,
    ].join('\n'),
  });
  return `We emailed a code to ${staff.email}. It works for ${staffEmailCodeMinutes} minutes.`;
}

/**
 * Checks the newest emailed code under the wrong-code limits (counted before comparing, as the authenticator's) and
 * spends it: each works once. `password`, when given, is checked first: a signed-in member proves it again.
 */
export async function spendStaffEmailCode(deps: Pick<Deps, 'db'>, staff: StaffMemberRow, input: { password?: string; emailCode: string }, client: StaffClient) {
  const limits = staffCodeLimits(staff.staffId, client.ip);
  await reserve(deps.db, limits, 'Too many code attempts.');
  if (input.password !== undefined && !(staff.passwordHash && (await verifyPassword(staff.passwordHash, input.password)))) {
    throw new AppError(400, 'Your password is incorrect.', { errors: { password: ['Your password is incorrect'] } });
  }
  const time = now();
  // The try is counted on the code itself too, so five guesses spend it whatever the address.
  const newest = sql`(select max(${staffEmailCodes.staffEmailCodeId}) from ${staffEmailCodes} where ${staffEmailCodes.staffId} = ${staff.staffId})`;
  const [held] = await deps.db
    .update(staffEmailCodes)
    .set({ attempts: sql`${staffEmailCodes.attempts} + 1` })
    .where(
      and(
        eq(staffEmailCodes.staffEmailCodeId, newest),
        isNull(staffEmailCodes.useDate),
        gt(staffEmailCodes.expireDate, time),
        lt(staffEmailCodes.attempts, triesPerCode),
      ),
    )
    .returning();
  if (!held) throw new AppError(400, 'Your emailed code has expired or was used up. Ask for a new one.', { errors: { emailCode: ['Ask for a new code'] } });
  if (!sameHash(held.codeHash, hashToken(input.emailCode))) throw new AppError(400, invalidCode, { errors: { emailCode: [invalidCode] } });
  const [spent] = await deps.db
    .update(staffEmailCodes)
    .set({ useDate: time })
    .where(and(eq(staffEmailCodes.staffEmailCodeId, held.staffEmailCodeId), isNull(staffEmailCodes.useDate)))
    .returning();
  if (!spent) throw new AppError(400, 'This code was already used. Ask for a new one.');
  await giveBack(deps.db, limits);
}

/**
 * POST /api/admin/session/emailCode/verify, at the code step of a sign-in: the password (given at step 1) and the
 * emailed code open a session that may only add a second factor (`enrol`), for a new authenticator app or passkey.
 */
export async function verifyStaffEmailCode(deps: Pick<Deps, 'db'>, auth: StaffAuth | null, emailCode: string, client: StaffClient): Promise<StaffSignInResult> {
  if (auth?.state !== 'mfa') throw new AppError(401, 'Your sign-in has expired. Please enter your email and password again.');
  const staff = await findStaff(deps.db, auth.staffId);
  await spendStaffEmailCode(deps, staff, { emailCode }, client);
  await revokeStaffSession(deps.db, auth.staffSessionId);
  return openStaffSession(deps, staff, 'enrol', client);
}

/**
 * What the daily housekeeping job deletes: everything expired as of `asOf`. Idempotent, so a run that comes late,
 * twice or after a missed day simply catches up.
 */
import { subDays } from 'date-fns/subDays';
import { subSeconds } from 'date-fns/subSeconds';
import { inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  mfaChallenges,
  outbox,
  rateLimits,
  recoveryTokens,
  sessions,
  spentBotTokens,
  staffEmailCodes,
  staffEnrolments,
  staffSessions,
  verificationCodes,
  webauthnChallenges,
} from '../../db/schema/index.ts';
import { longestRateLimitWindowSeconds } from './rate-limit.ts';

/** Sandbox messages stay readable at /dev/outbox this long. */
export const outboxRetentionDays = 30;
/** Spent codes and links stay a day past expiry, so a late attempt hears "expired" rather than "not found". */
const codeGraceDays = 1;

export type HousekeepingReport = {
  sessions: number;
  mfaChallenges: number;
  /** Passkey challenges (a session's go with it too). */
  webauthnChallenges: number;
  verificationCodes: number;
  recoveryTokens: number;
  spentBotTokens: number;
  rateLimitWindows: number;
  outbox: number;
  /** Back-office sessions a day past their end (their passkey challenges go with them), and spent enrolment links. */
  staffSessions: number;
  staffEnrolments: number;
  /** Codes emailed to staff replacing a lost authenticator. */
  staffEmailCodes: number;
};

export async function deleteExpiredRecords(db: Db, asOf: Date): Promise<HousekeepingReport> {
  const graceEnd = subDays(asOf, codeGraceDays);
  const ended = or(lte(sessions.expireDate, asOf), lte(sessions.revokeDate, asOf));
  const [challengesGone, sessionsGone] = await db.transaction(async (tx) => {
    // A session's challenges go first: they refer to it.
    const endedSessions = tx.select({ sessionId: sessions.sessionId }).from(sessions).where(ended);
    const challenges = await tx.delete(mfaChallenges).where(or(lte(mfaChallenges.expireDate, graceEnd), inArray(mfaChallenges.sessionId, endedSessions)));
    const gone = await tx.delete(sessions).where(ended);
    return [challenges.count, gone.count];
  });
  // A window is still read as the previous one until two of its lengths have passed since it began.
  const windowsEnd = subSeconds(asOf, 2 * longestRateLimitWindowSeconds);
  return {
    sessions: sessionsGone,
    mfaChallenges: challengesGone,
    webauthnChallenges: (await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expireDate, graceEnd))).count,
    verificationCodes: (await db.delete(verificationCodes).where(lte(verificationCodes.expireDate, graceEnd))).count,
    recoveryTokens: (await db.delete(recoveryTokens).where(lte(recoveryTokens.expireDate, graceEnd))).count,
    spentBotTokens: (await db.delete(spentBotTokens).where(lte(spentBotTokens.expireDate, asOf))).count,
    rateLimitWindows: (await db.delete(rateLimits).where(lte(rateLimits.windowStart, windowsEnd))).count,
    outbox: (await db.delete(outbox).where(lte(outbox.createdAt, subDays(asOf, outboxRetentionDays)))).count,
    staffSessions: (await db.delete(staffSessions).where(or(lte(staffSessions.expireDate, graceEnd), lte(staffSessions.revokeDate, graceEnd)))).count,
    staffEnrolments: (await db.delete(staffEnrolments).where(lte(staffEnrolments.expireDate, graceEnd))).count,
    staffEmailCodes: (await db.delete(staffEmailCodes).where(lte(staffEmailCodes.expireDate, graceEnd))).count,
  };
}

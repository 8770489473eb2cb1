/** Sessions: created at sign-in, resolved per request from the cookie, revoked at logout. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { secondsInDay } from 'date-fns/constants';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions } from '../../db/schema/index.ts';
import type { Auth } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';

const sessionLifetimeDays = 30;
/** A signed-in session's cookie lives as long as the session. */
export const sessionCookieSeconds = sessionLifetimeDays * secondsInDay;
/** Between the password and the second factor, or in a recovery. */
const pendingLifetimeMinutes = 15;

/** What a closed account's owner reads when they try to sign in, by password, passkey or recovery. */
export const closedAccountMessage = 'This account is closed. Contact support if you want it opened again.';

export async function createSession(
  db: Db,
  input: { userId: number; accountId: number; state: Auth['state']; ip?: string; userAgent?: string; postLoginUrl?: string },
): Promise<{ token: string; sessionId: number }> {
  const [account] = await db.select({ closedAt: accounts.closedAt }).from(accounts).where(eq(accounts.accountId, input.accountId));
  if (account?.closedAt) throw new AppError(400, closedAccountMessage);
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      ...input,
      tokenHash: hashToken(token),
      expireDate: input.state === 'active' ? addDays(now(), sessionLifetimeDays) : addMinutes(now(), pendingLifetimeMinutes),
    })
    .returning({ sessionId: sessions.sessionId });
  return { token, sessionId: row.sessionId };
}

/** The live session behind a cookie token. `allowDemo` is false outside sandbox mode: a demo account's sessions are dead there. */
export async function resolveSession(db: Db, token: string, options: { allowDemo: boolean }): Promise<Auth | null> {
  const [row] = await db
    .select({
      sessionId: sessions.sessionId,
      userId: sessions.userId,
      accountId: sessions.accountId,
      state: sessions.state,
      role: accounts.role,
      isDemo: accounts.isDemo,
      closedAt: accounts.closedAt,
      mfaEnrolmentRequired: accounts.mfaEnrolmentRequired,
      viewAsStaffId: sessions.viewAsStaffId,
      viewAsStaffEmail: sessions.viewAsStaffEmail,
    })
    .from(sessions)
    .leftJoin(accounts, eq(accounts.accountId, sessions.accountId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokeDate), gt(sessions.expireDate, now())))
    .limit(1);
  if (!row || (row.isDemo && !options.allowDemo) || row.closedAt) return null;
  const { isDemo: _, closedAt: __, mfaEnrolmentRequired, viewAsStaffId, viewAsStaffEmail, ...auth } = row;
  return {
    ...auth,
    role: auth.role ?? 'customer',
    ...(mfaEnrolmentRequired ? { mfaEnrolmentRequired: true } : {}),
    ...(viewAsStaffId != null ? { viewAs: { staffId: viewAsStaffId, staffEmail: viewAsStaffEmail ?? '' } } : {}),
  };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokeDate: now() }).where(eq(sessions.sessionId, sessionId));
}

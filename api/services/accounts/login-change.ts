/**
 * A signed-in login change (control-panel spec §7 User update): a new email and/or password. It needs the current
 * password, or a sign-in or confirmation within the last 15 minutes (recent-auth.ts); it signs out every other
 * session and voids unused reset links; the old address is told (queued email), so a hijack does not go unnoticed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { appendActivity } from '../audit/account-activity.ts';
import { accountExistsNotice } from '../../contract/accounts/account-info.ts';
import type { LoginUpdate } from '../../contract/accounts/account-update.ts';
import type { Db } from '../../db/client.ts';
import { recoveryTokens, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { revokeAllSessions } from '../auth/sign-in.ts';
import { queueMessage } from '../platform/messages.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import { enforce } from '../platform/rate-limit.ts';
import { requireRecentAuth } from '../auth/recent-auth.ts';
import { userView } from './users.ts';
import { revokeUserApiTokens, revokedTokensSentence } from '../auth/api-tokens/api-tokens.ts';
import { checkEmailFormat, type ValidateAnswer } from './phone-verification.ts';

export const wrongCurrentPasswordMessage = 'The current password is incorrect';

async function emailTakenBy(db: Db, email: string): Promise<number | null> {
  const [row] = await db.select({ userId: users.userId }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return row?.userId ?? null;
}

/**
 * The login form's email check while typing, for a signed-in user: their own address is fine; another account's
 * answers with the path to sign in to it, which the form shows as "Account already exist! Login".
 */
export async function checkLoginEmail(db: Db, userId: number, raw: string): Promise<ValidateAnswer> {
  const format = checkEmailFormat(raw);
  if (!format.valid) return format;
  const email = raw.trim().toLowerCase();
  const owner = await emailTakenBy(db, email);
  if (owner !== null && owner !== userId) return { valid: false, msg: `/login?as=${encodeURIComponent(email)}` };
  return { valid: true, msg: '' };
}

export async function updateLogin(deps: Deps, who: { userId: number; sessionId: number }, update: LoginUpdate) {
  const { db } = deps;
  await enforce(db, [{ key: `login-change:${who.userId}`, max: 10, windowSeconds: 15 * 60 }], 'Too many attempts.');
  const [user] = await db.select().from(users).where(eq(users.userId, who.userId));
  if (!user) throw new AppError(404, 'User not found');
  if (update.currentPassword) {
    if (!(await verifyPassword(user.passwordHash, update.currentPassword))) throw new AppError(400, wrongCurrentPasswordMessage);
  } else {
    await requireRecentAuth(db, who.sessionId);
  }
  const email = update.email && update.email !== user.email.toLowerCase() ? update.email : undefined;
  if (email) {
    const owner = await emailTakenBy(db, email);
    if (owner !== null && owner !== user.userId) throw new AppError(409, accountExistsNotice, { redirect: `/login?as=${encodeURIComponent(email)}` });
  }
  if (!email && !update.password) return userView(db, user.userId);
  const time = now();
  const passwordHash = update.password ? await hashPassword(update.password) : undefined;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...(email ? { email } : {}), ...(passwordHash ? { passwordHash } : {}), modifyDate: time })
        .where(eq(users.userId, user.userId));
      await tx
        .update(recoveryTokens)
        .set({ useDate: time })
        .where(and(eq(recoveryTokens.userId, user.userId), isNull(recoveryTokens.useDate)));
    });
  } catch (error) {
    // Two accounts racing for one new address: the unique index on lower(email) decides.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError(409, accountExistsNotice);
    }
    throw error;
  }
  await revokeAllSessions(db, user.userId, who.sessionId);
  const tokens = await revokeUserApiTokens(db, user.userId);
  const changed = [email ? `the login email to ${email}` : null, passwordHash ? 'the password' : null].filter(Boolean).join(' and ');
  await appendActivity(db, {
    accountId: user.accountId,
    source: 'customer',
    kind: 'security',
    summary: `Changed ${changed}; every other session was signed out`,
  });
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `Your ${brand.name} login was changed`,
    text:
      `Someone signed in to your ${brand.name} account changed ${changed}. Every other session was signed out.` +
      `${tokens > 0 ? ` ${revokedTokensSentence(tokens)}` : ''}\n\n` +
      `If this was you, there is nothing to do. If not, reply to this email or contact our support at once: ${deps.config.publicOrigin}/login`,
  });
  return userView(db, user.userId);
}

/** Password recovery: an emailed single-use link that opens a recovery session allowed only to set a new password. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { addHours } from 'date-fns/addHours';
import { now } from '../../clock.ts';
import { appendActivity } from '../audit/account-activity.ts';
import { recoveryTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Auth, Deps } from '../../deps.ts';
import { type Client, continueAfterPassword, findUserByEmail, recordSignIn, revokeAllSessions, type SignInResult } from './sign-in.ts';
import { queueMessage } from '../platform/messages.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { enforce, hit } from '../platform/rate-limit.ts';
import { createSession } from './sessions.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';
import { revokeUserApiTokens, revokedTokensSentence } from './api-tokens/api-tokens.ts';

export const recoveryLifetimeHours = 1;
export const recoverySentMessage = 'If an account uses that email, we have sent it a link to reset the password.';
const window15m = 15 * 60;

/**
 * Sends a reset link when the account exists; answers the same either way. A new link revokes the earlier unused
 * ones. Past the per-email limit nothing is sent and nothing revoked, still with the same answer, so a stranger
 * asking again and again can neither flood the inbox nor spoil the link its owner is about to open.
 */
export async function requestRecovery(deps: Deps, input: { email: string; origin: string; brandName?: string }, client: Client) {
  const email = input.email.trim().toLowerCase();
  await enforce(deps.db, [{ key: `recovery:ip:${client.ip}`, max: 20, windowSeconds: window15m }], 'Too many reset requests.');
  const user = await findUserByEmail(deps.db, email);
  const perEmail = await hit(deps.db, { key: `recovery:account:${email}`, max: 3, windowSeconds: window15m });
  await recordSignIn(deps.db, {
    email,
    userId: user?.userId,
    ip: client.ip,
    kind: 'recovery-request',
    success: Boolean(user) && perEmail.allowed,
    reason: perEmail.allowed ? undefined : 'email-limit',
  });
  if (!user || !perEmail.allowed) return;
  const token = newToken();
  const time = now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(recoveryTokens)
      .set({ useDate: time })
      .where(and(eq(recoveryTokens.userId, user.userId), isNull(recoveryTokens.useDate)));
    await tx.insert(recoveryTokens).values({ userId: user.userId, tokenHash: hashToken(token), expireDate: addHours(time, recoveryLifetimeHours) });
  });
  const brand = input.brandName ?? 'Dotspot';
  const link = `${input.origin}/login?recovery=${encodeURIComponent(token)}`;
  // Queued: nobody waits for it (the answer is the same either way), and the mail server's latency no longer tells
  // whether the account exists.
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `Reset your ${brand} password`,
    text:
      `Someone asked to reset the password of your ${brand} account.\n\n` +
      `Open this link within one hour to choose a new password:\n${link}\n\n` +
      'The link works once, and only the newest link works. If you did not ask for this, ignore this email; your password stays the same.',
  });
}

/** The link's token, once: opens a recovery session (15 minutes) that may only set a new password. */
export async function redeemRecoveryToken(deps: Deps, token: string, client: Client): Promise<SignInResult> {
  await enforce(deps.db, [{ key: `recovery-redeem:ip:${client.ip}`, max: 20, windowSeconds: window15m }], 'Too many reset attempts.');
  const time = now();
  const [spent] = await deps.db
    .update(recoveryTokens)
    .set({ useDate: time })
    .where(and(eq(recoveryTokens.tokenHash, hashToken(token)), isNull(recoveryTokens.useDate), gt(recoveryTokens.expireDate, time)))
    .returning();
  if (!spent) {
    await recordSignIn(deps.db, { ip: client.ip, kind: 'recovery', success: false, reason: 'invalid-token' });
    throw new AppError(400, 'This reset link has expired or was already used. Please request a new one.');
  }
  const [user] = await deps.db.select().from(users).where(eq(users.userId, spent.userId));
  const session = await createSession(deps.db, {
    userId: user.userId,
    accountId: user.accountId,
    state: 'recovery',
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await recordSignIn(deps.db, { email: user.email, userId: user.userId, ip: client.ip, kind: 'recovery', success: true });
  return { body: { recovery: true }, session: { token: session.token, state: 'recovery' } };
}

/** In a recovery session: set the new password, end every other session and reset link, then sign in as with a password. */
export async function completeRecovery(deps: Deps, auth: Auth, password: string, client: Client): Promise<SignInResult> {
  if (auth.state !== 'recovery' || auth.userId == null) throw new AppError(403, 'You do not have access to this');
  const passwordHash = await hashPassword(password);
  const time = now();
  const [user] = await deps.db.update(users).set({ passwordHash, modifyDate: time }).where(eq(users.userId, auth.userId)).returning();
  await deps.db
    .update(recoveryTokens)
    .set({ useDate: time })
    .where(and(eq(recoveryTokens.userId, user.userId), isNull(recoveryTokens.useDate)));
  await revokeAllSessions(deps.db, user.userId);
  const tokens = await revokeUserApiTokens(deps.db, user.userId);
  if (tokens > 0) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: user.email,
      subject: 'Your password was reset',
      text:
        `The password of your account was reset with a link sent to this address. ${revokedTokensSentence(tokens)}\n\n` +
        `If this was not you, reset your password again at once: ${deps.config.publicOrigin}/login`,
    });
  }
  await appendActivity(deps.db, {
    accountId: user.accountId,
    source: 'customer',
    kind: 'security',
    summary: 'Reset the password through an emailed link; every other session was signed out',
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return continueAfterPassword(deps, user, client, null, 'recovery-password');
}

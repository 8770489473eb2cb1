/**
 * Signing in: password, then (when the account has active methods) a second factor, then an active session.
 * Every attempt is limited per address (hard) and recorded in sign_in_events; an account under guessing asks for a
 * bot check instead of locking its owner out. No answer reveals whether an account exists.
 */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { safeRedirect } from '../../contract/auth/login.ts';
import type { SessionResponse } from '../../contract/auth/login-schemas.ts';
import type { Db } from '../../db/client.ts';
import { type MfaRow, sessions, signInEvents, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Auth, Deps } from '../../deps.ts';
import { adoptAnonymousCart } from '../carts/sign-in-cart.ts';
import { requireBotCheck } from './bot-check.ts';
import { activeMfas, describeMfa, startChallenge, verifyChallenge, WrongCode } from './second-factors/mfa.ts';
import { hasPasskeys } from './second-factors/passkey-credentials.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import { countFailure, enforce, enforceWithoutHit, giveBack, hit, type Limit, reserve } from '../platform/rate-limit.ts';
import { createSession, revokeSession } from './sessions.ts';
import type { Client } from './client.ts';
import { queueRecoveryCodeNotice, recordSignInActivity } from './sign-in-activity.ts';
import { recoveryCodesStatus, spendRecoveryCode } from './recovery-codes.ts';
import { looksLikeRecoveryCode } from '../../contract/auth/recovery-codes.ts';

export type { Client } from './client.ts';

/** A sign-in that produced a session the route must put in the cookie. */
export type SignInResult = { body: SessionResponse; session?: { token: string; state: Auth['state'] }; clearCartCookie?: boolean };

export const invalidCredentialsMessage = 'The email or password is incorrect.';
const tooManyMessage = 'Too many sign-in attempts.';

const window15m = 15 * 60;
/**
 * Failed passwords per account (existing or not, so the answer reveals nothing). Anyone can fail on anyone's
 * email, so this limit never refuses: past it, each further try must carry a solved bot check.
 */
export const accountFailuresBeforeBotCheck = 5;
const accountFailureLimit = (email: string): Limit => ({ key: `login:account:${email}`, max: accountFailuresBeforeBotCheck, windowSeconds: window15m });
/** Failed passwords per address: hard, since the address is the client's own (`c.var.clientIp`). */
const addressFailureLimit = (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 50, windowSeconds: window15m });
/** Every attempt from one address, failed or not, so a scripted client cannot hammer the hash function. */
const loginAttemptLimit = (ip: string): Limit => ({ key: `login-attempt:ip:${ip}`, max: 300, windowSeconds: window15m });
/**
 * Wrong second-factor codes per account, hard. Only someone who got past the password reaches this step, so it is
 * no stranger's lever against the owner (and each challenge takes at most `maxCodeAttempts` codes).
 */
export const codeLimits = (userId: number, ip: string): Limit[] => [
  { key: `mfa:account:${userId}`, max: 10, windowSeconds: window15m },
  { key: `mfa:ip:${ip}`, max: 50, windowSeconds: window15m },
];
/**
 * Challenges started per account and address. A texted or emailed code costs a message, so few; an authenticator
 * challenge costs only a row (the wrong-code limits cap the guesses either way), so more, and kept apart so that
 * signing in with an app never uses up the codes a person may need by text.
 */
export const challengeStartLimits = (type: MfaRow['type'], userId: number, ip: string): Limit[] =>
  type === 'totp'
    ? [
        { key: `mfa-start:account:${userId}`, max: 30, windowSeconds: window15m },
        { key: `mfa-start:ip:${ip}`, max: 100, windowSeconds: window15m },
      ]
    : [
        { key: `mfa-send:account:${userId}`, max: 5, windowSeconds: window15m },
        { key: `mfa-send:ip:${ip}`, max: 20, windowSeconds: window15m },
      ];

let dummyHash: Promise<string> | null = null;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return user ?? null;
}

export async function recordSignIn(
  db: Db,
  event: { email?: string | null; userId?: number | null; ip: string; kind: string; success: boolean; reason?: string },
) {
  await db.insert(signInEvents).values({ ...event, email: event.email?.toLowerCase() ?? null });
}

/**
 * Step 1: email and password. Once the account has `accountFailuresBeforeBotCheck` recent failures, the attempt
 * must carry a bot-check token (`recaptchaToken`), checked before the password is.
 */
export async function signInWithPassword(
  deps: Deps,
  input: { email: string; password: string; postLoginUrl?: string | null; recaptchaToken?: string },
  client: Client,
): Promise<SignInResult> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  await enforceWithoutHit(db, [addressFailureLimit(client.ip)], tooManyMessage);
  await enforce(db, [loginAttemptLimit(client.ip)], tooManyMessage);
  // Counted as a failure before the password is checked, so a burst of parallel guesses cannot all slip in under
  // the limit; given back when the password was right (or never judged).
  const accountFailures = accountFailureLimit(email);
  if (!(await hit(db, accountFailures)).allowed) {
    try {
      await requireBotCheck(deps.providers.botCheck, input.recaptchaToken);
    } catch (error) {
      await giveBack(db, [accountFailures]);
      await recordSignIn(db, { email, ip: client.ip, kind: 'password', success: false, reason: 'bot-check' });
      throw error;
    }
  }
  const user = await findUserByEmail(db, email);
  // Verify against a throwaway hash when there is no such user so both answers take as long.
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (ok && user) await giveBack(db, [accountFailures]);
  if (!user || !ok) {
    await countFailure(db, [addressFailureLimit(client.ip)]);
    await recordSignIn(db, { email, userId: user?.userId, ip: client.ip, kind: 'password', success: false, reason: user ? 'wrong-password' : 'no-account' });
    throw new AppError(400, invalidCredentialsMessage);
  }
  return continueAfterPassword(deps, user, client, input.postLoginUrl, 'password');
}

/** After a verified password (or a fresh one set through recovery): the method picker, or straight in. */
export async function continueAfterPassword(
  deps: Deps,
  user: { userId: number; accountId: number; email: string },
  client: Client,
  postLoginUrl: string | null | undefined,
  kind: string,
): Promise<SignInResult> {
  const methods = await activeMfas(deps.db, user.accountId);
  const passkey = await hasPasskeys(deps.db, user.userId);
  const redirect = safeRedirect(postLoginUrl);
  if (methods.length === 0 && !passkey) return activate(deps, user, client, redirect, kind);
  const session = await createSession(deps.db, {
    userId: user.userId,
    accountId: user.accountId,
    state: 'mfa',
    ip: client.ip,
    userAgent: client.userAgent,
    postLoginUrl: redirect,
  });
  await recordSignIn(deps.db, { email: user.email, userId: user.userId, ip: client.ip, kind, success: true, reason: 'mfa-required' });
  const codes = await recoveryCodesStatus(deps.db, user.userId);
  return {
    body: {
      mfas: methods.map((m) => ({ mfaId: m.mfaId, type: m.type, description: describeMfa(m) })),
      ...(passkey ? { passkey: true } : {}),
      ...(codes.remaining > 0 ? { recoveryCodes: true } : {}),
    },
    session: { token: session.token, state: 'mfa' },
  };
}

/** A fresh active session (the token rotates at every sign-in) and the visitor's anonymous cart adopted. */
export async function activate(
  deps: Deps,
  user: { userId: number; accountId: number; email: string },
  client: Client,
  redirect: string,
  kind: string,
): Promise<SignInResult> {
  const session = await createSession(deps.db, {
    userId: user.userId,
    accountId: user.accountId,
    state: 'active',
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const adopted = await adoptAnonymousCart(deps.db, user.accountId, client.anonCartToken);
  await recordSignIn(deps.db, { email: user.email, userId: user.userId, ip: client.ip, kind, success: true });
  await recordSignInActivity(deps, user, client, kind);
  return { body: { redirect }, session: { token: session.token, state: 'active' }, clearCartCookie: adopted };
}

export function requirePendingMfa(auth: Auth | null): Auth & { userId: number; accountId: number } {
  if (auth?.state !== 'mfa' || auth.userId == null || auth.accountId == null) {
    throw new AppError(401, 'Your sign-in has expired. Please enter your email and password again.', undefined, '/login');
  }
  return auth as Auth & { userId: number; accountId: number };
}

/** Step 2a: the method picker. SMS and email methods get a code sent. */
export async function chooseMfa(deps: Deps, auth: Auth | null, mfaId: number, client: Client): Promise<SignInResult> {
  const pending = requirePendingMfa(auth);
  const method = (await activeMfas(deps.db, pending.accountId)).find((m) => m.mfaId === mfaId);
  if (!method) throw new AppError(400, 'Choose one of your security methods.');
  await enforce(
    deps.db,
    challengeStartLimits(method.type, pending.userId, client.ip),
    method.type === 'totp' ? 'Too many sign-in attempts.' : 'Too many codes requested.',
  );
  const challenge = await startChallenge(deps.db, deps.providers, method, pending.sessionId);
  return {
    body: {
      mfaId: method.mfaId,
      mfaType: method.type,
      mfaDescription: describeMfa(method),
      mfaChallengeId: challenge.mfaChallengeId,
    },
  };
}

/** Step 2b: the code. Success replaces the pending session with an active one. */
export async function verifyMfa(
  deps: Deps,
  auth: Auth | null,
  input: { mfaChallengeId: number; mfaId: number; mfaToken: string },
  client: Client,
): Promise<SignInResult> {
  const pending = requirePendingMfa(auth);
  const [user] = await deps.db.select().from(users).where(eq(users.userId, pending.userId)).limit(1);
  // Counted before the code is compared (parallel codes across challenges cannot all pass under the limit), and
  // given back unless the code was compared and wrong: a refusal before that (spent, expired, locked challenge)
  // tested nothing, and a right code is no failure.
  const limits = codeLimits(pending.userId, client.ip);
  await reserve(deps.db, limits, 'Too many code attempts.');
  try {
    await verifyChallenge(deps.db, { mfaChallengeId: input.mfaChallengeId, mfaId: input.mfaId, sessionId: pending.sessionId, code: input.mfaToken });
  } catch (error) {
    if (!(error instanceof WrongCode)) await giveBack(deps.db, limits);
    await recordSignIn(deps.db, { email: user.email, userId: user.userId, ip: client.ip, kind: 'mfa', success: false, reason: (error as Error).message });
    throw error;
  }
  await giveBack(deps.db, limits);
  const [row] = await deps.db.select({ postLoginUrl: sessions.postLoginUrl }).from(sessions).where(eq(sessions.sessionId, pending.sessionId));
  await revokeSession(deps.db, pending.sessionId);
  return activate(deps, user, client, safeRedirect(row?.postLoginUrl), 'mfa');
}

/** Where a recovery-code sign-in lands: the two-factor settings, asking to review them (issue #25). */
export const afterRecoveryCodePath = '/account/summary?view=manage_MFA&recovered=1';

/**
 * Step 2, without the second factor: one of the user's recovery codes, spent at once. Wrong codes count against the
 * same limits as wrong second-factor codes; a right one signs in and sends the user to review their methods.
 */
export async function signInWithRecoveryCode(deps: Deps, auth: Auth | null, code: string, client: Client): Promise<SignInResult> {
  const pending = requirePendingMfa(auth);
  const [user] = await deps.db.select().from(users).where(eq(users.userId, pending.userId)).limit(1);
  const limits = codeLimits(pending.userId, client.ip);
  await reserve(deps.db, limits, 'Too many code attempts.');
  if (!looksLikeRecoveryCode(code) || !(await spendRecoveryCode(deps.db, pending.userId, code))) {
    await recordSignIn(deps.db, { email: user.email, userId: user.userId, ip: client.ip, kind: 'recovery-code', success: false, reason: 'wrong-code' });
    throw new AppError(400, 'That recovery code is not valid or was already used.');
  }
  await giveBack(deps.db, limits);
  await revokeSession(deps.db, pending.sessionId);
  const { remaining } = await recoveryCodesStatus(deps.db, user.userId);
  // The sign-in's own line in Account activity says how; the email is the alarm should it not have been the owner.
  await queueRecoveryCodeNotice(deps, user.email, remaining);
  const result = await activate(deps, user, client, afterRecoveryCodePath, 'recovery-code');
  return { ...result, body: { redirect: afterRecoveryCodePath } };
}

/** Logout: the session is revoked server-side, so a copied cookie is worthless afterwards. */
export async function signOut(db: Db, auth: Auth | null): Promise<void> {
  if (auth) await revokeSession(db, auth.sessionId);
}

/** Revoke every live session of a user (after a password change through recovery). */
export async function revokeAllSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokeDate: now() })
    .where(
      and(eq(sessions.userId, userId), sql`${sessions.revokeDate} is null`, exceptSessionId ? sql`${sessions.sessionId} <> ${exceptSessionId}` : undefined),
    );
}

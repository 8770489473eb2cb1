/**
 * Managing two-factor methods from Account Information (control-panel spec §4 MFA: add, verify, verified; delete,
 * confirm, deleted). Adding or removing needs a recent sign-in or confirmation; a method counts only once its first
 * code is right; the account's email hears of every change.
 */
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { now } from '../../../clock.ts';
import type { MfaAdd, MfaAdded, MfaMethod } from '../../../contract/auth/mfa.ts';
import type { Db } from '../../../db/client.ts';
import { type MfaRow, mfaChallenges, mfas, users } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { challengeStartLimits, type Client, codeLimits } from '../sign-in.ts';
import { describeMfa, mfaView, startChallenge, totpFor, verifyChallenge, WrongCode } from './mfa.ts';
import { enforce, giveBack, reserve } from '../../platform/rate-limit.ts';
import { requireRecentAuth } from '../recent-auth.ts';
import { issueFirstRecoveryCodes } from '../recovery-codes.ts';
import { clearEnrolmentRequirement, type Holder, queueSecurityNotice, removeSecondFactor } from './second-factors.ts';
import { revokeUserApiTokens, revokedTokensSentence } from '../api-tokens/api-tokens.ts';

/** Methods an account may hold (active and half-added together): plenty for people, a bound for scripts. */
export const maxMethodsPerAccount = 10;
const methodNames: Record<MfaRow['type'], string> = { totp: 'An authenticator app', sms: 'Text messages', email: 'Email codes' };

/** The caller's method: 404 when there is none (or it was deleted), 403 when it is another account's. */
async function ownMethod(db: Db, holder: Holder, mfaId: number): Promise<MfaRow> {
  const [row] = await db.select().from(mfas).where(eq(mfas.mfaId, mfaId));
  if (!row || row.status === 'deleted') throw new AppError(404, 'No such two-factor method');
  if (row.accountId !== holder.accountId) throw new AppError(403, 'You do not have access to this');
  return row;
}

async function sendCode(deps: Deps, holder: Holder, method: MfaRow, client: Client, brandName: string) {
  await enforce(
    deps.db,
    challengeStartLimits(method.type, holder.userId, client.ip),
    method.type === 'totp' ? 'Too many attempts.' : 'Too many codes requested.',
  );
  try {
    return await startChallenge(deps.db, deps.providers, method, holder.sessionId, brandName, 'add');
  } catch (error) {
    console.warn('Two-factor code not sent:', (error as Error).message);
    throw new AppError(
      502,
      method.type === 'sms'
        ? 'We could not send a text to that number. Check it and try again.'
        : 'We could not send an email to that address. Check it and try again.',
    );
  }
}

/** MFA add: a pending method, its first code sent (or, for an app, its otpauth:// URL with the secret). */
export async function addMfa(deps: Deps, holder: Holder, input: MfaAdd, client: Client, brandName = 'Dotspot'): Promise<MfaAdded> {
  const { db } = deps;
  await requireRecentAuth(db, holder.sessionId);
  const [held] = await db
    .select({ n: count() })
    .from(mfas)
    .where(and(eq(mfas.accountId, holder.accountId), ne(mfas.status, 'deleted')));
  if (held.n >= maxMethodsPerAccount) throw new AppError(400, `An account may have at most ${maxMethodsPerAccount} two-factor methods. Remove one first.`);
  if (input.type !== 'totp') {
    const [same] = await db
      .select({ mfaId: mfas.mfaId })
      .from(mfas)
      .where(and(eq(mfas.accountId, holder.accountId), eq(mfas.type, input.type), eq(mfas.data, input.data), eq(mfas.status, 'active')));
    if (same) throw new AppError(409, `${input.type === 'sms' ? 'This phone number' : 'This email address'} is already one of your two-factor methods.`);
  }
  const data = input.type === 'totp' ? new Secret({ size: 20 }).base32 : input.data;
  const [method] = await db.insert(mfas).values({ accountId: holder.accountId, type: input.type, data, status: 'pending' }).returning();
  try {
    await sendCode(deps, holder, method, client, brandName);
  } catch (error) {
    // Nothing reached the person: the half-added method would only clutter the list.
    await db.update(mfas).set({ status: 'deleted' }).where(eq(mfas.mfaId, method.mfaId));
    throw error;
  }
  if (method.type !== 'totp') return mfaView(method);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.userId, holder.userId));
  const totpUrl = totpFor(data, user?.email ?? brandName);
  totpUrl.issuer = brandName;
  return { ...mfaView(method), $totpUrl: totpUrl.toString() };
}

/** "Send a new code" while adding: a fresh challenge (the earlier codes stop counting). */
export async function resendMfaCode(deps: Deps, holder: Holder, mfaId: number, client: Client, brandName = 'Dotspot'): Promise<MfaMethod> {
  const method = await ownMethod(deps.db, holder, mfaId);
  if (method.status !== 'pending') throw new AppError(409, 'This method is already verified.');
  await deps.db
    .update(mfaChallenges)
    .set({ useDate: now() })
    .where(and(eq(mfaChallenges.mfaId, mfaId), eq(mfaChallenges.sessionId, holder.sessionId), isNull(mfaChallenges.useDate)));
  await sendCode(deps, holder, method, client, brandName);
  return mfaView(method);
}

/**
 * MFA verify (status active): the newest code of this session's challenge for the method, attempts counted before
 * the comparison as at sign-in. Right, the method becomes active and the account is told.
 */
export async function verifyNewMfa(deps: Deps, holder: Holder, mfaId: number, token: string, client: Client, brandName = 'Dotspot'): Promise<MfaMethod> {
  const { db } = deps;
  const method = await ownMethod(db, holder, mfaId);
  if (method.status === 'active') throw new AppError(409, 'This method is already verified.');
  const [challenge] = await db
    .select({ mfaChallengeId: mfaChallenges.mfaChallengeId })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.mfaId, mfaId), eq(mfaChallenges.sessionId, holder.sessionId), isNull(mfaChallenges.useDate)))
    .orderBy(desc(mfaChallenges.mfaChallengeId))
    .limit(1);
  if (!challenge) throw new AppError(400, 'This code is no longer valid. Send a new code.');
  const limits = codeLimits(holder.userId, client.ip);
  await reserve(db, limits, 'Too many code attempts.');
  try {
    await verifyChallenge(
      db,
      { mfaChallengeId: challenge.mfaChallengeId, mfaId, sessionId: holder.sessionId, code: token },
      'pending',
      'Too many wrong codes. Send a new code.',
    );
  } catch (error) {
    if (!(error instanceof WrongCode)) await giveBack(db, limits);
    throw error;
  }
  await giveBack(db, limits);
  const [activated] = await db
    .update(mfas)
    .set({ status: 'active' })
    .where(and(eq(mfas.mfaId, mfaId), eq(mfas.status, 'pending')))
    .returning();
  if (!activated) throw new AppError(409, 'This method is already verified.');
  await clearEnrolmentRequirement(db, holder.accountId);
  await queueSecurityNotice(
    deps,
    holder.userId,
    { subject: 'Two-factor method added', what: `${methodNames[activated.type]} (${describeMfa(activated)}) can now verify sign-ins to your account.`, client },
    brandName,
  );
  const recoveryCodes = await issueFirstRecoveryCodes(db, holder.userId);
  return { ...mfaView(activated), ...(recoveryCodes ? { $recoveryCodes: recoveryCodes } : {}) };
}

/**
 * MFA delete. A method still being added goes at once. An active one needs a recent sign-in or confirmation, and,
 * when it is the last second factor, the current password; the account is told.
 */
export async function deleteMfa(deps: Deps, holder: Holder, mfaId: number, password: string | undefined, client: Client, brandName = 'Dotspot'): Promise<void> {
  const method = await ownMethod(deps.db, holder, mfaId);
  const markDeleted = (db: Pick<Db, 'update'>) => db.update(mfas).set({ status: 'deleted' }).where(eq(mfas.mfaId, mfaId));
  if (method.status === 'pending') {
    await markDeleted(deps.db);
    return;
  }
  await requireRecentAuth(deps.db, holder.sessionId);
  let tokens = 0;
  await removeSecondFactor(deps, holder, password, client, async (tx) => {
    await markDeleted(tx);
    tokens = await revokeUserApiTokens(tx, holder.userId);
  });
  const removed = `${methodNames[method.type]} (${describeMfa(method)}) no longer verifies sign-ins to your account.`;
  await queueSecurityNotice(
    deps,
    holder.userId,
    { subject: 'Two-factor method removed', what: tokens > 0 ? `${removed} ${revokedTokensSentence(tokens)}` : removed, client },
    brandName,
  );
}

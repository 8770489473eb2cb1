/**
 * What two-factor methods and passkeys share once enrolled: the password check of "confirm it's you", the rule that
 * the last second factor goes only with the current password, and the email that tells the account of a change.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { accounts, mfas, users } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import type { Client } from '../sign-in.ts';
import { queueMessage } from '../../platform/messages.ts';
import { appendActivity } from '../../audit/account-activity.ts';
import { removeRecoveryCodes } from '../recovery-codes.ts';
import { countPasskeys } from './passkey-credentials.ts';
import { verifyPassword } from '../../kernel/passwords.ts';
import { countFailure, enforceWithoutHit, giveBack, type Limit, reserve } from '../../platform/rate-limit.ts';

export type Holder = { accountId: number; userId: number; sessionId: number };

export const wrongPasswordMessage = 'The password is incorrect.';
export const lastFactorPasswordMessage = 'Enter your current password to turn off two-factor authentication.';

const window15m = 15 * 60;
/** Wrong passwords per signed-in user: hard, since only the session's holder can try (and a session thief must not guess on). */
const userPasswordLimit = (userId: number): Limit => ({ key: `confirm-password:user:${userId}`, max: 10, windowSeconds: window15m });
/** The sign-in limit on wrong passwords per address: guesses here and at the login form count together. */
const addressFailureLimit = (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 50, windowSeconds: window15m });

/** Checks the holder's current password; a wrong one counts against their limit and their address's. */
export async function checkCurrentPassword(db: Db, userId: number, password: string, client: Pick<Client, 'ip'>): Promise<void> {
  await enforceWithoutHit(db, [addressFailureLimit(client.ip)], 'Too many wrong passwords.');
  const userLimit = userPasswordLimit(userId);
  await reserve(db, [userLimit], 'Too many wrong passwords.');
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.userId, userId));
  if (user && (await verifyPassword(user.passwordHash, password))) {
    await giveBack(db, [userLimit]);
    return;
  }
  await countFailure(db, [addressFailureLimit(client.ip)]);
  throw new AppError(400, wrongPasswordMessage, { field: 'password' });
}

/** Active two-factor methods of the account plus the user's passkeys. */
export async function countSecondFactors(db: DbOrTx, holder: Pick<Holder, 'accountId' | 'userId'>): Promise<number> {
  const [methods] = await db
    .select({ n: count() })
    .from(mfas)
    .where(and(eq(mfas.accountId, holder.accountId), eq(mfas.status, 'active')));
  return methods.n + (await countPasskeys(db, holder.userId));
}

/**
 * Removes one second factor through `remove` with the user's row locked, so two removals at once cannot both see
 * "not the last". The last one needs the current password: turning two-factor off is what a session thief wants.
 */
export async function removeSecondFactor(
  deps: Deps,
  holder: Holder,
  password: string | undefined,
  client: Pick<Client, 'ip'>,
  remove: (tx: Tx) => Promise<void>,
): Promise<{ wasLast: boolean }> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.userId} = ${holder.userId} for update`);
    const wasLast = (await countSecondFactors(tx, holder)) <= 1;
    if (wasLast) {
      if (!password) throw new AppError(400, lastFactorPasswordMessage, { passwordRequired: true });
      await checkCurrentPassword(deps.db, holder.userId, password, client);
    }
    await remove(tx);
    // Without a second factor the recovery codes would only be a way around the password.
    if (wasLast) await removeRecoveryCodes(tx, holder.userId);
    return { wasLast };
  });
}

/**
 * Emails the account's login address about a change to how it signs in (queued: nobody waits for it), and lists it
 * in the account's activity (unless `activity: false`, when another line already says it), with the client's
 * address and browser when a request made it.
 */
export async function queueSecurityNotice(
  deps: Deps,
  userId: number,
  change: { subject: string; what: string; client?: Pick<Client, 'ip' | 'userAgent'>; activity?: boolean },
  brandName = 'Dotspot',
) {
  const [user] = await deps.db.select({ email: users.email, accountId: users.accountId }).from(users).where(eq(users.userId, userId));
  if (!user) return;
  if (change.activity !== false) {
    await appendActivity(deps.db, {
      accountId: user.accountId,
      source: 'customer',
      kind: 'security',
      summary: `${change.subject}: ${change.what}`,
      ip: change.client?.ip,
      userAgent: change.client?.userAgent,
    });
  }
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `${change.subject} on your ${brandName} account`,
    text:
      `${change.what}\n\n` +
      `If this was you, there is nothing more to do. If it was not, change your password at once and review your ` +
      `two-factor methods under Account Information: ${deps.config.publicOrigin}/account/summary?view=manage_MFA`,
  });
}

/** A second factor was added: an account whose factors staff reset is free again (api/http/auth.ts `mfaEnrolmentGate`). */
export async function clearEnrolmentRequirement(db: Pick<Db, 'update'>, accountId: number): Promise<void> {
  await db
    .update(accounts)
    .set({ mfaEnrolmentRequired: false })
    .where(and(eq(accounts.accountId, accountId), eq(accounts.mfaEnrolmentRequired, true)));
}

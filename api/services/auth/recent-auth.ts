/**
 * Sensitive steps (showing an auth code, changing the login, removing the last second factor, creating an API token,
 * a charge from the account app over CHARGE_CONFIRM_ABOVE_CENTS) need a holder who proved who they are recently: signed in, or confirmed with a password, a second-factor code or a
 * passkey, within `recentAuthMs`. Otherwise the answer is 403 with `data.reauthRequired`, which the account app turns
 * into a "confirm it's you" step.
 */
import { subMilliseconds } from 'date-fns/subMilliseconds';
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const recentAuthMs = 15 * 60 * 1000;
export const reauthRequiredMessage = 'For your security, please confirm it’s you first';

export async function hasRecentAuth(db: Db, sessionId: number): Promise<boolean> {
  const [session] = await db
    .select({ createDate: sessions.createDate, confirmedAt: sessions.confirmedAt })
    .from(sessions)
    .where(eq(sessions.sessionId, sessionId));
  if (!session) return false;
  const proved = session.confirmedAt && session.confirmedAt > session.createDate ? session.confirmedAt : session.createDate;
  return proved >= subMilliseconds(now(), recentAuthMs);
}

export async function requireRecentAuth(db: Db, sessionId: number): Promise<void> {
  if (!(await hasRecentAuth(db, sessionId))) throw new AppError(403, reauthRequiredMessage, { reauthRequired: true });
}

/**
 * A charge the signed-in holder starts from the account app (a renewal order, Domain Protection, the email service,
 * the Website Builder plan) over the operator's threshold needs a recent sign-in or confirmation, so a session left
 * open or stolen cannot spend much. An API token is exempt: its owner gave it the scope (renewals:write) after a
 * second factor, and a script cannot confirm anything; routes tokens may not call never see one.
 */
export async function requireRecentAuthForCharge(
  deps: Pick<Deps, 'db' | 'config'>,
  caller: { sessionId: number; viaApiToken?: boolean },
  amount: number,
): Promise<void> {
  if (caller.viaApiToken || amount <= deps.config.CHARGE_CONFIRM_ABOVE_CENTS) return;
  await requireRecentAuth(deps.db, caller.sessionId);
}

/** Records a fresh proof (the confirm route calls it after checking a password, code or passkey). */
export async function markConfirmed(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ confirmedAt: now() }).where(eq(sessions.sessionId, sessionId));
}

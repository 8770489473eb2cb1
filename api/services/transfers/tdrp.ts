/**
 * TDRP (control-panel spec §4, §6): a change of registrant, or turning the transfer lock off, waits for approval from
 * the registrant email. The emailed link carries a random token (stored hashed, single use, working for
 * `tdrpLinkDays`); approving applies the change and, unless the account opted out, holds its domains against
 * transfer for `tdrpHoldDays`. While a request waits, the registrant contact and the preferences are locked.
 */
import { addDays } from 'date-fns/addDays';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { tdrpHoldDays, tdrpLinkDays } from '../../contract/accounts/account-info.ts';
import type { Contact } from '../../contract/contact.ts';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, tdrpRequests } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { queueMessage } from '../platform/messages.ts';
import { enforce } from '../platform/rate-limit.ts';
import { holdAccountDomains, queueRegistryContactSync } from '../accounts/registry-contacts.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';
import { onRegistrantChanged } from '../compliance/transfer-duties.ts';

export type TdrpChange = { registrantContact?: Contact; tdrpOptOut?: true };

/**
 * Records a request inside the caller's transaction (the account row is locked by it) and answers the token the
 * email must carry. The unique index on pending requests refuses a second one.
 */
export async function createTdrpRequest(tx: Tx, accountId: number, sentTo: string, change: TdrpChange): Promise<string> {
  const token = newToken();
  const time = now();
  await tx.insert(tdrpRequests).values({
    accountId,
    tokenHash: hashToken(token),
    registrantContact: change.registrantContact ?? null,
    tdrpOptOut: change.tdrpOptOut ?? null,
    sentTo,
    expireDate: addDays(time, tdrpLinkDays),
    createDate: time,
  });
  await tx.update(accounts).set({ pendingChanges: true, modifyDate: time }).where(eq(accounts.accountId, accountId));
  return token;
}

export async function sendTdrpApprovalEmail(
  deps: Pick<Deps, 'jobs' | 'config'>,
  input: { to: string; token: string; change: TdrpChange; brandName: string },
): Promise<void> {
  const link = `${deps.config.publicOrigin}/account/approve-change?token=${encodeURIComponent(input.token)}`;
  const what: string[] = [];
  if (input.change.registrantContact) {
    const c = input.change.registrantContact;
    what.push(
      `The registrant contact of every domain in the account becomes:\n  ${c.firstName} ${c.lastName}${c.company ? `, ${c.company}` : ''}\n  ${c.address}, ${c.city}, ${c.state} ${c.zip}, ${c.country}\n  ${c.phone}`,
      `Once approved, the account's domains cannot be transferred to another registrar for ${tdrpHoldDays} days.`,
    );
  }
  if (input.change.tdrpOptOut) what.push(`Future registrant changes will no longer need approval, nor lock the domains for ${tdrpHoldDays} days.`);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: input.to,
    subject: `Approve the change to your ${input.brandName} account`,
    text:
      `A change to the registrant of your ${input.brandName} account is waiting for your approval.\n\n${what.join('\n\n')}\n\n` +
      `To approve it, open this link within ${tdrpLinkDays} days:\n${link}\n\n` +
      'The link works once. If you did not ask for this change, do not open it: nothing changes, and the request lapses.',
  });
}

/** Ends requests whose link has lapsed (of one account, or all), and unlocks their accounts. */
export async function expireTdrpRequests(db: Db, options: { accountId?: number } = {}): Promise<{ expired: number }> {
  const time = now();
  const expired = await db
    .update(tdrpRequests)
    .set({ status: 'expired', decideDate: time })
    .where(
      and(
        eq(tdrpRequests.status, 'pending'),
        lte(tdrpRequests.expireDate, time),
        options.accountId === undefined ? undefined : eq(tdrpRequests.accountId, options.accountId),
      ),
    )
    .returning({ accountId: tdrpRequests.accountId });
  const accountIds = [...new Set(expired.map((row) => row.accountId))];
  if (accountIds.length > 0) {
    // At most one request is pending per account, so an expired one leaves nothing waiting.
    await db.update(accounts).set({ pendingChanges: false, modifyDate: time }).where(inArray(accounts.accountId, accountIds));
  }
  return { expired: expired.length };
}

export const tdrpLinkSpentMessage = 'This approval link has expired or was already used.';

/** The emailed link, once: applies the change, holds the domains unless the account opted out, and syncs the registry. */
export async function approveTdrpRequest(deps: Deps, token: string, clientIp: string): Promise<{ heldDomains: number; holdUntil: string | null }> {
  const { db } = deps;
  await enforce(db, [{ key: `tdrp-approve:ip:${clientIp}`, max: 20, windowSeconds: 15 * 60 }], 'Too many approval attempts.');
  const time = now();
  const result = await db.transaction(async (tx) => {
    // Single use: only the statement that moves the request out of pending wins.
    const [request] = await tx
      .update(tdrpRequests)
      .set({ status: 'approved', decideDate: time })
      .where(and(eq(tdrpRequests.tokenHash, hashToken(token)), eq(tdrpRequests.status, 'pending'), gt(tdrpRequests.expireDate, time)))
      .returning();
    if (!request) return null;
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, request.accountId)).for('update');
    const tdrpOptOut = request.tdrpOptOut ?? account.tdrpOptOut;
    await tx
      .update(accounts)
      .set({
        ...(request.registrantContact ? { registrantContact: request.registrantContact } : {}),
        tdrpOptOut,
        pendingChanges: false,
        modifyDate: time,
      })
      .where(eq(accounts.accountId, account.accountId));
    const change = request.registrantContact ? { before: account.registrantContact, after: request.registrantContact } : null;
    if (!request.registrantContact || tdrpOptOut) return { accountId: account.accountId, heldDomains: 0, holdUntil: null, change };
    const holdUntil = addDays(time, tdrpHoldDays);
    return {
      accountId: account.accountId,
      heldDomains: await holdAccountDomains(tx, account.accountId, holdUntil),
      holdUntil: holdUntil.toISOString(),
      change,
    };
  });
  if (!result) throw new AppError(400, tdrpLinkSpentMessage);
  await queueRegistryContactSync(deps.jobs, result.accountId);
  if (result.change) await onRegistrantChanged(deps, { accountId: result.accountId, ...result.change });
  return { heldDomains: result.heldDomains, holdUntil: result.holdUntil };
}

/**
 * The approval email of the account's pending request sent again (staff help a registrant who lost it): a new token
 * replaces the old one, so only the newest link works. Null when nothing waits for approval.
 */
export async function resendTdrpApproval(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, accountId: number, brandName: string): Promise<{ sentTo: string } | null> {
  const token = newToken();
  const [request] = await deps.db
    .update(tdrpRequests)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(tdrpRequests.accountId, accountId), eq(tdrpRequests.status, 'pending'), gt(tdrpRequests.expireDate, now())))
    .returning();
  if (!request) return null;
  const change: TdrpChange = {
    ...(request.registrantContact ? { registrantContact: request.registrantContact } : {}),
    ...(request.tdrpOptOut ? { tdrpOptOut: true as const } : {}),
  };
  await sendTdrpApprovalEmail(deps, { to: request.sentTo, token, change, brandName });
  return { sentTo: request.sentTo };
}

/**
 * Staff helping a customer (issue #23): reading their page, resending the recovery or approval email, signing them
 * out everywhere, revoking API tokens, resetting their second factors after an identity check, and notes. Every
 * action is audited, and those that touch the customer appear in their Account activity.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { CustomerHit, CustomerRecord } from '../../contract/support/customers.ts';
import { accounts, apiTokens, customerNotes, mfas, passkeys, registrantVerifications, sessions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { revokedTokensSentence, revokeUserApiTokens } from '../auth/api-tokens/api-tokens.ts';
import { requestRecovery } from '../auth/recovery.ts';
import { removeRecoveryCodes } from '../auth/recovery-codes.ts';
import { queueMessage } from '../platform/messages.ts';
import { staffResendVerification } from '../compliance/verification/verification-desk.ts';
import { describeMfa } from '../auth/second-factors/mfa.ts';
import { resendTdrpApproval } from '../transfers/tdrp.ts';
import { customerRecord, findCustomer } from './customer-record.ts';
import { searchCustomers } from './customer-search.ts';

type HelpDeps = Pick<Deps, 'db' | 'jobs' | 'config'>;

/** A search shows names and emails: logged with the words and how many it found (one row per search made). */
export async function searchCustomersAsStaff(deps: Pick<Deps, 'db'>, actor: StaffActor, q: string): Promise<CustomerHit[]> {
  const hits = await searchCustomers(deps.db, q);
  await recordAudit(deps.db, actor, { action: 'customer.search', targetType: 'search', targetLabel: q, after: { results: hits.length } });
  return hits;
}

/** The customer page; the read is logged (it shows contacts, sessions and cards). */
export async function viewCustomer(deps: Pick<Deps, 'db'>, actor: StaffActor, accountId: number): Promise<CustomerRecord> {
  const { user } = await findCustomer(deps.db, accountId);
  // Logged first, so the page's own list of audit entries shows this read too.
  await recordAudit(deps.db, actor, { action: 'customer.view', targetType: 'account', targetId: accountId, targetLabel: user.email, accountId });
  return customerRecord(deps.db, accountId);
}

export async function resendRecoveryEmail(deps: Deps, actor: StaffActor, accountId: number, brandName: string): Promise<void> {
  const { user } = await findCustomer(deps.db, accountId);
  await requestRecovery(deps, { email: user.email, origin: deps.config.publicOrigin, brandName }, { ip: actor.ip ?? 'staff' });
  await recordAudit(deps.db, actor, {
    action: 'customer.resend-recovery',
    targetType: 'account',
    targetId: accountId,
    targetLabel: user.email,
    accountId,
    customerSummary: 'We sent you a link to reset your password.',
  });
}

export async function resendChangeApproval(deps: HelpDeps, actor: StaffActor, accountId: number, brandName: string): Promise<{ sentTo: string }> {
  const { user } = await findCustomer(deps.db, accountId);
  const sent = await resendTdrpApproval(deps, accountId, brandName);
  if (!sent) throw new AppError(409, 'No registrant change is waiting for approval on this account');
  await recordAudit(deps.db, actor, {
    action: 'customer.resend-approval',
    targetType: 'account',
    targetId: accountId,
    targetLabel: user.email,
    accountId,
    after: { sentTo: sent.sentTo },
    customerSummary: `We sent the approval link for your registrant change to ${sent.sentTo} again.`,
  });
  return sent;
}

/**
 * The registrant verification email again (#24), as the customer's banner sends it: a new link, the same limits.
 * Audited as the verification desk's resend (`verification.resend`), which tells the customer in their activity.
 */
export async function resendRegistrantVerification(deps: HelpDeps, actor: StaffActor, accountId: number): Promise<{ sentTo: string }> {
  await findCustomer(deps.db, accountId);
  const [pending] = await deps.db
    .select({ verificationId: registrantVerifications.verificationId, email: registrantVerifications.email })
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.accountId, accountId), eq(registrantVerifications.status, 'pending')));
  if (!pending) throw new AppError(409, 'No registrant verification is waiting on this account');
  await staffResendVerification(deps, actor, pending.verificationId);
  return { sentTo: pending.email };
}

/** Every live session of the customer ends (a stolen laptop, a shared computer). */
export async function revokeCustomerSessions(deps: HelpDeps, actor: StaffActor, accountId: number): Promise<{ revoked: number }> {
  const { user } = await findCustomer(deps.db, accountId);
  return deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokeDate: now() })
      .where(and(eq(sessions.userId, user.userId), isNull(sessions.revokeDate), sql`${sessions.expireDate} > ${now().toISOString()}::timestamptz`))
      .returning({ sessionId: sessions.sessionId });
    await recordAudit(tx, actor, {
      action: 'customer.revoke-sessions',
      targetType: 'account',
      targetId: accountId,
      targetLabel: user.email,
      accountId,
      after: { revoked: ended.length },
      customerSummary: 'We signed you out on every device.',
    });
    return { revoked: ended.length };
  });
}

/** One API token, or every live one. */
export async function revokeCustomerApiTokens(deps: HelpDeps, actor: StaffActor, accountId: number, apiTokenId?: number): Promise<{ revoked: number }> {
  const { user } = await findCustomer(deps.db, accountId);
  return deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokeDate: now() })
      .where(and(eq(apiTokens.accountId, accountId), isNull(apiTokens.revokeDate), apiTokenId ? eq(apiTokens.apiTokenId, apiTokenId) : undefined))
      .returning({ apiTokenId: apiTokens.apiTokenId, name: apiTokens.name });
    if (apiTokenId && revoked.length === 0) throw new AppError(404, 'No such live API token on this account');
    await recordAudit(tx, actor, {
      action: 'customer.revoke-api-tokens',
      targetType: 'account',
      targetId: accountId,
      targetLabel: user.email,
      accountId,
      before: { tokens: revoked.map((token) => token.name) },
      customerSummary: revoked.length === 1 ? `We revoked your API token “${revoked[0].name}”.` : `We revoked your ${revoked.length} API tokens.`,
    });
    return { revoked: revoked.length };
  });
}

/**
 * After an identity check: the customer's second factors and passkeys are removed, their sessions end, and they must
 * add a new method at their next sign-in (accounts.mfaEnrolmentRequired, held by api/http/auth.ts). They are emailed
 * at once. The reason is required and kept.
 */
export async function resetCustomerFactors(deps: HelpDeps, actor: StaffActor, accountId: number, reason: string, brandName: string): Promise<void> {
  const why = requireReason('customer.reset-factors', reason);
  const { user } = await findCustomer(deps.db, accountId);
  const tokensRevoked = await deps.db.transaction(async (tx) => {
    await tx.select({ accountId: accounts.accountId }).from(accounts).where(eq(accounts.accountId, accountId)).for('update');
    const methods = await tx
      .update(mfas)
      .set({ status: 'deleted' })
      .where(and(eq(mfas.accountId, accountId), inArray(mfas.status, ['active', 'pending'])))
      .returning();
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, user.userId)).returning({ name: passkeys.name });
    // Recovery codes stand in for a second factor: a set issued before the reset must not outlive it (a new one comes
    // with the first method the customer adds).
    await removeRecoveryCodes(tx, user.userId);
    await tx.update(accounts).set({ mfaEnrolmentRequired: true, modifyDate: now() }).where(eq(accounts.accountId, accountId));
    await tx
      .update(sessions)
      .set({ revokeDate: now() })
      .where(and(eq(sessions.userId, user.userId), isNull(sessions.revokeDate)));
    // As when the customer removes a second factor themselves (issue #26): their API tokens end with it.
    const tokens = await revokeUserApiTokens(tx, user.userId);
    await recordAudit(tx, actor, {
      action: 'customer.reset-factors',
      targetType: 'account',
      targetId: accountId,
      targetLabel: user.email,
      accountId,
      before: { methods: methods.filter((m) => m.status !== 'pending').map((m) => describeMfa(m)), passkeys: keys.map((k) => k.name) },
      after: { methods: [], passkeys: [], recoveryCodes: 0, mustEnrol: true, apiTokensRevoked: tokens },
      reason: why,
      customerSummary: 'Our support team removed your two-step verification methods and passkeys. Add a new one when you next sign in.',
    });
    return tokens;
  });
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `Your ${brandName} two-step verification was reset`,
    text: [
      `Our support team removed the two-step verification methods, passkeys and recovery codes of your ${brandName} account, after checking it was you who asked.`,
      '',
      'You were signed out everywhere. When you next sign in with your password, you will be asked to add a new security method before anything else.',
      ...(tokensRevoked ? ['', revokedTokensSentence(tokensRevoked)] : []),
      '',
      `If you did not ask for this, reply to this email or contact ${brandName} support at once.`,
    ].join('\n'),
  });
}

export async function addCustomerNote(deps: HelpDeps, actor: StaffActor, accountId: number, body: string) {
  const { user } = await findCustomer(deps.db, accountId);
  return deps.db.transaction(async (tx) => {
    const [note] = await tx.insert(customerNotes).values({ accountId, staffId: actor.staffId, staffEmail: actor.email, body, createDate: now() }).returning();
    await recordAudit(tx, actor, {
      action: 'customer.note',
      targetType: 'account',
      targetId: accountId,
      targetLabel: user.email,
      accountId,
      after: { noteId: note.noteId, body },
    });
    return { noteId: note.noteId, staffEmail: note.staffEmail, body: note.body, createDate: note.createDate.toISOString() };
  });
}

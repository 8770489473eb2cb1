/**
 * Staff close a customer's account at their request. Refused, in one sentence, while the account holds any domain
 * (registered, transferring in or out, in redemption, being deleted): those are transferred out, deleted or moved
 * first. Otherwise, in one transaction under the account's row lock: the account is marked closed (no session can
 * start or last, whatever the way in), its sessions and API tokens are revoked, its saved cards are removed, and the
 * audit row is written; after commit the cards are detached at the payment provider and the customer is emailed.
 * Closing twice closes once.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { accounts, apiTokens, domains, paymentMethods, sessions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { detachRemovedCards } from '../billing/card-detach.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { queueMessage } from '../platform/messages.ts';
import { teamOf } from './customer-edit.ts';
import { findCustomer } from './customer-record.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function closeCustomerAccount(
  deps: Pick<Deps, 'db' | 'jobs' | 'providers'>,
  actor: StaffActor,
  accountId: number,
  reason: string,
  brandName: string,
): Promise<{ message: string }> {
  const why = requireReason('customer.close', reason) as string;
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.select({ accountId: accounts.accountId }).from(accounts).where(eq(accounts.accountId, accountId)).for('update');
    const { account, user } = await findCustomer(tx, accountId);
    if (account.closedAt) throw new AppError(409, `${user.email}’s account is already closed`);
    if (account.isDemo) throw new AppError(409, 'The demo account cannot be closed');
    const held = await tx
      .select({ domain: domains.domain })
      .from(domains)
      .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted')))
      .orderBy(domains.domain);
    if (held.length > 0) {
      const names = held.slice(0, 3).map((row) => row.domain);
      const more = held.length > 3 ? ` and ${plural(held.length - 3, 'other')}` : '';
      throw new AppError(
        409,
        `This account still holds ${plural(held.length, 'domain')} (${names.join(', ')}${more}): each must be transferred out, deleted or moved to another account before the account can be closed`,
      );
    }
    const at = now();
    await tx.update(accounts).set({ closedAt: at, modifyDate: at }).where(eq(accounts.accountId, accountId));
    const endedSessions = await tx
      .update(sessions)
      .set({ revokeDate: at })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokeDate)))
      .returning({ sessionId: sessions.sessionId });
    const revokedTokens = await tx
      .update(apiTokens)
      .set({ revokeDate: at })
      .where(and(eq(apiTokens.accountId, accountId), isNull(apiTokens.revokeDate)))
      .returning({ apiTokenId: apiTokens.apiTokenId });
    const removedCards = await tx
      .update(paymentMethods)
      .set({ status: 'deleted', isDefault: false })
      .where(and(eq(paymentMethods.accountId, accountId), ne(paymentMethods.status, 'deleted')))
      .returning({ paymentMethodId: paymentMethods.paymentMethodId });
    await recordAudit(tx, actor, {
      action: 'customer.close',
      targetType: 'account',
      targetId: accountId,
      targetLabel: user.email,
      accountId,
      before: { closed: false },
      after: { closed: true, sessionsEnded: endedSessions.length, apiTokensRevoked: revokedTokens.length, cardsRemoved: removedCards.length },
      reason: why,
      customerSummary: `${teamOf(actor)} closed your account at your request.`,
    });
    return { email: user.email, cards: removedCards.map((card) => card.paymentMethodId) };
  });
  // After commit, outside the lock: the provider forgets the cards too (the reconcile job finishes what fails here).
  await detachRemovedCards(deps, outcome.cards);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: outcome.email,
    subject: `Your ${brandName} account is closed`,
    text: [
      `${teamOf(actor)} closed your ${brandName} account, as you asked. You can no longer sign in, and every session and API token of the account has ended.`,
      outcome.cards.length > 0 ? 'The cards saved on the account were removed, here and at our payment provider; nothing more will be charged to them.' : null,
      '',
      `If you did not ask for this, reply to this email or contact ${brandName} support at once.`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  });
  return { message: `The account is closed: ${outcome.email} can no longer sign in, and they were emailed` };
}

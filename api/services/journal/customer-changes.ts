/**
 * A customer's registry change (PATCH /api/domains/:id: lock, unlock, nameservers, DS, WHOIS privacy, an answer to a
 * transfer away; and the emailed approve/cancel link of a transfer away) as a journal entry, like a staff action: the
 * domain's row is locked, our change, the intent and an audit row commit together; the registry call runs after
 * commit, outside the lock, in the budget the caller already spent; a refusal is undone, a lost answer is left to the
 * reconciler (registry-intents.ts).
 */
import { eq } from 'drizzle-orm';
import { domains, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import type { CustomerJournal, DomainJournal } from '../domains/domain-update-types.ts';
import { carryOutIntent, type JournalDeps, linkIntentAudit, recordIntent } from './registry-intents.ts';

/**
 * Records `change` for the domain as `actor` and carries it out. `accountId`, when given, must own the domain (the
 * signed-in customer); the approval link's token is its own proof and gives none.
 */
export const journalDomainChange: DomainJournal = async (deps, actor, target, { kind, change, params, audit }) => {
  const intent = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, target.domainId)).for('update');
    if (!domain || domain.status === 'deleted') throw new AppError(404, 'Domain not found');
    if (target.accountId !== null && domain.accountId !== target.accountId) throw new AppError(403, 'You do not have access to this domain');
    await change(tx, domain);
    const intent = await recordIntent(tx, { kind, domainId: domain.domainId, domain: domain.domain, actor, params });
    const entry = await recordAudit(tx, actor, {
      action: audit.action,
      targetType: 'domain',
      targetId: domain.domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: audit.before,
      after: { ...(audit.after as object), intentId: intent.intentId },
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  return carryOutIntent(deps, intent, { budgetSpent: true });
};

/** The audit log names the customer who acted (no staff member, no role). */
export async function customerActor(db: JournalDeps['db'], userId: number, clientIp: string | null): Promise<StaffActor> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.userId, userId));
  return { staffId: null, email: user?.email ?? null, role: null, ip: clientIp };
}

export const journalCustomerChange: CustomerJournal = async (ctx, change) => {
  const actor = await customerActor(ctx.deps.db, ctx.userId, ctx.clientIp);
  return journalDomainChange(ctx.deps, actor, { domainId: ctx.domain.domainId, accountId: ctx.accountId }, change);
};

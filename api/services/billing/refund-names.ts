/**
 * What a refund does to the names it paid for. Refunding a registration, renewal or transfer says what happens to the
 * name: within the registry's add grace period `cancel` deletes it at the registry, which credits us the fee; after it
 * `delete` deletes it with no credit from the registry; `keep` leaves it with the customer (the refund is goodwill).
 * The decision is recorded with the refund (and the domain leaves the account's list) in the refund's transaction; the
 * registry is asked after commit, and a repeat of the same refund request finishes a deletion a crash or a registry
 * error left undone.
 */
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { NameAction } from '../../contract/billing/refunds.ts';
import { formatDateUtc } from '../../contract/dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { domains, refunds } from '../../db/schema/index.ts';
import type { TransactionRow, RefundRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { queueDomainCleanup, releaseSubordinateHosts } from '../domains/departed-domains.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';
import { customerYearsSentence } from './refund-renewals.ts';

export type RefundName = RefundRow['names'][number];

/** Days after a registration in which most gTLD registries refund a deleted name (their add grace period). */
export const addGraceDays = 5;
/** Registries whose add grace period differs from the usual five days (by TLD). */
const addGraceDaysByTld: Record<string, number> = {};
const graceDaysOf = (domain: string) => addGraceDaysByTld[domain.slice(domain.lastIndexOf('.') + 1).toLowerCase()] ?? addGraceDays;

/** Charge types whose refund asks what happens to the name: a registration, a renewal, a transfer. */
const nameCharges = new Set<TransactionRow['type']>(['nrc', 'transfer', 'start']);
export const isNameCharge = (row: Pick<TransactionRow, 'type'>) => nameCharges.has(row.type);
/** A new registration (not a renewal, which is `nrc` too): only it can be cancelled for the registry's credit. */
export const isRegistrationCharge = (row: Pick<TransactionRow, 'type' | 'description'>) =>
  row.type === 'nrc' && /^(Premium )?Registration of /.test(row.description);

/**
 * The names a refund touches and what happens to each, checked against the registry's rules: `cancel` only for a
 * registration within its add grace period. Names the request does not mention are kept.
 */
export async function decideNames(tx: DbOrTx, charges: TransactionRow[], asked: { domainId: number; action: NameAction }[] = []): Promise<RefundName[]> {
  const byDomain = new Map<number, TransactionRow>();
  for (const charge of charges) if (charge.domainId != null && nameCharges.has(charge.type)) byDomain.set(charge.domainId, charge);
  for (const wish of asked) {
    if (!byDomain.has(wish.domainId)) throw new AppError(400, `Domain ${wish.domainId} is not among the names this refund pays back`);
  }
  if (byDomain.size === 0) return [];
  const rows = await tx
    .select({ domainId: domains.domainId, domain: domains.domain, status: domains.status })
    .from(domains)
    .where(inArray(domains.domainId, [...byDomain.keys()]));
  const today = now();
  return rows.map((row) => {
    const action = asked.find((wish) => wish.domainId === row.domainId)?.action ?? 'keep';
    const charge = byDomain.get(row.domainId) as TransactionRow;
    if (action === 'cancel') {
      const graceEnd = addDays(charge.createDate, graceDaysOf(row.domain));
      if (!isRegistrationCharge(charge)) {
        throw new AppError(409, `Only a new registration can be cancelled for the registry's credit: choose to keep or delete ${row.domain}`);
      }
      if (today > graceEnd) {
        throw new AppError(
          409,
          `The registry's add grace period for ${row.domain} ended on ${formatDateUtc(graceEnd)}: keep the name, or delete it without a credit from the registry`,
        );
      }
    }
    if (action !== 'keep' && (row.status === 'deleted' || row.status === 'transfer')) {
      throw new AppError(409, `${row.domain} is not registered with us any more, so it cannot be deleted`);
    }
    return { domainId: row.domainId, domain: row.domain, action, done: action === 'keep' };
  });
}

/** In the refund's transaction: names to delete leave the account's list and stop renewing. */
export async function markNamesLeaving(tx: DbOrTx, names: RefundName[]): Promise<void> {
  const ids = names.filter((name) => name.action !== 'keep').map((name) => name.domainId);
  if (ids.length === 0) return;
  await tx
    .update(domains)
    .set({ status: 'pendingDelete', autoRenewEnabled: false, autoRenewDate: null, modifyDate: now() })
    .where(and(inArray(domains.domainId, ids), ne(domains.status, 'deleted')));
}

/**
 * In the refund's transaction: a name the refund takes back is deleted at the registry, so the audit log says so of
 * the name itself, beside its order's refund: a search for deletions, and the name's own history, find it.
 */
export async function auditNamesLeaving(
  tx: DbOrTx,
  actor: StaffActor,
  refund: Pick<RefundRow, 'refundId' | 'accountId' | 'names' | 'reason' | 'customerNote'>,
): Promise<void> {
  for (const name of refund.names.filter((n) => n.action !== 'keep')) {
    await recordAudit(tx, actor, {
      action: 'domain.delete',
      targetType: 'domain',
      targetId: name.domainId,
      targetLabel: name.domain,
      accountId: refund.accountId,
      after: { status: 'deleted', refundId: refund.refundId, ...(name.action === 'cancel' ? { withinAddGracePeriod: true } : {}) },
      reason: refund.reason,
      customerSummary: namesSentence([name]),
      customerReason: refund.customerNote,
    });
  }
}

/**
 * After commit: deletes the refund's names at the registry, then marks them deleted (their services leave with them).
 * Answers the names still waiting for the registry (a repeat of the refund finishes them).
 */
export async function deleteRefundedNames(deps: Pick<Deps, 'db' | 'providers' | 'jobs' | 'config'>, refundId: number): Promise<string[]> {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.refundId, refundId));
  const waiting: string[] = [];
  for (const name of refund?.names ?? []) {
    if (name.done) continue;
    const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, name.domainId));
    try {
      if (domain && domain.status !== 'deleted') {
        await releaseSubordinateHosts(deps, domain);
        const record = await deps.providers.registry.info(domain.domain);
        // Billing's refund, one deliberate and audited act: counted, never refused (registry-changes.ts).
        if (record) await spendRegistryWrite(deps, { by: 'duty', accountId: domain.accountId, domain }, () => deps.providers.registry.delete(domain.domain));
      }
    } catch (error) {
      console.warn(`refund ${refundId}: the registry did not delete ${name.domain}: ${(error as Error).message}`);
      waiting.push(name.domain);
      continue;
    }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(domains)
        .set({ status: 'deleted', autoRenewEnabled: false, autoRenewDate: null, modifyDate: now() })
        .where(eq(domains.domainId, name.domainId));
      const [current] = await tx.select({ names: refunds.names }).from(refunds).where(eq(refunds.refundId, refundId)).for('update');
      await tx
        .update(refunds)
        .set({ names: current.names.map((n) => (n.domainId === name.domainId ? { ...n, done: true } : n)) })
        .where(eq(refunds.refundId, refundId));
    });
    await queueDomainCleanup(deps.jobs, name.domainId);
  }
  return waiting;
}

/** The customer's sentence about the names, for the refund email. */
export function namesSentence(names: RefundName[]): string {
  return names
    .map((name) =>
      name.action === 'cancel'
        ? `We cancelled the registration of ${name.domain}: it is no longer yours and has left My Domains.`
        : name.action === 'delete'
          ? `We deleted ${name.domain} at the registry: it is no longer yours and has left My Domains.`
          : name.years
            ? customerYearsSentence(name)
            : `${name.domain} stays registered to you.`,
    )
    .join('\n');
}

/** For staff: how many days are left of a charge's add grace period (negative once it ended). */
export const graceDaysLeft = (domain: string, chargeDate: Date) => differenceInCalendarDays(addDays(chargeDate, graceDaysOf(domain)), now());

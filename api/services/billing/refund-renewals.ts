/**
 * What a refund of a renewal does to the name's expiry. A renewal refunded in full (the refund that gives back the last
 * of its charge) takes its years back off the expiry where the name's registry can take a renewal back, and says
 * plainly that it cannot where not: the money goes back either way. The decision is recorded on the refund in its
 * transaction (with the audit row); the registry is asked after commit, outside any row lock, by whoever claims it
 * (a lease on the refund's entry, so two requests never ask twice), and the registry checks the expiry we hold, so a
 * repeat never takes a second term off. A cut call is finished by the same refund sent again or by the reconciler.
 */
import { addMilliseconds } from 'date-fns/addMilliseconds';
import { differenceInMonths } from 'date-fns/differenceInMonths';
import { subYears } from 'date-fns/subYears';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { type RefundedName, type RefundYears, yearsSentence } from '../../contract/billing/refunds.ts';
import { formatDateUtc } from '../../contract/dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { domains, refunds, renewals, type TransactionRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { RegistryOutcomeUnknownError, RegistryUnsupportedError } from '../../providers/registry/index.ts';
import { recordAudit, type StaffActor, systemActor } from '../audit/audit-log.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';

type RegistryDeps = Pick<Deps, 'db' | 'providers' | 'config'>;

/** How long a request asking the registry holds a name's renewal before a repeat or the reconciler may ask again. */
const yearsLeaseMs = 60_000;

/** A renewal's charge (not its redemption fee or Domain Protection): `Renewal: name (1 year)`. */
export const isRenewalCharge = (row: Pick<TransactionRow, 'type' | 'description'>) => row.type === 'nrc' && row.description.startsWith('Renewal: ');

/** The years a renewal charge paid for, from the term it spans. */
const yearsOf = (charge: TransactionRow) => (charge.endDate ? Math.round(differenceInMonths(charge.endDate, charge.startDate) / 12) : 0);

/**
 * In the refund's transaction: kept names whose renewal this refund gives back in full get the years to take back,
 * `pending` where their registry can, `unsupported` (said plainly) where it cannot.
 */
export async function decideYears(deps: RegistryDeps, tx: DbOrTx, names: RefundedName[], completed: TransactionRow[]): Promise<RefundedName[]> {
  const renewalCharges = new Map(completed.filter((charge) => charge.domainId != null && isRenewalCharge(charge)).map((c) => [c.domainId as number, c]));
  const kept = names.filter((name) => name.action === 'keep' && renewalCharges.has(name.domainId));
  if (kept.length === 0) return names;
  const rows = await tx
    .select({ domainId: domains.domainId, expireDate: domains.expireDate, status: domains.status })
    .from(domains)
    .where(
      inArray(
        domains.domainId,
        kept.map((name) => name.domainId),
      ),
    );
  const registry = deps.providers.registry;
  return names.map((name) => {
    const charge = renewalCharges.get(name.domainId);
    const row = rows.find((r) => r.domainId === name.domainId);
    const count = charge ? yearsOf(charge) : 0;
    if (name.action !== 'keep' || !row || count < 1 || ['deleted', 'transfer', 'pendingDelete'].includes(row.status)) return name;
    const expireDate = row.expireDate.toISOString();
    const able = registry.canUnrenew?.(name.domain) ?? typeof registry.unrenew === 'function';
    const years: RefundYears = able
      ? { count, state: 'pending', expireDate }
      : { count, state: 'unsupported', expireDate, note: `the registry of ${name.domain} has no way to take a renewal back` };
    return { ...name, years };
  });
}

/** The customer's sentence about a kept name whose renewal was refunded. */
export function customerYearsSentence(name: RefundedName): string {
  const years = name.years as RefundYears;
  const date = formatDateUtc(years.expireDate);
  if (years.state === 'done') return `${name.domain} stays registered to you; the refunded renewal was taken back, so it now expires on ${date}.`;
  if (years.state === 'pending' || years.state === 'sending') return `${name.domain} stays registered to you; we are taking the refunded renewal back.`;
  return `${name.domain} stays registered to you and keeps its expiry of ${date}.`;
}

/** Claims the refund's renewals due to be taken back (pending, or left `sending` by a request whose lease ran out). */
async function claimYears(deps: RegistryDeps, refundId: number): Promise<{ name: RefundedName; retry: boolean }[]> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ names: refunds.names }).from(refunds).where(eq(refunds.refundId, refundId)).for('update');
    const today = now();
    const due = (row?.names ?? []).filter(
      (name) => name.years?.state === 'pending' || (name.years?.state === 'sending' && new Date(name.years.leaseUntil ?? 0) <= today),
    );
    if (due.length === 0) return [];
    const leaseUntil = addMilliseconds(today, yearsLeaseMs).toISOString();
    await tx
      .update(refunds)
      .set({
        names: row.names.map((name) => (due.includes(name) ? { ...name, years: { ...(name.years as RefundYears), state: 'sending', leaseUntil } } : name)),
      })
      .where(eq(refunds.refundId, refundId));
    return due.map((name) => ({ name, retry: name.years?.state === 'sending' }));
  });
}

async function releaseYears(deps: RegistryDeps, refundId: number, domainId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ names: refunds.names }).from(refunds).where(eq(refunds.refundId, refundId)).for('update');
    const release = (n: RefundedName) =>
      n.domainId === domainId && n.years?.state === 'sending' ? { ...n, years: { ...n.years, leaseUntil: now().toISOString() } } : n;
    await tx
      .update(refunds)
      .set({ names: row.names.map(release) })
      .where(eq(refunds.refundId, refundId));
  });
}

/** Records a name's outcome on the refund (and the new expiry on the domain when the registry took the years back). */
async function settleYears(deps: RegistryDeps, refundId: number, name: RefundedName, years: RefundYears, actor: StaffActor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ names: refunds.names, orderId: refunds.orderId }).from(refunds).where(eq(refunds.refundId, refundId)).for('update');
    if (years.state === 'done') {
      const expireDate = new Date(years.expireDate);
      // The renewal that ended at the expiry we held is taken back: its term may be renewed again.
      const [before] = await tx.select({ expireDate: domains.expireDate }).from(domains).where(eq(domains.domainId, name.domainId)).for('update');
      await tx
        .update(renewals)
        .set({ status: 'refunded' })
        .where(and(eq(renewals.domainId, name.domainId), eq(renewals.status, 'renewed'), eq(renewals.newExpireDate, before.expireDate)));
      await tx
        .update(domains)
        .set({
          expireDate,
          // Auto-renew comes as many years earlier; Domain Protection paid past the new expiry ends with it.
          autoRenewDate: sql`case when ${domains.autoRenewDate} is not null then ${domains.autoRenewDate} - make_interval(years => ${years.count}) end`,
          // (least() skips nulls: a name without protection keeps none.)
          protectionPaidUntil: sql`case when ${domains.protectionPaidUntil} is not null then least(${domains.protectionPaidUntil}, ${expireDate.toISOString()}::timestamptz) end`,
          modifyDate: now(),
        })
        .where(eq(domains.domainId, name.domainId));
    } else {
      await recordAudit(tx, actor, {
        action: 'registry.refused',
        targetType: 'domain',
        targetId: name.domainId,
        targetLabel: name.domain,
        before: { refundId, orderId: row.orderId, expireDate: name.years?.expireDate },
        after: { refusal: years.note, expiry: yearsSentence({ ...name, years }) },
      });
    }
    await tx
      .update(refunds)
      .set({ names: row.names.map((n) => (n.domainId === name.domainId ? { ...n, years } : n)) })
      .where(eq(refunds.refundId, refundId));
  });
}

/**
 * After the refund committed: asks the registry to take each claimed renewal back and records what it said. Answers
 * the names whose answer never came (the same refund sent again, or the reconciler, settles them from `info`).
 */
export async function takeBackRefundedYears(deps: RegistryDeps, refundId: number, actor: StaffActor = systemActor): Promise<string[]> {
  const waiting: string[] = [];
  for (const { name, retry } of await claimYears(deps, refundId)) {
    const years = name.years as RefundYears;
    const [domain] = await deps.db.select({ expireDate: domains.expireDate }).from(domains).where(eq(domains.domainId, name.domainId));
    const registry = deps.providers.registry;
    try {
      if (!domain) throw new Error(`${name.domain} is no longer ours`);
      // A call cut before: the registry may have taken the years back already (it then holds the earlier expiry).
      const earlier = subYears(domain.expireDate, years.count);
      const found = retry ? await registry.info(name.domain) : null;
      const record =
        found?.ours && found.expireDate.getTime() <= earlier.getTime()
          ? found
          : // Billing's refund, one deliberate and audited act: counted, never refused (registry-changes.ts).
            await spendRegistryWrite(deps, { by: 'duty', accountId: null, domain: { domainId: name.domainId, domain: name.domain } }, () =>
              registry.unrenew
                ? registry.unrenew({ domain: name.domain, years: years.count, curExpireDate: domain.expireDate })
                : Promise.reject(new RegistryUnsupportedError(`the registry of ${name.domain} has no way to take a renewal back`)),
            );
      await settleYears(deps, refundId, name, { count: years.count, state: 'done', expireDate: record.expireDate.toISOString() }, actor);
    } catch (error) {
      if (error instanceof RegistryOutcomeUnknownError) {
        console.warn(`refund ${refundId}: no answer from the registry taking back the renewal of ${name.domain}`);
        // Its lease ends now: the same refund sent again, or the reconciler, asks the registry what it did.
        await releaseYears(deps, refundId, name.domainId);
        waiting.push(name.domain);
        continue;
      }
      const unsupported = error instanceof RegistryUnsupportedError;
      const note = unsupported ? (error as Error).message : `the registry refused to take the renewal back (${(error as Error).message})`;
      const expireDate = domain?.expireDate.toISOString() ?? years.expireDate;
      await settleYears(deps, refundId, name, { count: years.count, state: unsupported ? 'unsupported' : 'refused', expireDate, note }, actor);
    }
  }
  return waiting;
}

/** Refunds whose registry work a cut left undone (a name to delete, a renewal to take back), a minute or more old. */
export async function refundsWithRegistryWork(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ refundId: refunds.refundId })
    .from(refunds)
    .where(
      and(
        ne(refunds.status, 'claimed'),
        lt(refunds.createDate, addMilliseconds(now(), -yearsLeaseMs)),
        sql`(${refunds.names} @> '[{"done": false}]' or ${refunds.names} @> '[{"years": {"state": "pending"}}]' or ${refunds.names} @> '[{"years": {"state": "sending"}}]')`,
      ),
    )
    .limit(200);
  return rows.map((row) => row.refundId);
}

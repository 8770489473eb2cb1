/**
 * Each domain's term in a renewal order: claimed once whoever asks (the unique line per domain and term; a term another
 * order holds is left out, not charged), renewed at the registry a few at a time, and recorded on the line and, when the
 * registry extended it, on the domain. A renew that went unanswered is asked about before the line is settled.
 */
import { eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { RenewLine } from '../../contract/renewals/renewals.ts';
import type { Db } from '../../db/client.ts';
import { domains, renewals } from '../../db/schema/index.ts';
import type { RenewalRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import { eachLimited } from '../kernel/each-limited.ts';
import { autoRenewDateFor } from './renewal-dates.ts';

/** How many registry renewals run at once in a bulk order or the nightly run. */
const registryConcurrency = 8;

/** A term's line as the answer shows it. */
export function lineOf(row: RenewalRow): RenewLine {
  return {
    domainId: row.domainId,
    domain: row.domain,
    renewalPeriod: row.renewalPeriod,
    expireDate: row.fromExpireDate.toISOString(),
    newExpireDate: row.newExpireDate.toISOString(),
    renewPrice: row.renewPrice,
    redemptionPrice: row.redemptionPrice || null,
    protectionEnabled: row.protectionEnabled,
    protectionPrice: row.protectionPrice,
    // A term a refund later took back was renewed (and charged) by this order all the same.
    status: row.status === 'claimed' ? 'unknown' : row.status === 'refunded' ? 'renewed' : row.status,
    ...(row.error ? { error: row.error } : {}),
  };
}

/**
 * Claims each line's term (a term another order holds is left out, not charged), then renews the claimed ones at the
 * registry a few at a time. Answers every line with what happened.
 */
export async function renewOrderLines(deps: Deps, renewalOrderId: number, priced: RenewLine[]): Promise<RenewLine[]> {
  const claimed = await claimTerms(
    deps.db,
    priced.map((line) => ({ renewalOrderId, line })),
    now(),
  );
  const results = new Map<number, RenewLine>();
  await eachLimited(claimed, registryConcurrency, async (row) => {
    results.set(row.domainId, lineOf(await renewAtRegistry(deps, row)));
  });
  return priced.map((line) => results.get(line.domainId) ?? { ...line, status: 'failed' as const, error: 'This term was renewed by another order' });
}

/**
 * Claims each priced line's term for its order, in one insert: a term another order already holds (the unique line
 * per domain and term) is left out, so the answer holds only the lines this order may renew and charge for.
 */
export async function claimTerms(db: Db, lines: { renewalOrderId: number; line: RenewLine }[], today: Date): Promise<RenewalRow[]> {
  return db
    .insert(renewals)
    .values(
      lines.map(({ renewalOrderId, line }) => ({
        renewalOrderId,
        domainId: line.domainId,
        domain: line.domain,
        fromExpireDate: new Date(line.expireDate),
        renewalPeriod: line.renewalPeriod,
        newExpireDate: new Date(line.newExpireDate),
        renewPrice: line.renewPrice,
        redemptionPrice: line.redemptionPrice ?? 0,
        protectionPrice: line.protectionPrice,
        protectionEnabled: line.protectionEnabled,
        createDate: today,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** One registry renewal: recorded on the line, and on the domain when the registry extended it. */
async function renewAtRegistry(deps: Deps, line: RenewalRow): Promise<RenewalRow> {
  try {
    const record = await deps.providers.registry.renew({ domain: line.domain, years: line.renewalPeriod });
    return await recordRenewed(deps.db, line, record.expireDate);
  } catch (error) {
    if (error instanceof RegistryOutcomeUnknownError) return settleUnknownLine(deps, line);
    return markLine(deps.db, line, 'failed', (error as Error).message);
  }
}

/** The renew went out unanswered: ask the registry what it holds now; if it cannot say either, the line stays unknown. */
export async function settleUnknownLine(deps: Deps, line: RenewalRow): Promise<RenewalRow> {
  try {
    const record = await deps.providers.registry.info(line.domain);
    if (record?.ours && record.expireDate >= line.newExpireDate) return await recordRenewed(deps.db, line, record.expireDate);
    return await markLine(deps.db, line, 'failed', 'The registry did not renew the domain');
  } catch (error) {
    return markLine(deps.db, line, 'unknown', (error as Error).message);
  }
}

export async function markLine(db: Db, line: RenewalRow, status: RenewalRow['status'], error: string | null): Promise<RenewalRow> {
  const [row] = await db.update(renewals).set({ status, error }).where(eq(renewals.renewalId, line.renewalId)).returning();
  return row;
}

async function recordRenewed(db: Db, line: RenewalRow, registryExpiry: Date): Promise<RenewalRow> {
  const newExpireDate = Number.isNaN(registryExpiry.getTime()) ? line.newExpireDate : registryExpiry;
  const nextAutoRenew = autoRenewDateFor(newExpireDate, true)?.toISOString();
  return db.transaction(async (tx) => {
    await tx
      .update(domains)
      .set({
        expireDate: newExpireDate,
        status: 'active',
        redemptionPeriodStartDate: null,
        autoRenewDate: sql`case when ${domains.autoRenewEnabled} then ${nextAutoRenew}::timestamptz end`,
        modifyDate: now(),
        ...(line.protectionEnabled ? { protectionEnabled: true, protectionPaidUntil: newExpireDate } : {}),
      })
      .where(eq(domains.domainId, line.domainId));
    const [row] = await tx.update(renewals).set({ status: 'renewed', newExpireDate, error: null }).where(eq(renewals.renewalId, line.renewalId)).returning();
    return row;
  });
}

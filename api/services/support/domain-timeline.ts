/**
 * One domain's history for the back office, newest first: what staff did (the audit log, refunds that named it, its
 * account's contact changes), what the customer did (their account activity naming it, DNS changes), and what the
 * registry was asked and answered (journalled intents). Reads only; staff reads of the page are audited by the route that serves the record.
 */
import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { DomainTimelineEntry } from '../../contract/support/domain-history.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountActivity, auditLog, dnsChanges, domains, registryIntents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

const limit = 100;

/** Staff actions on a domain, in words (the audit log's action names are for filters, not for reading). */
const staffActionWords: Record<string, string> = {
  'domain.lock': 'Locked against transfer',
  'domain.unlock': 'Unlocked for transfer',
  'domain.suspend': 'Suspended',
  'domain.unsuspend': 'Lifted the suspension',
  'domain.courtesy-renew': 'Renewed at no charge',
  'domain.restore': 'Restored from redemption',
  'domain.move': 'Moved to another account',
  'domain.delete': 'Deleted at the registry',
  'registry.refused': 'The registry refused a change; it was undone',
  'order.refund': 'Refunded its order',
  'payment.refund': 'Refunded its payment',
  'customer.edit': 'Changed the account’s contacts or login email',
};

const intentWords: Record<string, string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  hold: 'Hold (clientHold)',
  unhold: 'Release of the hold',
  'courtesy-renew': 'Renewal',
  delete: 'Deletion',
};

const stateWords = (state: string, outcome: string | null) =>
  state === 'done' ? 'done' : state === 'failed' ? `refused${outcome ? `: ${outcome}` : ''}` : 'waiting for the registry’s answer';

export async function domainTimeline(db: DbOrTx, domainId: number): Promise<DomainTimelineEntry[]> {
  const [domain] = await db.select({ domain: domains.domain, accountId: domains.accountId }).from(domains).where(eq(domains.domainId, domainId));
  if (!domain) throw new AppError(404, 'No such domain');
  const namedInRefund = sql`${auditLog.after} -> 'refund' -> 'names' @> ${JSON.stringify([{ domain: domain.domain }])}::jsonb`;
  const [audits, intents, zone, activity] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(
        and(
          or(
            and(eq(auditLog.targetType, 'domain'), eq(auditLog.targetId, String(domainId))),
            namedInRefund,
            // The name's contacts are its account's: a change of them is a change of the name's registry record.
            and(eq(auditLog.accountId, domain.accountId), eq(auditLog.action, 'customer.edit')),
          ),
          ne(auditLog.action, 'domain.view'),
        ),
      )
      .orderBy(desc(auditLog.at))
      .limit(limit),
    db.select().from(registryIntents).where(eq(registryIntents.domainId, domainId)).orderBy(desc(registryIntents.createDate)).limit(limit),
    db.select().from(dnsChanges).where(eq(dnsChanges.domainId, domainId)).orderBy(desc(dnsChanges.at)).limit(limit),
    db
      .select()
      .from(accountActivity)
      .where(
        and(
          eq(accountActivity.accountId, domain.accountId),
          ne(accountActivity.source, 'staff'),
          ilike(accountActivity.summary, `%${domain.domain.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
      )
      .orderBy(desc(accountActivity.at))
      .limit(limit),
  ]);
  const entries: DomainTimelineEntry[] = [
    ...audits.map((row) => ({
      at: row.at.toISOString(),
      source: row.staffId === null ? ('system' as const) : ('staff' as const),
      actor: row.staffEmail ?? 'System',
      summary: staffActionWords[row.action] ?? row.action,
      reason: row.reason,
    })),
    ...intents.map((row) => ({
      at: (row.settleDate ?? row.createDate).toISOString(),
      source: 'registry' as const,
      actor: 'Registry',
      summary: `${intentWords[row.kind] ?? row.kind}: ${stateWords(row.state, row.outcome)}`,
      reason: null,
    })),
    ...zone.map((row) => ({
      at: row.at.toISOString(),
      source: row.source === 'staff' ? ('staff' as const) : row.source === 'system' ? ('system' as const) : ('customer' as const),
      actor: row.actor,
      summary: `DNS: ${row.summary}`,
      reason: null,
    })),
    ...activity.map((row) => ({
      at: row.at.toISOString(),
      source: row.source === 'customer' ? ('customer' as const) : ('system' as const),
      actor: row.source === 'customer' ? 'Customer' : 'System',
      summary: row.summary,
      reason: row.reason,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}

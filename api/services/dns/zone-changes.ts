/**
 * Every change to a zone's records goes through `changeZoneRecords`: the domain locked, the edit made, the records
 * before and after compared, and one history row written in the same transaction (who, from where, what), then the
 * zone published. The history's list, the diff between any two points, and "Restore this version" live here too.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import {
  compareSnapshots,
  diffRecords,
  type RecordDiff,
  type ZoneChange,
  type ZoneChangeSource,
  type ZoneRecordSnapshot,
  snapshotKey,
  summariseDiff,
  toSnapshot,
} from '../../contract/dns/zone-history.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { apiTokens, dnsChanges, dnsRecords, users } from '../../db/schema/index.ts';
import type { DomainRow, DnsRecordRow as RecordRow, DnsChangeRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ownedDomain } from './ownership.ts';
import { syncZone } from './zone.ts';

export type { RecordRow };

/** Who changes a zone and through what; `actor` is what the history shows. */
export type ZoneEditor = { source: ZoneChangeSource; actor: string };

/** The customer (or their API token) behind a request, in the words the history shows. */
export async function zoneEditorFor(
  db: Db,
  caller: { userId: number; apiTokenId?: number },
  source?: Exclude<ZoneChangeSource, 'api' | 'staff' | 'system'>,
): Promise<ZoneEditor> {
  if (caller.apiTokenId) {
    const [token] = await db
      .select({ name: apiTokens.name, prefix: apiTokens.displayPrefix })
      .from(apiTokens)
      .where(eq(apiTokens.apiTokenId, caller.apiTokenId));
    return { source: source ?? 'api', actor: token ? `API token “${token.name}” (${token.prefix}…)` : 'An API token' };
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.userId, caller.userId));
  return { source: source ?? 'panel', actor: user?.email ?? 'You' };
}

export function refuseUnmanageable(domain: DomainRow): void {
  if (domain.status === 'transfer') throw new AppError(409, `DNS records of ${domain.domain} can be changed once its transfer completes`);
}

function changeView(row: DnsChangeRow): ZoneChange {
  return {
    changeId: row.changeId,
    at: row.at.toISOString(),
    source: row.source,
    actor: row.actor,
    summary: row.summary,
    addedCount: row.added.length,
    removedCount: row.removed.length,
    recordCount: row.records.length,
    restoredFrom: row.restoredFrom,
  };
}

async function recordsOf(db: DbOrTx, domainId: number): Promise<RecordRow[]> {
  return db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domainId)).orderBy(asc(dnsRecords.dnsRecordId));
}

/**
 * Makes one change to a domain's records and records it. `edit` runs inside the transaction with the domain locked
 * and the records as they are; whatever it inserts, updates or deletes is compared afterwards, so every path (one
 * record, an import, a template, a restore) is recorded the same way. A change that leaves the set as it was writes
 * no history. The zone is published after the commit.
 */
export async function changeZoneRecords<T>(
  deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>,
  target: { accountId: number; domainId: number },
  editor: ZoneEditor,
  edit: (tx: Tx, domain: DomainRow, current: RecordRow[]) => Promise<T>,
  options: { summary?: (diff: RecordDiff) => string; restoredFrom?: number } = {},
): Promise<{ result: T; change: ZoneChange | null }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const domain = await ownedDomain(tx, target.accountId, target.domainId, { lock: true });
    refuseUnmanageable(domain);
    const before = await recordsOf(tx, domain.domainId);
    const result = await edit(tx, domain, before);
    return { result, change: await recordZoneChange(tx, domain.domainId, before, editor, options) };
  });
  await syncZone(deps, target.domainId);
  return outcome;
}

/**
 * Writes the history row of a change made inside `tx` to a domain's records, `before` being the records as they were
 * when the change began; nothing when the set is the same. For changes made outside changeZoneRecords (staff removing
 * reported records, in their own transaction with its audit entry).
 */
export async function recordZoneChange(
  tx: Tx,
  domainId: number,
  before: readonly RecordRow[],
  editor: ZoneEditor,
  options: { summary?: (diff: RecordDiff) => string; restoredFrom?: number } = {},
): Promise<ZoneChange | null> {
  const after = await recordsOf(tx, domainId);
  const diff = diffRecords(before.map(toSnapshot), after.map(toSnapshot));
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) return null;
  const [row] = await tx
    .insert(dnsChanges)
    .values({
      domainId,
      at: now(),
      source: editor.source,
      actor: editor.actor,
      summary: options.summary?.(diff) ?? summariseDiff(diff),
      added: [...diff.added, ...diff.changed.map((c) => c.after)],
      removed: [...diff.removed, ...diff.changed.map((c) => c.before)],
      records: after.map(toSnapshot).sort(compareSnapshots),
      restoredFrom: options.restoredFrom ?? null,
    })
    .returning();
  return changeView(row);
}

/** Records of a domain as they are in `db` (for recordZoneChange's `before`). */
export async function zoneRecordsNow(db: DbOrTx, domainId: number): Promise<RecordRow[]> {
  return recordsOf(db, domainId);
}

/** GET /api/dnsChanges?domainId=: newest first. */
export async function listZoneChanges(db: Db, accountId: number, domainId: number, page: { limit: number; skip: number }): Promise<ListResult<ZoneChange>> {
  await ownedDomain(db, accountId, domainId);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(dnsChanges).where(eq(dnsChanges.domainId, domainId));
  const rows = await db
    .select()
    .from(dnsChanges)
    .where(eq(dnsChanges.domainId, domainId))
    .orderBy(desc(dnsChanges.changeId))
    .limit(page.limit)
    .offset(page.skip);
  return { total, limit: page.limit, skip: page.skip, data: rows.map(changeView) };
}

/** The records as they were before the zone's first recorded change: its set, less what it added, plus what it removed. */
function recordsBeforeChange(change: DnsChangeRow): ZoneRecordSnapshot[] {
  const remaining = new Map<string, number>();
  for (const record of change.added) remaining.set(snapshotKey(record), (remaining.get(snapshotKey(record)) ?? 0) + 1);
  const kept = change.records.filter((record) => {
    const left = remaining.get(snapshotKey(record)) ?? 0;
    if (left === 0) return true;
    remaining.set(snapshotKey(record), left - 1);
    return false;
  });
  return [...kept, ...change.removed].sort(compareSnapshots);
}

/** The record set at a point of the history: after change `changeId`, or (0) before the first one. */
async function recordsAt(db: Db, domainId: number, changeId: number): Promise<ZoneRecordSnapshot[]> {
  if (changeId === 0) {
    const [first] = await db.select().from(dnsChanges).where(eq(dnsChanges.domainId, domainId)).orderBy(asc(dnsChanges.changeId)).limit(1);
    if (!first) return (await recordsOf(db, domainId)).map(toSnapshot);
    return recordsBeforeChange(first);
  }
  const [row] = await db
    .select()
    .from(dnsChanges)
    .where(and(eq(dnsChanges.domainId, domainId), eq(dnsChanges.changeId, changeId)));
  if (!row) throw new AppError(404, 'No such version of this zone');
  return row.records;
}

/** GET /api/dnsChanges/diff: what changed from one point to another (either order). */
export async function diffZoneVersions(db: Db, accountId: number, query: { domainId: number; from: number; to: number }): Promise<RecordDiff> {
  await ownedDomain(db, accountId, query.domainId);
  const [from, to] = await Promise.all([recordsAt(db, query.domainId, query.from), recordsAt(db, query.domainId, query.to)]);
  return diffRecords(from, to);
}

/**
 * "Restore this version": the records become exactly those of the point chosen (0: before the first recorded
 * change), recorded as a change of its own, so a restore can itself be undone.
 */
export async function restoreZoneVersion(deps: Deps, accountId: number, domainId: number, changeId: number, editor: ZoneEditor) {
  await ownedDomain(deps.db, accountId, domainId);
  const wanted = await recordsAt(deps.db, domainId, changeId);
  const [point] = changeId ? await deps.db.select({ at: dnsChanges.at }).from(dnsChanges).where(eq(dnsChanges.changeId, changeId)) : [null];
  const when = point ? point.at.toISOString().slice(0, 16).replace('T', ' ') : null;
  const { change } = await changeZoneRecords(
    deps,
    { accountId, domainId },
    { ...editor, source: 'restore' },
    async (tx, domain) => {
      await tx.delete(dnsRecords).where(eq(dnsRecords.domainId, domain.domainId));
      if (wanted.length) await tx.insert(dnsRecords).values(wanted.map((record) => ({ ...toSnapshot(record), domainId: domain.domainId })));
    },
    {
      summary: (diff) =>
        `Restored the version ${when ? `of ${when} UTC` : 'from before the first recorded change'} (${summariseDiff(diff).replace(/^./, (c) => c.toLowerCase())})`,
      restoredFrom: changeId || undefined,
    },
  );
  return { change, unchanged: change === null };
}

/** The newest change at or before `changeId` exists for this domain (for tests and the UI's "current" marker). */
export async function latestZoneChangeId(db: Db, domainId: number): Promise<number> {
  const [row] = await db
    .select({ changeId: dnsChanges.changeId })
    .from(dnsChanges)
    .where(eq(dnsChanges.domainId, domainId))
    .orderBy(desc(dnsChanges.changeId))
    .limit(1);
  return row?.changeId ?? 0;
}

/**
 * A zone's change history (GET /api/dnsChanges?domainId=), the diff between two points of it, and what an import, a
 * template or a restore would change before it is applied: the shapes the server answers and the account app reads,
 * and the pure diff both use.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { dnsRecordTypes } from '../domains/domain.ts';

/** Where a change came from: the account app, an API token, a zone file import, a template, a bulk action, a restore, staff, a job. */
export const zoneChangeSources = ['panel', 'api', 'import', 'template', 'bulk', 'restore', 'staff', 'system'] as const;
export type ZoneChangeSource = (typeof zoneChangeSources)[number];

export const zoneChangeSourceLabels: Record<ZoneChangeSource, string> = {
  panel: 'Account app',
  api: 'API token',
  import: 'Zone file import',
  template: 'Template',
  bulk: 'Bulk action',
  restore: 'Restore',
  staff: 'Support',
  system: 'Automatic',
};

/** A record as history keeps it: everything that makes it what it is, no id. */
export const zoneRecordSnapshotSchema = z.strictObject({
  type: z.enum(dnsRecordTypes),
  host: z.string(),
  data: z.string(),
  priority: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  port: z.number().int().nullable(),
  ttl: z.number().int(),
});
export type ZoneRecordSnapshot = z.infer<typeof zoneRecordSnapshotSchema>;

export const zoneChangeSchema = z.strictObject({
  changeId: z.number().int(),
  at: z.string(),
  source: z.enum(zoneChangeSources),
  actor: z.string(),
  summary: z.string(),
  addedCount: z.number().int(),
  removedCount: z.number().int(),
  recordCount: z.number().int(),
  restoredFrom: z.number().int().nullable(),
});
export type ZoneChange = z.infer<typeof zoneChangeSchema>;

export const recordDiffSchema = z.strictObject({
  added: z.array(zoneRecordSnapshotSchema),
  removed: z.array(zoneRecordSnapshotSchema),
  /** A record at the same host and type whose value or TTL changed: shown as one line, before and after. */
  changed: z.array(z.strictObject({ before: zoneRecordSnapshotSchema, after: zoneRecordSnapshotSchema })),
  unchanged: z.number().int(),
});
export type RecordDiff = z.infer<typeof recordDiffSchema>;

/** POST /api/dnsChanges/restore: the change the restore made, or none when the zone already was that version. */
export const zoneRestoreAnswerSchema = z.strictObject({ change: zoneChangeSchema.nullable(), unchanged: z.boolean() });

/** GET /api/dnsChanges/diff?domainId=&from=&to= : `from` 0 is the zone as it was before its first recorded change. */
export const zoneDiffQuerySchema = z.object({
  domainId: z.coerce.number().int().positive(),
  from: z.coerce.number().int().min(0),
  to: z.coerce.number().int().min(0),
});

/** POST /api/dnsChanges/restore */
export const zoneRestoreSchema = z.strictObject({
  domainId: z.number().int().positive(),
  /** The version to go back to: a change's id, or 0 for the zone as it was before its first recorded change. */
  changeId: z.number().int().min(0),
});

export function snapshotKey(record: ZoneRecordSnapshot): string {
  return JSON.stringify([record.type, record.host, record.data, record.priority ?? null, record.weight ?? null, record.port ?? null, record.ttl]);
}

export function toSnapshot(record: ZoneRecordSnapshot): ZoneRecordSnapshot {
  const { type, host, data, priority, weight, port, ttl } = record;
  return { type, host, data, priority: priority ?? null, weight: weight ?? null, port: port ?? null, ttl };
}

/** Order for display and files: host (apex first), then type, then value. */
export function compareSnapshots(a: ZoneRecordSnapshot, b: ZoneRecordSnapshot): number {
  const host = (h: string) => (h === '@' ? '' : h.split('.').reverse().join('.'));
  return host(a.host).localeCompare(host(b.host)) || a.type.localeCompare(b.type) || (a.priority ?? 0) - (b.priority ?? 0) || a.data.localeCompare(b.data);
}

/**
 * The difference between two record sets, as a multiset (the same record twice counts twice). A removed and an
 * added record at one host and type pair up as a change when each is the only one of its kind on its side, or when
 * only the TTL differs.
 */
export function diffRecords(before: readonly ZoneRecordSnapshot[], after: readonly ZoneRecordSnapshot[]): RecordDiff {
  const remaining = new Map<string, number>();
  for (const record of before) remaining.set(snapshotKey(record), (remaining.get(snapshotKey(record)) ?? 0) + 1);
  const added: ZoneRecordSnapshot[] = [];
  let unchanged = 0;
  for (const record of after) {
    const key = snapshotKey(record);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      unchanged += 1;
    } else added.push(toSnapshot(record));
  }
  const removed: ZoneRecordSnapshot[] = [];
  for (const record of before) {
    const key = snapshotKey(record);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      removed.push(toSnapshot(record));
    }
  }
  const changed: RecordDiff['changed'] = [];
  const slot = (r: ZoneRecordSnapshot) => `${r.type} ${r.host}`;
  const sameButTtl = (a: ZoneRecordSnapshot, b: ZoneRecordSnapshot) => snapshotKey({ ...a, ttl: 0 }) === snapshotKey({ ...b, ttl: 0 });
  for (const gone of [...removed]) {
    const candidates = added.filter((r) => slot(r) === slot(gone));
    const peers = removed.filter((r) => slot(r) === slot(gone));
    const match = candidates.find((r) => sameButTtl(r, gone)) ?? (candidates.length === 1 && peers.length === 1 ? candidates[0] : undefined);
    if (!match) continue;
    changed.push({ before: gone, after: match });
    removed.splice(removed.indexOf(gone), 1);
    added.splice(added.indexOf(match), 1);
  }
  return {
    added: added.sort(compareSnapshots),
    removed: removed.sort(compareSnapshots),
    changed: changed.sort((a, b) => compareSnapshots(a.after, b.after)),
    unchanged,
  };
}

/** One line for a record in a summary or a diff: `A www 203.0.113.10`, `MX @ 10 mx.example.com`. */
export function describeRecord(record: ZoneRecordSnapshot): string {
  const numbers = [record.priority, record.weight, record.port].filter((n) => n !== null).join(' ');
  return `${record.type} ${record.host} ${numbers ? `${numbers} ` : ''}${record.data}`;
}

/** "Added 2, changed 1 and removed 3 records", or the one record's description when only one moved. */
export function summariseDiff(diff: RecordDiff): string {
  const total = diff.added.length + diff.removed.length + diff.changed.length;
  if (total === 1) {
    if (diff.added.length) return `Added ${describeRecord(diff.added[0])}`;
    if (diff.removed.length) return `Removed ${describeRecord(diff.removed[0])}`;
    const { before, after } = diff.changed[0];
    return snapshotKey({ ...before, ttl: 0 }) === snapshotKey({ ...after, ttl: 0 })
      ? `Changed the TTL of ${describeRecord(after)} from ${before.ttl} to ${after.ttl} s`
      : `Changed ${before.type} ${before.host} to ${describeRecord(after).slice(before.type.length + before.host.length + 2)}`;
  }
  const parts = [
    diff.added.length ? `added ${diff.added.length}` : '',
    diff.changed.length ? `changed ${diff.changed.length}` : '',
    diff.removed.length ? `removed ${diff.removed.length}` : '',
  ].filter(Boolean);
  const words = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${words[0].toUpperCase()}${words.slice(1)} records`;
}

/**
 * Importing a BIND zone file into a domain's records, with a preview first, and exporting its records as one. The
 * preview and the import run the same plan against the records as they are: each record of the file checked with
 * the panel's rules (validateDnsRecord, findRecordConflict), refused with its line and why, the rest compared with
 * the zone. Merge replaces, name by name and type by type, what the file lists and keeps the rest; replace makes the
 * zone exactly the file.
 */
import { eq } from 'drizzle-orm';
import { findRecordConflict, validateDnsRecord } from '../../contract/dns/dns.ts';
import { diffRecords, snapshotKey, toSnapshot, type ZoneRecordSnapshot } from '../../contract/dns/zone-history.ts';
import type { ZoneImportMode, ZoneImportPreview } from '../../contract/dns/zone-import.ts';
import type { Db } from '../../db/client.ts';
import { dnsRecords, dnsZones } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { maxRecordsPerDomain } from './records.ts';
import { ownedDomain } from './ownership.ts';
import { changeZoneRecords, type RecordRow, type ZoneEditor } from './zone-changes.ts';
import { parseZoneFile, toCandidate, writeZoneFile, type ZoneFileProblem } from './zone-file.ts';
import { soaFor } from './zone.ts';
import { stopsOfZoneChange } from './change-stops.ts';

type Plan = { preview: ZoneImportPreview; keep: RecordRow[]; add: ZoneRecordSnapshot[] };

/** What the file would do to `existing`. */
export function planImport(zone: string, text: string, mode: ZoneImportMode, existing: readonly RecordRow[], ownNameservers: readonly string[]): Plan {
  const { records, problems } = parseZoneFile(text, zone, 3600);
  const refused: ZoneFileProblem[] = [...problems];
  const skipped: ZoneFileProblem[] = [];
  const wanted: { record: ZoneRecordSnapshot; line: number; text: string }[] = [];
  const seen = new Set<string>();
  for (const parsed of records) {
    const shaped = toCandidate(parsed, zone, ownNameservers);
    if ('skip' in shaped) {
      skipped.push({ line: parsed.line, text: parsed.source, reason: shaped.skip });
      continue;
    }
    if ('refuse' in shaped) {
      refused.push({ line: parsed.line, text: parsed.source, reason: shaped.refuse });
      continue;
    }
    const checked = validateDnsRecord(shaped.candidate, zone);
    if ('errors' in checked) {
      refused.push({ line: parsed.line, text: parsed.source, reason: Object.values(checked.errors).find(Boolean) ?? 'This record is not valid' });
      continue;
    }
    const key = snapshotKey(checked.record);
    if (seen.has(key)) {
      skipped.push({ line: parsed.line, text: parsed.source, reason: 'The same record appears earlier in the file' });
      continue;
    }
    seen.add(key);
    wanted.push({ record: checked.record, line: parsed.line, text: parsed.source });
  }
  // Merge: the file's names and types replace ours; everything else stays. Replace: only the file stays.
  const listed = new Set(wanted.map(({ record }) => `${record.host} ${record.type}`));
  const wantedKeys = new Set(wanted.map(({ record }) => snapshotKey(record)));
  const keep = existing.filter((row) => {
    if (wantedKeys.has(snapshotKey(toSnapshot(row)))) return true;
    return mode === 'merge' && !listed.has(`${row.host} ${row.type}`);
  });
  const keptKeys = new Set(keep.map((row) => snapshotKey(toSnapshot(row))));
  const result: Pick<ZoneRecordSnapshot, 'type' | 'host' | 'data' | 'priority' | 'weight' | 'port'>[] = [...keep];
  const add: ZoneRecordSnapshot[] = [];
  const lines = new Map<string, number>();
  for (const { record, line, text: source } of wanted) {
    if (keptKeys.has(snapshotKey(record))) continue;
    const clash = findRecordConflict(record, result);
    if (clash) {
      refused.push({ line, text: source, reason: clash.message });
      continue;
    }
    if (keep.length + add.length >= maxRecordsPerDomain) {
      refused.push({ line, text: source, reason: `A domain can have at most ${maxRecordsPerDomain} DNS records` });
      continue;
    }
    result.push(record);
    add.push(record);
    lines.set(snapshotKey(record), line);
  }
  const diff = diffRecords(existing.map(toSnapshot), [...keep.map(toSnapshot), ...add]);
  const withLine = (record: ZoneRecordSnapshot) => ({ ...record, line: lines.get(snapshotKey(record)) ?? null });
  return {
    keep,
    add,
    preview: {
      mode,
      added: diff.added.map(withLine),
      changed: diff.changed.map(({ before, after }) => ({ before, after: withLine(after) })),
      removed: diff.removed,
      unchanged: diff.unchanged,
      refused: refused.sort((a, b) => a.line - b.line),
      skipped: skipped.sort((a, b) => a.line - b.line),
    },
  };
}

function ourNameservers(deps: Pick<Deps, 'config'>): string[] {
  return deps.config.DEFAULT_NAMESERVERS;
}

/** POST /api/dnsZoneFiles/preview: what an import would do, nothing changed. */
export async function previewZoneImport(
  deps: Deps,
  accountId: number,
  input: { domainId: number; text: string; mode: ZoneImportMode },
): Promise<ZoneImportPreview> {
  const domain = await ownedDomain(deps.db, accountId, input.domainId);
  const existing = await deps.db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domain.domainId));
  const { preview } = planImport(domain.domain, input.text, input.mode, existing, ourNameservers(deps));
  const changes = [...preview.added.map((record) => ({ record, before: null })), ...preview.changed.map(({ before, after }) => ({ record: after, before }))];
  return { ...preview, stops: stopsOfZoneChange(deps.config, domain, existing, changes) };
}

/** POST /api/dnsZoneFiles: the import, planned again against the records as they are now, as one change in the history. */
export async function applyZoneImport(deps: Deps, accountId: number, input: { domainId: number; text: string; mode: ZoneImportMode }, editor: ZoneEditor) {
  const { result, change } = await changeZoneRecords(
    deps,
    { accountId, domainId: input.domainId },
    { ...editor, source: 'import' },
    async (tx, domain, existing) => {
      const plan = planImport(domain.domain, input.text, input.mode, existing, ourNameservers(deps));
      const keptIds = new Set(plan.keep.map((row) => row.dnsRecordId));
      for (const row of existing) if (!keptIds.has(row.dnsRecordId)) await tx.delete(dnsRecords).where(eq(dnsRecords.dnsRecordId, row.dnsRecordId));
      if (plan.add.length) await tx.insert(dnsRecords).values(plan.add.map((record) => ({ ...record, domainId: domain.domainId })));
      return plan.preview;
    },
    {
      summary: (diff) =>
        `Imported a zone file (${input.mode}): ${[`${diff.added.length} added`, `${diff.changed.length} changed`, `${diff.removed.length} removed`].join(', ')}`,
    },
  );
  return { ...result, changeId: change?.changeId ?? null };
}

/** GET /api/dnsZoneFiles?domainId=: the records as a BIND file, with the SOA and nameservers we serve. */
export async function exportZoneFile(db: Db, deps: Pick<Deps, 'config'>, accountId: number, domainId: number): Promise<{ filename: string; text: string }> {
  const domain = await ownedDomain(db, accountId, domainId);
  if (domain.status === 'transfer') throw new AppError(409, `${domain.domain} is still transferring in`);
  const [records, [stored]] = await Promise.all([
    db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domainId)),
    db.select({ serial: dnsZones.serial }).from(dnsZones).where(eq(dnsZones.domainId, domainId)),
  ]);
  const soa = soaFor(deps.config, stored?.serial ?? 1);
  const text = writeZoneFile(
    domain.domain,
    soa,
    deps.config.DEFAULT_NAMESERVERS,
    records.map(toSnapshot),
    `zone file exported from the DNS records you manage`,
  );
  return { filename: `${domain.domain}.zone`, text };
}

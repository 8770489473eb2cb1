/**
 * DNS records (spec §3, §7 Add / Update / Delete DNS): each change checked against the format rules
 * (api/contract/dns/dns.ts) and against the records already at the name, under a lock on the domain so two changes at
 * once cannot both pass the CNAME rule; each recorded in the zone's history (zone-changes.ts), then the zone is
 * published (syncZone) and the website type follows.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { type DnsRecordCreate, type DnsRecordUpdate, findRecordConflict, validateDnsRecord } from '../../contract/dns/dns.ts';
import type { DnsRecord } from '../../contract/domains/domain.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { dnsRecords } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ownedDomain } from './ownership.ts';
import { changeZoneRecords, type RecordRow, type ZoneEditor } from './zone-changes.ts';

export { ownedDomain } from './ownership.ts';

export const maxRecordsPerDomain = 500;

function recordView(row: RecordRow): DnsRecord {
  return { ...row, createDate: row.createDate.toISOString() };
}

function invalid(errors: Partial<Record<string, string>>): AppError {
  const message = Object.values(errors).find(Boolean) ?? 'Please check the record';
  return new AppError(400, message, { errors });
}

function refuseClash(clash: ReturnType<typeof findRecordConflict>): void {
  if (clash) throw new AppError(clash.message === 'This record already exists' ? 409 : 400, clash.message, { errors: { [clash.field]: clash.message } });
}

export async function listDnsRecords(db: Db, accountId: number, domainId: number): Promise<ListResult<DnsRecord>> {
  await ownedDomain(db, accountId, domainId);
  const rows = await db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domainId)).orderBy(asc(dnsRecords.dnsRecordId));
  return { total: rows.length, limit: rows.length, skip: 0, data: rows.map(recordView) };
}

export async function createDnsRecord(deps: Deps, accountId: number, input: DnsRecordCreate, editor: ZoneEditor): Promise<DnsRecord> {
  const { result } = await changeZoneRecords(deps, { accountId, domainId: input.domainId }, editor, async (tx, domain, existing) => {
    const checked = validateDnsRecord(input, domain.domain);
    if ('errors' in checked) throw invalid(checked.errors);
    if (existing.length >= maxRecordsPerDomain) throw new AppError(400, `A domain can have at most ${maxRecordsPerDomain} DNS records`);
    refuseClash(findRecordConflict(checked.record, existing));
    const [created] = await tx
      .insert(dnsRecords)
      .values({ domainId: domain.domainId, ...checked.record })
      .returning();
    return created;
  });
  return recordView(result);
}

/** The record's domain, for the history's lock; 404 when there is no such record. */
async function domainOfRecord(db: Db, dnsRecordId: number): Promise<number> {
  const [record] = await db.select({ domainId: dnsRecords.domainId }).from(dnsRecords).where(eq(dnsRecords.dnsRecordId, dnsRecordId)).limit(1);
  if (!record) throw new AppError(404, 'DNS record not found');
  return record.domainId;
}

function findRecord(rows: RecordRow[], dnsRecordId: number): RecordRow {
  const record = rows.find((row) => row.dnsRecordId === dnsRecordId);
  // Deleted by another change between the look-up and the lock.
  if (!record) throw new AppError(404, 'DNS record not found');
  return record;
}

export async function updateDnsRecord(deps: Deps, accountId: number, dnsRecordId: number, input: DnsRecordUpdate, editor: ZoneEditor): Promise<DnsRecord> {
  if (input.dnsRecordId !== undefined && input.dnsRecordId !== dnsRecordId) throw new AppError(400, 'dnsRecordId does not match the address');
  const domainId = await domainOfRecord(deps.db, dnsRecordId);
  const { result } = await changeZoneRecords(deps, { accountId, domainId }, editor, async (tx, domain, rows) => {
    const record = findRecord(rows, dnsRecordId);
    const merged = {
      type: record.type,
      host: input.host !== undefined ? input.host : record.host,
      data: input.data !== undefined ? input.data : record.data,
      priority: input.priority !== undefined ? input.priority : record.priority,
      weight: input.weight !== undefined ? input.weight : record.weight,
      port: input.port !== undefined ? input.port : record.port,
      ttl: input.ttl ?? record.ttl,
    };
    const checked = validateDnsRecord(merged, domain.domain);
    if ('errors' in checked) throw invalid(checked.errors);
    refuseClash(
      findRecordConflict(
        checked.record,
        rows.filter((r) => r.dnsRecordId !== dnsRecordId),
      ),
    );
    const [updated] = await tx.update(dnsRecords).set(checked.record).where(eq(dnsRecords.dnsRecordId, dnsRecordId)).returning();
    return updated;
  });
  return recordView(result);
}

export async function deleteDnsRecord(deps: Deps, accountId: number, dnsRecordId: number, editor: ZoneEditor): Promise<{ dnsRecordId: number }> {
  const domainId = await domainOfRecord(deps.db, dnsRecordId);
  await changeZoneRecords(deps, { accountId, domainId }, editor, async (tx, domain, rows) => {
    findRecord(rows, dnsRecordId);
    await tx.delete(dnsRecords).where(and(eq(dnsRecords.dnsRecordId, dnsRecordId), eq(dnsRecords.domainId, domain.domainId)));
  });
  return { dnsRecordId };
}

/** Deletes several records of one domain at once, as one change in its history (source "bulk"). */
export async function deleteDnsRecords(
  deps: Deps,
  accountId: number,
  domainId: number,
  dnsRecordIds: number[],
  editor: ZoneEditor,
): Promise<{ deleted: number }> {
  const { result } = await changeZoneRecords(deps, { accountId, domainId }, { ...editor, source: 'bulk' }, async (tx, domain, rows) => {
    const unknown = dnsRecordIds.filter((id) => !rows.some((row) => row.dnsRecordId === id));
    if (unknown.length) throw new AppError(404, `No DNS record ${unknown.join(', ')} on ${domain.domain}`);
    const gone = await tx
      .delete(dnsRecords)
      .where(and(eq(dnsRecords.domainId, domain.domainId), inArray(dnsRecords.dnsRecordId, dnsRecordIds)))
      .returning({ dnsRecordId: dnsRecords.dnsRecordId });
    return gone.length;
  });
  return { deleted: result };
}

/** How many records a domain has (for tests and the record limit). */
export async function countDnsRecords(db: Db, domainId: number): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(dnsRecords).where(eq(dnsRecords.domainId, domainId));
  return total;
}

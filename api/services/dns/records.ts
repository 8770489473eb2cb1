/**
 * DNS records (spec §3, §7 Add / Update / Delete DNS): each change checked against the format rules
 * (api/contract/dns/dns.ts) and against the records already at the name, under a lock on the domain so two changes at
 * once cannot both pass the CNAME rule; then the zone is published (syncZone) and the website type follows.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { type DnsRecordCreate, type DnsRecordUpdate, findRecordConflict, validateDnsRecord } from '../../contract/dns/dns.ts';
import type { DnsRecord } from '../../contract/domains/domain.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { dnsRecords, domains } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { syncZone } from './zone.ts';
import type { DomainRow } from '../domains/domains.ts';
import type { DbOrTx } from '../checkout/order-delivery.ts';

type RecordRow = typeof dnsRecords.$inferSelect;

export const maxRecordsPerDomain = 500;

function recordView(row: RecordRow): DnsRecord {
  return { ...row, createDate: row.createDate.toISOString() };
}

/** The caller's domain, locked for the change when inside a transaction; 404 when there is none, 403 when not theirs. */
export async function ownedDomain(db: DbOrTx, accountId: number, domainId: number, options: { lock?: boolean } = {}): Promise<DomainRow> {
  const query = db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
  const [domain] = options.lock ? await query.for('update') : await query;
  if (!domain || domain.status === 'deleted') throw new AppError(404, 'Domain not found');
  if (domain.accountId !== accountId) throw new AppError(403, 'You do not have access to this domain');
  return domain;
}

function refuseUnmanageable(domain: DomainRow): void {
  if (domain.status === 'transfer') throw new AppError(409, `DNS records of ${domain.domain} can be changed once its transfer completes`);
}

function invalid(errors: Partial<Record<string, string>>): AppError {
  const message = Object.values(errors).find(Boolean) ?? 'Please check the record';
  return new AppError(400, message, { errors });
}

export async function listDnsRecords(db: Db, accountId: number, domainId: number): Promise<ListResult<DnsRecord>> {
  await ownedDomain(db, accountId, domainId);
  const rows = await db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domainId)).orderBy(asc(dnsRecords.dnsRecordId));
  return { total: rows.length, limit: rows.length, skip: 0, data: rows.map(recordView) };
}

export async function createDnsRecord(deps: Deps, accountId: number, input: DnsRecordCreate): Promise<DnsRecord> {
  const row = await deps.db.transaction(async (tx) => {
    const domain = await ownedDomain(tx, accountId, input.domainId, { lock: true });
    refuseUnmanageable(domain);
    const checked = validateDnsRecord(input, domain.domain);
    if ('errors' in checked) throw invalid(checked.errors);
    const existing = await tx.select().from(dnsRecords).where(eq(dnsRecords.domainId, domain.domainId));
    if (existing.length >= maxRecordsPerDomain) throw new AppError(400, `A domain can have at most ${maxRecordsPerDomain} DNS records`);
    const clash = findRecordConflict(checked.record, existing);
    if (clash) throw new AppError(clash.message === 'This record already exists' ? 409 : 400, clash.message, { errors: { [clash.field]: clash.message } });
    const [created] = await tx
      .insert(dnsRecords)
      .values({ domainId: domain.domainId, ...checked.record })
      .returning();
    return created;
  });
  await syncZone(deps, row.domainId);
  return recordView(row);
}

async function ownedRecord(db: DbOrTx, accountId: number, dnsRecordId: number): Promise<{ record: RecordRow; domain: DomainRow }> {
  const [record] = await db.select().from(dnsRecords).where(eq(dnsRecords.dnsRecordId, dnsRecordId)).limit(1);
  if (!record) throw new AppError(404, 'DNS record not found');
  const domain = await ownedDomain(db, accountId, record.domainId, { lock: true });
  return { record, domain };
}

export async function updateDnsRecord(deps: Deps, accountId: number, dnsRecordId: number, input: DnsRecordUpdate): Promise<DnsRecord> {
  if (input.dnsRecordId !== undefined && input.dnsRecordId !== dnsRecordId) throw new AppError(400, 'dnsRecordId does not match the address');
  const row = await deps.db.transaction(async (tx) => {
    const { record, domain } = await ownedRecord(tx, accountId, dnsRecordId);
    refuseUnmanageable(domain);
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
    const others = (await tx.select().from(dnsRecords).where(eq(dnsRecords.domainId, domain.domainId))).filter((r) => r.dnsRecordId !== dnsRecordId);
    const clash = findRecordConflict(checked.record, others);
    if (clash) throw new AppError(clash.message === 'This record already exists' ? 409 : 400, clash.message, { errors: { [clash.field]: clash.message } });
    const [updated] = await tx.update(dnsRecords).set(checked.record).where(eq(dnsRecords.dnsRecordId, dnsRecordId)).returning();
    return updated;
  });
  await syncZone(deps, row.domainId);
  return recordView(row);
}

export async function deleteDnsRecord(deps: Deps, accountId: number, dnsRecordId: number): Promise<{ dnsRecordId: number }> {
  const domainId = await deps.db.transaction(async (tx) => {
    const { record, domain } = await ownedRecord(tx, accountId, dnsRecordId);
    refuseUnmanageable(domain);
    await tx.delete(dnsRecords).where(and(eq(dnsRecords.dnsRecordId, dnsRecordId), eq(dnsRecords.domainId, domain.domainId)));
    return record.domainId;
  });
  await syncZone(deps, domainId);
  return { dnsRecordId };
}

/** How many records a domain has (for tests and the record limit). */
export async function countDnsRecords(db: Db, domainId: number): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(dnsRecords).where(eq(dnsRecords.domainId, domainId));
  return total;
}

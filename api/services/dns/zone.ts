/**
 * The zone a domain publishes, built from its row, its DNS records, its active custom nameservers and its services
 * (control-panel spec §4), and kept in step: `syncZone` runs after every change to a domain (the website type
 * auto-sync, the SOA serial, publishing to the DNS provider). The built-in server reads zones through
 * services/dns/served-zones.ts, which builds them with the functions here.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { hasCustomNameservers, isProviderNameservers, isWebsiteRecord } from '../../contract/dns/dns.ts';
import { dnsRecords, dnsZones, domains, registeredNameservers } from '../../db/schema/index.ts';
import type { DnsRecordRow as RecordRow, DomainRow, RegisteredNameserverRow } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Soa, Zone, ZoneRecord } from '../../providers/dns/index.ts';

type GlueRow = Pick<RegisteredNameserverRow, 'hostname' | 'ipAddress' | 'status'>;

const nsTtl = 3600;
const serviceTtl = 300;
/** Statuses whose zones we never serve: gone, or not ours yet. */
export const unservedStatuses = ['deleted', 'transfer'] as const;

/**
 * Whether we answer for the domain: it is ours, delegated to our nameservers (spec: "a zone on custom nameservers is
 * not served by us") and not suspended (services/domains/suspensions.ts: a suspended name gets no answers).
 */
export function isServedByUs(domain: Pick<DomainRow, 'status' | 'ns' | 'suspendedAt'>, config: Pick<Config, 'DEFAULT_NAMESERVERS'>): boolean {
  return (
    !(unservedStatuses as readonly string[]).includes(domain.status) &&
    domain.suspendedAt === null &&
    isProviderNameservers(domain.ns, config.DEFAULT_NAMESERVERS)
  );
}

export function soaFor(config: Pick<Config, 'DEFAULT_NAMESERVERS'>, serial: number): Soa {
  const mname = config.DEFAULT_NAMESERVERS[0].toLowerCase().replace(/\.$/, '');
  const parent = mname.includes('.') ? mname.slice(mname.indexOf('.') + 1) : mname;
  return { mname, rname: `hostmaster.${parent}`, serial, refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300, ttl: 3600 };
}

/**
 * Everything the zone answers besides its SOA: our nameservers at the apex, the customer's records, the web server's
 * address at the root and www while the domain is parked, forwarded or on the builder, MX and SPF naming our mail
 * host while email is on (unless the customer set their own), and the addresses of active custom nameservers (glue).
 */
export function zoneRecords(
  config: Pick<Config, 'DEFAULT_NAMESERVERS' | 'WEB_IPV4' | 'WEB_IPV6' | 'MAIL_HOST'>,
  domain: Pick<DomainRow, 'domain' | 'websiteType' | 'emailEnabled'>,
  records: readonly Pick<RecordRow, 'type' | 'host' | 'data' | 'priority' | 'weight' | 'port' | 'ttl'>[],
  glue: readonly GlueRow[],
): ZoneRecord[] {
  const apex = domain.domain.toLowerCase();
  const fq = (host: string) => (host === '@' ? apex : `${host}.${apex}`);
  const out: ZoneRecord[] = config.DEFAULT_NAMESERVERS.map((ns) => ({
    name: apex,
    type: 'NS' as const,
    ttl: nsTtl,
    data: ns.toLowerCase().replace(/\.$/, ''),
  }));
  for (const r of records) {
    out.push({
      name: fq(r.host),
      type: r.type,
      ttl: r.ttl,
      data: r.data,
      ...(r.priority === null ? {} : { priority: r.priority }),
      ...(r.weight === null ? {} : { weight: r.weight }),
      ...(r.port === null ? {} : { port: r.port }),
    });
  }
  const hasAt = (host: string, types: readonly string[]) => records.some((r) => r.host === host && types.includes(r.type));
  if (domain.websiteType !== 'custom') {
    for (const host of ['@', 'www']) {
      if (hasAt(host, ['A', 'AAAA', 'ALIAS', 'CNAME'])) continue;
      out.push({ name: fq(host), type: 'A', ttl: serviceTtl, data: config.WEB_IPV4 });
      if (config.WEB_IPV6) out.push({ name: fq(host), type: 'AAAA', ttl: serviceTtl, data: config.WEB_IPV6.toLowerCase() });
    }
  }
  if (domain.emailEnabled) {
    const mailHost = config.MAIL_HOST.toLowerCase().replace(/\.$/, '');
    if (!hasAt('@', ['MX'])) out.push({ name: apex, type: 'MX', ttl: serviceTtl, data: mailHost, priority: 10 });
    if (!records.some((r) => r.host === '@' && r.type === 'TXT' && /^v=spf1\b/i.test(r.data))) {
      out.push({ name: apex, type: 'TXT', ttl: serviceTtl, data: 'v=spf1 mx ~all' });
    }
  }
  for (const ns of glue) {
    if (ns.status !== 'active') continue;
    const name = ns.hostname.toLowerCase();
    const type = ns.ipAddress.includes(':') ? 'AAAA' : 'A';
    if (records.some((r) => fq(r.host) === name && (r.type === type || r.type === 'CNAME'))) continue;
    out.push({ name, type, ttl: nsTtl, data: ns.ipAddress.toLowerCase() });
  }
  return out;
}

export function contentHash(records: readonly ZoneRecord[], soa: Soa): string {
  const lines = records.map((r) => JSON.stringify([r.name, r.type, r.ttl, r.data, r.priority ?? null, r.weight ?? null, r.port ?? null])).sort();
  return createHash('sha256')
    .update(JSON.stringify({ ...soa, serial: 0 }))
    .update(lines.join('\n'))
    .digest('hex');
}

/** The serial a zone first gets, or jumps to after a quiet spell: today as YYYYMMDD00 (RFC 1912 §2.2), UTC. */
export function dateSerial(): number {
  return Number(now().toISOString().slice(0, 10).replace(/-/g, '')) * 100;
}

/**
 * The website type a domain has once the auto-sync below has run. The built-in server builds zones with it too, so a
 * change committed before its auto-sync (records first, type after) is never served half-way.
 */
export function settledWebsiteType(
  config: Pick<Config, 'DEFAULT_NAMESERVERS'>,
  domain: Pick<DomainRow, 'ns' | 'websiteType'>,
  records: readonly Pick<RecordRow, 'type' | 'host'>[],
): DomainRow['websiteType'] {
  const isCustom = hasCustomNameservers(domain.ns, config.DEFAULT_NAMESERVERS) || records.some(isWebsiteRecord);
  return isCustom ? 'custom' : domain.websiteType === 'custom' ? 'park' : domain.websiteType;
}

/**
 * Spec §4 "Website type auto-sync": custom when custom nameservers or root/www A, AAAA, ALIAS, CNAME or NS records
 * exist; back to park when none remain and the type is custom. Conditional on the type read, so a concurrent change
 * of the website type is not overwritten.
 */
async function syncWebsiteType(
  db: Db,
  config: Config,
  domain: DomainRow,
  records: readonly Pick<RecordRow, 'type' | 'host'>[],
): Promise<DomainRow['websiteType']> {
  const wanted = settledWebsiteType(config, domain, records);
  if (wanted === domain.websiteType) return wanted;
  await db
    .update(domains)
    .set({ websiteType: wanted })
    .where(and(eq(domains.domainId, domain.domainId), eq(domains.websiteType, domain.websiteType)));
  return wanted;
}

/**
 * Records the zone's content in dns_zones and returns its serial: the first serial is today's, and each change of
 * content (not a sync that leaves it alone) moves it up by one, or to today's if that is higher.
 */
export async function recordZoneContent(
  db: Db,
  config: Pick<Config, 'DEFAULT_NAMESERVERS'>,
  domainId: number,
  content: readonly ZoneRecord[],
): Promise<number> {
  const hash = contentHash(content, soaFor(config, 0));
  const at = now();
  const [row] = await db
    .insert(dnsZones)
    .values({ domainId, serial: dateSerial(), contentHash: hash, modifyDate: at })
    .onConflictDoUpdate({
      target: dnsZones.domainId,
      set: {
        serial: sql`case when ${dnsZones.contentHash} = excluded.content_hash then ${dnsZones.serial} else greatest(${dnsZones.serial} + 1, excluded.serial) end`,
        contentHash: sql`excluded.content_hash`,
        modifyDate: sql`case when ${dnsZones.contentHash} = excluded.content_hash then ${dnsZones.modifyDate} else excluded.modify_date end`,
      },
    })
    .returning();
  return row.serial;
}

/** The queue of the dns-publish job (api/jobs/dns-publish.ts), one job per zone name at a time. */
export const zonePublishQueue = 'dns-publish';

/** Asks a worker to publish the zone as the database has it when the job runs (api/services/dns/publish.ts). */
export async function queueZonePublish(deps: Pick<Deps, 'jobs'>, name: string): Promise<void> {
  await deps.jobs.send(zonePublishQueue, { zone: name }, { singletonKey: name });
}

/** Hands the zone to the DNS provider: at once for the built-in server, through the queue for PowerDNS. */
async function publish(deps: Pick<Deps, 'providers' | 'jobs'>, name: string, zone: Zone | null): Promise<void> {
  if (deps.providers.dns.publishesThroughQueue) await queueZonePublish(deps, name);
  else await deps.providers.dns.publishZone(name, zone);
}

/**
 * Brings a domain's zone in line with its state, after any change to it (domain update, DNS records, nameservers,
 * custom nameservers): website type, SOA serial (bumped only when the content changed), and the DNS provider.
 */
export async function syncZone(deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>, domainId: number): Promise<void> {
  const { db, config } = deps;
  const [domain] = await db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
  if (!domain) return;
  const records = await db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domainId));
  const websiteType = await syncWebsiteType(db, config, domain, records);
  const name = domain.domain.toLowerCase();
  if (!isServedByUs(domain, config)) {
    // A departed row shares its name with the row of whoever registered it since: publishing by name would
    // withdraw their zone, so the name's live row decides.
    const liveRow = (unservedStatuses as readonly string[]).includes(domain.status) ? await liveRowNamed(db, domain.domain, domainId) : undefined;
    if (liveRow) return syncZone(deps, liveRow.domainId);
    await publish(deps, name, null);
    return;
  }
  const glue = await db.select().from(registeredNameservers).where(eq(registeredNameservers.domainId, domainId));
  const content = zoneRecords(config, { ...domain, websiteType }, records, glue);
  const serial = await recordZoneContent(db, config, domainId, content);
  await publish(deps, name, { name, soa: soaFor(config, serial), records: content });
}

async function liveRowNamed(db: Db, name: string, otherThan: number): Promise<{ domainId: number } | undefined> {
  const [row] = await db
    .select({ domainId: domains.domainId })
    .from(domains)
    .where(and(eq(domains.domain, name), notInArray(domains.status, [...unservedStatuses]), ne(domains.domainId, otherThan)))
    .orderBy(desc(domains.domainId))
    .limit(1);
  return row;
}

/**
 * Every zone once, at start-up of a process that runs jobs: seeded domains, and changes made while DNS was down.
 * `signal` stops it between zones, so shutdown waits for one zone, not all of them, before the database closes.
 */
export async function syncAllZones(deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>, signal?: AbortSignal): Promise<number> {
  const rows = await deps.db
    .select({ domainId: domains.domainId })
    .from(domains)
    .where(notInArray(domains.status, [...unservedStatuses]));
  let synced = 0;
  for (const { domainId } of rows) {
    if (signal?.aborted) break;
    await syncZone(deps, domainId);
    synced += 1;
  }
  return synced;
}

/**
 * The zones among `names` that we serve, read as they are now (the built-in server's source). A zone whose content
 * changed without a syncZone yet (a change made elsewhere) is served with the serial it will get, so a secondary
 * never sees new content under an old serial.
 */
export async function loadServedZones(db: Db, config: Config, names: string[]): Promise<Map<string, Zone | null>> {
  const found = new Map<string, Zone | null>(names.map((name) => [name, null]));
  if (names.length === 0) return found;
  const rows = (
    await db
      .select()
      .from(domains)
      .where(and(inArray(domains.domain, names), notInArray(domains.status, [...unservedStatuses])))
  ).filter((row) => isServedByUs(row, config));
  if (rows.length === 0) return found;
  const ids = rows.map((row) => row.domainId);
  const [records, glue, zones] = await Promise.all([
    db.select().from(dnsRecords).where(inArray(dnsRecords.domainId, ids)),
    db
      .select()
      .from(registeredNameservers)
      .where(and(inArray(registeredNameservers.domainId, ids), eq(registeredNameservers.status, 'active'))),
    db.select().from(dnsZones).where(inArray(dnsZones.domainId, ids)),
  ]);
  for (const row of rows) {
    const content = zoneRecords(
      config,
      row,
      records.filter((r) => r.domainId === row.domainId),
      glue.filter((g) => g.domainId === row.domainId),
    );
    const stored = zones.find((z) => z.domainId === row.domainId);
    const hash = contentHash(content, soaFor(config, 0));
    const serial = !stored ? dateSerial() : stored.contentHash === hash ? stored.serial : Math.max(stored.serial + 1, dateSerial());
    const name = row.domain.toLowerCase();
    found.set(name, { name, soa: soaFor(config, serial), records: content });
  }
  return found;
}

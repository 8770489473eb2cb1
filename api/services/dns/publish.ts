/**
 * Publishing zones to PowerDNS so that it never stays stale, whatever runs at once and whatever PowerDNS is doing.
 * A change only queues a publish (syncZone → dns-publish job); the job, one per zone at a time, builds the zone from
 * the database when it runs and makes PowerDNS serve exactly that, with a serial above the one PowerDNS has. The
 * dns-reconcile job compares every zone's serial (each minute) and content (each zone once an hour) with the
 * database, and queues a publish for every zone that differs, is missing, or is held but no longer served by us.
 */
import { createHash } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { dnsRecords, dnsZones, domains, registeredNameservers } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Zone } from '../../providers/dns/index.ts';
import { isPowerDns, isSameZone, ourAccount } from '../../providers/dns/powerdns.ts';
import { isServedByUs, queueZonePublish, recordZoneContent, soaFor, unservedStatuses, zoneRecords } from './zone.ts';

export type PublishOutcome = 'created' | 'updated' | 'unchanged' | 'deleted' | 'absent' | 'not-powerdns';

/** The content of every zone is compared once an hour: in the minute of the hour its name hashes to. */
const contentCheckSlices = 60;

function contentCheckSlice(name: string): number {
  return createHash('sha256').update(name).digest().readUInt32BE(0) % contentCheckSlices;
}

/** The zone as the database has it now, its content recorded in dns_zones; null when we do not serve the name. */
async function zoneFromDatabase(deps: Pick<Deps, 'db' | 'config'>, name: string): Promise<{ domainId: number; zone: Zone } | null> {
  const { db, config } = deps;
  const rows = await db
    .select()
    .from(domains)
    .where(and(eq(domains.domain, name), notInArray(domains.status, [...unservedStatuses])));
  // A name registered again after it left us has two rows; only one can be served, the newest.
  const domain = rows.filter((row) => isServedByUs(row, config)).sort((a, b) => b.domainId - a.domainId)[0];
  if (!domain) return null;
  const [records, glue] = await Promise.all([
    db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domain.domainId)),
    db.select().from(registeredNameservers).where(eq(registeredNameservers.domainId, domain.domainId)),
  ]);
  const content = zoneRecords(config, domain, records, glue);
  const serial = await recordZoneContent(db, config, domain.domainId, content);
  return { domainId: domain.domainId, zone: { name, soa: soaFor(config, serial), records: content } };
}

/** Moves the zone's serial up to at least `serial` (never down): PowerDNS, or its secondaries, hold a higher one. */
async function raiseZoneSerial(db: Db, domainId: number, serial: number): Promise<number> {
  const [row] = await db
    .update(dnsZones)
    .set({ serial: sql`greatest(${dnsZones.serial}, ${serial})`, modifyDate: now() })
    .where(eq(dnsZones.domainId, domainId))
    .returning({ serial: dnsZones.serial });
  return row.serial;
}

/**
 * The dns-publish job's work: PowerDNS made to serve the zone exactly as the database has it now, or to drop it when
 * we do not serve the name. One publisher per zone at a time: the stately queue runs one job per name, and a
 * transaction-scoped advisory lock keeps out a second one should a job outlive its expiry. The lock's transaction
 * only holds the lock: the zone is read and its serial recorded outside it, so a change saved meanwhile never waits
 * for PowerDNS.
 */
export async function publishZoneNow(deps: Pick<Deps, 'db' | 'config' | 'providers'>, name: string): Promise<PublishOutcome> {
  const dns = deps.providers.dns;
  if (!isPowerDns(dns)) return 'not-powerdns';
  return deps.db.transaction(async (tx) => {
    const [{ locked }] = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('dotspot:dns-publish'), hashtext(${name})) as locked`,
    );
    // Retried by the queue: the other publisher may have read the zone before the change that queued this job.
    if (!locked) throw new Error(`zone ${name} is being published by another worker`);
    const held = await dns.readZone(name);
    const wanted = await zoneFromDatabase(deps, name);
    if (!wanted) {
      if (!held) return 'absent';
      await dns.deleteZone(name);
      return 'deleted';
    }
    let { zone } = wanted;
    // New content always goes out under a serial PowerDNS has not served, so secondaries take it.
    if (held && (held.serial > zone.soa.serial || (held.serial === zone.soa.serial && !isSameZone(held, zone)))) {
      const serial = await raiseZoneSerial(deps.db, wanted.domainId, Math.max(held.serial, zone.soa.serial) + 1);
      zone = { ...zone, soa: { ...zone.soa, serial } };
    }
    if (held && held.account === ourAccount && isSameZone(held, zone)) return 'unchanged';
    await dns.writeZone(zone, held);
    return held ? 'updated' : 'created';
  });
}

export type ReconcileReport = { zones: number; held: number; queued: number } | { skipped: 'not-powerdns' };

/**
 * The dns-reconcile job's work, every minute: a publish is queued for every zone we serve that PowerDNS lacks or
 * holds under another serial (a change made while it was down, a zone made by checkout, a restored backup), for every
 * zone whose minute of the hour it is (its content compared by the publish), and for every zone marked as ours that
 * we no longer serve (deleted, transferred away, moved to other nameservers). PowerDNS down: the run fails and the
 * next one tries again, so a change shows within a minute of PowerDNS coming back.
 */
export async function reconcileDnsZones(
  deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>,
  options: { checkAllContent?: boolean } = {},
): Promise<ReconcileReport> {
  const dns = deps.providers.dns;
  if (!isPowerDns(dns)) return { skipped: 'not-powerdns' };
  const held = new Map((await dns.listZones()).map((zone) => [zone.name, zone]));
  const rows = await deps.db
    .select({
      domainId: domains.domainId,
      domain: domains.domain,
      status: domains.status,
      ns: domains.ns,
      suspendedAt: domains.suspendedAt,
      serial: dnsZones.serial,
    })
    .from(domains)
    .leftJoin(dnsZones, eq(dnsZones.domainId, domains.domainId))
    .where(notInArray(domains.status, [...unservedStatuses]));
  const served = new Map<string, number | null>();
  for (const row of rows) if (isServedByUs(row, deps.config)) served.set(row.domain.toLowerCase(), row.serial);
  const slice = now().getUTCMinutes() % contentCheckSlices;
  const due = new Set<string>();
  for (const [name, serial] of served) {
    const zone = held.get(name);
    if (!zone || serial === null || zone.serial !== serial || options.checkAllContent || contentCheckSlice(name) === slice) due.add(name);
  }
  for (const zone of held.values()) if (zone.account === ourAccount && !served.has(zone.name)) due.add(zone.name);
  for (const name of due) await queueZonePublish(deps, name);
  return { zones: served.size, held: held.size, queued: due.size };
}

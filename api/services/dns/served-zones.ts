/**
 * The built-in DNS server's zones, kept in memory and in step with the database: every served zone loaded in batches
 * before the server listens, then each domain whose zone may have changed reloaded when PostgreSQL announces it (the
 * triggers of migration 0021 NOTIFY `dns_zone_changed` with the domain ids after every change to a domain's DNS rows,
 * whatever made it). Every DNS process LISTENs, so all of them converge within a moment of the commit.
 */
import { and, asc, eq, gt, gte, inArray, lte, notInArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dnsRecords, dnsZones, domains, registeredNameservers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { BuiltinDns } from '../../providers/dns/builtin.ts';
import type { Zone } from '../../providers/dns/index.ts';
import { contentHash, dateSerial, isServedByUs, settledWebsiteType, soaFor, unservedStatuses, zoneRecords } from './zone.ts';

/** The channel the triggers notify: a comma-separated list of domain ids, or `*` after a change to very many. */
export const zoneChangeChannel = 'dns_zone_changed';

const batchSize = 10_000;
const retryMs = 1000;

const domainColumns = {
  domainId: domains.domainId,
  domain: domains.domain,
  status: domains.status,
  ns: domains.ns,
  websiteType: domains.websiteType,
  emailEnabled: domains.emailEnabled,
  suspendedAt: domains.suspendedAt,
};
type DomainColumns = {
  domainId: number;
  domain: string;
  status: (typeof domains.status.enumValues)[number];
  ns: string[];
  websiteType: (typeof domains.websiteType.enumValues)[number];
  emailEnabled: boolean;
  suspendedAt: Date | null;
};

const recordColumns = {
  domainId: dnsRecords.domainId,
  type: dnsRecords.type,
  host: dnsRecords.host,
  data: dnsRecords.data,
  priority: dnsRecords.priority,
  weight: dnsRecords.weight,
  port: dnsRecords.port,
  ttl: dnsRecords.ttl,
};

const glueColumns = {
  domainId: registeredNameservers.domainId,
  hostname: registeredNameservers.hostname,
  ipAddress: registeredNameservers.ipAddress,
  status: registeredNameservers.status,
};

function groupBy<T extends { domainId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(row.domainId);
    if (list) list.push(row);
    else groups.set(row.domainId, [row]);
  }
  return groups;
}

type Where = { ids: number[] } | { from: number; to: number };

/**
 * Builds the zones of `rows` as they are now. A zone whose content changed without its serial being bumped yet (the
 * change's syncZone has not run) is served with the serial it will get, so a secondary never sees new content under
 * an old serial.
 */
async function buildZones(db: Db, config: Config, rows: DomainColumns[], where: Where): Promise<Map<number, Zone | null>> {
  const built = new Map<number, Zone | null>();
  const served = rows.filter((row) => isServedByUs(row, config));
  for (const row of rows) built.set(row.domainId, null);
  if (served.length === 0) return built;
  const range = <C extends typeof dnsRecords.domainId | typeof registeredNameservers.domainId | typeof dnsZones.domainId>(column: C) =>
    'ids' in where ? inArray(column, where.ids) : and(gte(column, where.from), lte(column, where.to));
  const [records, glue, zones] = await Promise.all([
    db.select(recordColumns).from(dnsRecords).where(range(dnsRecords.domainId)),
    db
      .select(glueColumns)
      .from(registeredNameservers)
      .where(and(range(registeredNameservers.domainId), eq(registeredNameservers.status, 'active'))),
    db.select().from(dnsZones).where(range(dnsZones.domainId)),
  ]);
  const recordsOf = groupBy(records);
  const glueOf = groupBy(glue);
  const stored = new Map(zones.map((zone) => [zone.domainId, zone]));
  const today = dateSerial();
  const blankSoa = soaFor(config, 0);
  for (const row of served) {
    const records = recordsOf.get(row.domainId) ?? [];
    // Served as the auto-sync will leave it: a record change commits before the website type follows it.
    const settled = { ...row, websiteType: settledWebsiteType(config, row, records) };
    const content = zoneRecords(config, settled, records, glueOf.get(row.domainId) ?? []);
    const kept = stored.get(row.domainId);
    const serial = !kept ? today : kept.contentHash === contentHash(content, blankSoa) ? kept.serial : Math.max(kept.serial + 1, today);
    const name = row.domain.toLowerCase();
    built.set(row.domainId, { name, soa: soaFor(config, serial), records: content });
  }
  return built;
}

/** The zones of these domains as they are now: null for a domain we do not serve (or that is gone). */
export async function loadZonesOfDomains(db: Db, config: Config, domainIds: number[]): Promise<Map<number, Zone | null>> {
  const rows = await db.select(domainColumns).from(domains).where(inArray(domains.domainId, domainIds));
  const zones = await buildZones(db, config, rows, { ids: domainIds });
  for (const id of domainIds) if (!zones.has(id)) zones.set(id, null);
  return zones;
}

/**
 * Every served zone, a batch of domains at a time (by id, so each batch reads its records with one range scan), with
 * when the batch's reading began. A consumer that stops early leaves at most one batch's read unawaited.
 */
export async function* loadAllServedZones(db: Db, config: Config): AsyncGenerator<{ readAt: number; zones: { domainId: number; zone: Zone }[] }> {
  const domainsAfter = (after: number) => {
    const readAt = performance.now();
    return db
      .select(domainColumns)
      .from(domains)
      .where(and(gt(domains.domainId, after), notInArray(domains.status, [...unservedStatuses])))
      .orderBy(asc(domains.domainId))
      .limit(batchSize)
      .then((rows) => ({ readAt, rows }));
  };
  let next = domainsAfter(0);
  for (;;) {
    const { readAt, rows } = await next;
    if (rows.length === 0) return;
    const from = rows[0].domainId;
    const to = rows[rows.length - 1].domainId;
    // The next batch's domains are read while this one's records are, and while it is built.
    next = domainsAfter(to);
    // Stopped before reaching it (shutdown): its failure then is nobody's to report.
    next.catch(() => {});
    const zones = await buildZones(db, config, rows, { from, to });
    yield { readAt, zones: [...zones].flatMap(([domainId, zone]) => (zone ? [{ domainId, zone }] : [])) };
  }
}

export type DnsServer = {
  port: number;
  dns: BuiltinDns;
  /** Zones loaded at start, how long that took, and the JavaScript heap in use after (the banner prints them). */
  loaded: { zones: number; ms: number; heapMb: number };
  /** Stops following changes, then stops answering (queries in flight still get their answer). */
  stop(): Promise<void>;
};

/**
 * Keeps `dns.zones` in step: LISTEN first (so nothing committed during the load is missed), load everything, then
 * reload the domains each notification names, a batch at a time in order. A full reload (after the listening
 * connection was lost, or a statement that changed very many domains) runs beside them: a batch it read before a
 * domain's own reload began does not overwrite that domain.
 */
function followZoneChanges(db: Db, config: Config, dns: BuiltinDns) {
  const pending = new Set<number>();
  /** While a full load runs: when each domain's own reload began reading. */
  const readSince = new Map<number, number>();
  let fullLoad: Promise<void> | null = null;
  let fullLoadAgain = false;
  let running: Promise<void> | null = null;
  let stopped = false;
  /** Notifications wait until the first full load is in. */
  let loadedOnce = false;
  let listening = false;
  let reloadAfterStart = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  async function loadEverything() {
    dns.zones.beginLoad();
    try {
      for await (const { readAt, zones } of loadAllServedZones(db, config)) {
        if (stopped) return;
        for (const { domainId, zone } of zones) if (!((readSince.get(domainId) ?? -1) > readAt)) dns.zones.set(zone.name, zone, domainId);
      }
      dns.zones.endLoad();
    } finally {
      readSince.clear();
    }
  }

  function reloadEverything() {
    if (fullLoad) {
      fullLoadAgain = true;
      return;
    }
    fullLoad = loadEverything()
      .catch((error) => {
        if (!stopped) {
          console.error(`DNS: loading every zone failed, trying again in ${retryMs / 1000} s:`, (error as Error).message);
          fullLoadAgain = true;
        }
      })
      .finally(() => {
        fullLoad = null;
        if (fullLoadAgain && !stopped) {
          fullLoadAgain = false;
          setTimeout(reloadEverything, 0);
        }
      });
  }

  async function work() {
    while (!stopped && pending.size > 0) {
      const ids = [...pending].slice(0, 1000);
      for (const id of ids) pending.delete(id);
      const readAt = performance.now();
      try {
        const zones = await loadZonesOfDomains(db, config, ids);
        for (const [domainId, zone] of zones) {
          dns.zones.setDomain(domainId, zone);
          if (fullLoad) readSince.set(domainId, readAt);
        }
      } catch (error) {
        for (const id of ids) pending.add(id);
        throw error;
      }
    }
  }

  function kick() {
    if (running || stopped || !loadedOnce) return;
    running = work()
      .catch((error) => {
        if (stopped) return;
        console.error(`DNS: reloading zones failed, trying again in ${retryMs / 1000} s:`, (error as Error).message);
        retryTimer = setTimeout(() => {
          retryTimer = null;
          kick();
        }, retryMs);
      })
      .finally(() => {
        running = null;
        if (!retryTimer && pending.size > 0) kick();
      });
  }

  function onNotify(payload: string) {
    // During the first load, named domains wait in `pending` and a `*` waits for the load to end.
    if (payload === '*') {
      if (loadedOnce) reloadEverything();
      else reloadAfterStart = true;
    } else for (const id of payload.split(',')) if (/^\d+$/.test(id)) pending.add(Number(id));
    kick();
  }

  return {
    async start() {
      const client = db.$client;
      const subscription = await client.listen(zoneChangeChannel, onNotify, () => {
        // Called again when postgres.js re-established the listening connection: what was sent meanwhile is lost.
        if (listening && loadedOnce) reloadEverything();
        listening = true;
      });
      try {
        await loadEverything();
      } catch (error) {
        await subscription.unlisten().catch(() => {});
        throw error;
      }
      loadedOnce = true;
      if (reloadAfterStart) reloadEverything();
      kick();
      return subscription;
    },
    async stop(subscription: { unlisten(): Promise<void> } | null) {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await subscription?.unlisten().catch(() => {});
      await Promise.allSettled([running, fullLoad]);
    },
  };
}

/**
 * Starts the built-in server when it is the DNS provider and DNS_PORT is not 0 (unset: a free port): loads every zone,
 * then listens. Null when another provider serves DNS or it is off.
 */
export async function startDnsServer(deps: Pick<Deps, 'db' | 'config' | 'providers'>, host = deps.config.HOST): Promise<DnsServer | null> {
  const dns = deps.providers.dns;
  if (dns.name !== 'builtin' || deps.config.DNS_PORT === 0) return null;
  const builtin = dns as BuiltinDns;
  const started = performance.now();
  const follower = followZoneChanges(deps.db, deps.config, builtin);
  const subscription = await follower.start();
  const ms = Math.round(performance.now() - started);
  // The load leaves its rows behind as garbage: collect it now, once, rather than carry it until the next cycle.
  if (typeof Bun !== 'undefined') Bun.gc(true);
  const loaded = { zones: builtin.zones.size, ms, heapMb: Math.round(process.memoryUsage().heapUsed / 1e6) };
  let port: number;
  try {
    ({ port } = await builtin.listen({ port: deps.config.DNS_PORT ?? 0, host }));
  } catch (error) {
    await follower.stop(subscription);
    throw error;
  }
  return {
    port,
    dns: builtin,
    loaded,
    async stop() {
      await follower.stop(subscription);
      await builtin.close?.();
    },
  };
}

/**
 * PowerDNS publishing benchmark, against a real PowerDNS Authoritative (Debian's pdns-server, SQLite backend) and the
 * real job queue with one worker (the dns-publish job's 4 at a time): how fast a fresh PowerDNS is filled from the
 * database (BENCH_PDNS_ZONES zones, default 1,000, six records each), how long a reconcile run takes when everything
 * is in step, how long a customer's change takes to be answered by PowerDNS (from the change saved to the first DNS
 * answer carrying it), and how long a full content check of every zone takes. Seeding is untimed.
 * Run alone: `bun tests/bench/powerdns.ts`; needs `apt-get install pdns-server pdns-backend-sqlite3`.
 */
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../api/config.ts';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { accounts, dnsRecords, domains } from '../../api/db/schema/index.ts';
import type { Deps } from '../../api/deps.ts';
import { jobKinds } from '../../api/jobs/kinds.ts';
import { createJobQueue } from '../../api/jobs/queue.ts';
import { isPowerDns } from '../../api/providers/dns/powerdns.ts';
import { createProviders } from '../../api/providers/index.ts';
import { createCheckoutLeases } from '../../api/services/checkout/checkout-leases.ts';
import { updateDnsRecord } from '../../api/services/dns/records.ts';
import { reconcileDnsZones } from '../../api/services/dns/publish.ts';
import { startPowerDns } from '../fixtures/powerdns.ts';

export type PowerDnsBenchResult = {
  zones: number;
  fillSeconds: number;
  zonesPerSecond: number;
  reconcileMs: number;
  changeP50Ms: number;
  changeMaxMs: number;
  fullCheckSeconds: number;
};

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await Bun.sleep(20);
  }
}

export async function benchPowerDns(options: { zones?: number; changes?: number } = {}): Promise<PowerDnsBenchResult> {
  const total = options.zones ?? 1000;
  const changes = options.changes ?? 20;
  const pdns = await startPowerDns();
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-pdns-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  const url = server.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 20 });
  const jobs = createJobQueue({ url, role: 'worker', kinds: jobKinds });
  await jobs.start();
  try {
    const config = loadConfig({ NODE_ENV: 'production', PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey });
    const providers = createProviders(config, db, { botCheck: 'bench-secret' });
    const dns = providers.dns;
    if (!isPowerDns(dns)) throw new Error('PDNS_API_URL did not choose PowerDNS');
    const deps: Deps = { db, config, providers, jobs, checkoutLeases: createCheckoutLeases(db), secrets: { adminJwt: 'bench-secret' } };
    const [{ accountId }] = await db.insert(accounts).values({}).returning({ accountId: accounts.accountId });
    const expireDate = new Date(Date.now() + 300 * 86_400_000);
    const names = Array.from({ length: total }, (_, i) => `qwzxv-pdns-bench-${i}.com`);
    for (let start = 0; start < total; start += 500) {
      const made = await db
        .insert(domains)
        .values(names.slice(start, start + 500).map((domain) => ({ accountId, domain, expireDate, ns: config.DEFAULT_NAMESERVERS })))
        .returning({ domainId: domains.domainId });
      await db.insert(dnsRecords).values(
        made.flatMap(({ domainId }) => [
          { domainId, type: 'A' as const, host: 'app', data: '192.0.2.10', ttl: 300 },
          { domainId, type: 'A' as const, host: 'api', data: '192.0.2.11', ttl: 300 },
          { domainId, type: 'AAAA' as const, host: 'app', data: '2001:db8::10', ttl: 300 },
          { domainId, type: 'MX' as const, host: '@', data: 'mx.example.net', priority: 10, ttl: 300 },
          { domainId, type: 'TXT' as const, host: '@', data: 'v=spf1 include:example.net ~all', ttl: 300 },
          { domainId, type: 'CNAME' as const, host: 'docs', data: 'pages.example.net', ttl: 300 },
        ]),
      );
    }
    const pending = async () => {
      const [{ count }] = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from pgboss.job where name = 'dns-publish' and state in ('created', 'retry', 'active')`,
      );
      return count;
    };
    await jobs.startWorkers(deps);

    // A fresh PowerDNS filled from the database: the reconcile finds every zone missing and queues it.
    let started = performance.now();
    await reconcileDnsZones(deps);
    await waitFor('filling PowerDNS', async () => (await pending()) === 0 && (await dns.listZones()).length === total);
    const fillSeconds = (performance.now() - started) / 1000;

    // Everything in step: one run compares every serial (and queues this minute's slice for a content check).
    started = performance.now();
    await reconcileDnsZones(deps);
    const reconcileMs = performance.now() - started;
    await waitFor('the slice check', async () => (await pending()) === 0);

    // A customer's change, from saved to answered by PowerDNS.
    // A fresh resolver per question: one kept would answer from its own cache.
    const addressOf = (name: string) => {
      const resolver = new Resolver({ timeout: 1000, tries: 1 });
      resolver.setServers([pdns.dnsAddress]);
      return resolver.resolve4(name).catch(() => []);
    };
    const latencies: number[] = [];
    const records = await db.execute<{ id: number; domain: string }>(
      sql`select r.dns_record_id as id, d.domain from dns_records r join domains d using (domain_id) where r.host = 'api' order by r.dns_record_id limit ${changes}`,
    );
    for (const [i, record] of records.entries()) {
      const address = `198.51.100.${i + 1}`;
      await updateDnsRecord(deps, accountId, record.id, { data: address }, { source: 'api', actor: 'PowerDNS bench' });
      const saved = performance.now();
      await waitFor('a change to be answered', async () => (await addressOf(`api.${record.domain}`))[0] === address, 30_000);
      latencies.push(performance.now() - saved);
    }
    latencies.sort((a, b) => a - b);

    // Every zone's content compared (what the hourly slices add up to), nothing to change.
    started = performance.now();
    await reconcileDnsZones(deps, { checkAllContent: true });
    await waitFor('the full content check', async () => (await pending()) === 0);
    const fullCheckSeconds = (performance.now() - started) / 1000;

    return {
      zones: total,
      fillSeconds: round(fillSeconds),
      zonesPerSecond: Math.round(total / fillSeconds),
      reconcileMs: Math.round(reconcileMs),
      changeP50Ms: Math.round(latencies[Math.floor(latencies.length / 2)]),
      changeMaxMs: Math.round(latencies.at(-1) ?? Number.NaN),
      fullCheckSeconds: round(fullCheckSeconds),
    };
  } finally {
    await jobs.stop();
    await db.$end();
    await server.stop();
    await pdns.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench`'s entry. */
export async function runPowerDnsBench(): Promise<PowerDnsBenchResult> {
  const result = await benchPowerDns({ zones: Number(process.env.BENCH_PDNS_ZONES ?? 1000) });
  console.log(
    `PowerDNS publishing: ${result.zones} zones published into an empty PowerDNS in ${result.fillSeconds} s (${result.zonesPerSecond}/s); a reconcile run over them in step: ${result.reconcileMs} ms; a change answered by PowerDNS ${result.changeP50Ms} ms after it was saved (median of 20, worst ${result.changeMaxMs} ms); every zone's content compared in ${result.fullCheckSeconds} s`,
  );
  return result;
}

if (import.meta.main) await runPowerDnsBench();

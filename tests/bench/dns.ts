/**
 * DNS benchmark. The built-in server runs as `npm start` runs it in production, in a process of its own (ROLE=dns)
 * on one database, and is measured:
 *   1. with dnsperf beside NSD serving the same zone (NSD is its secondary: it holds exactly what our AXFR gave it,
 *      `rrl-ratelimit: 0`), each pinned to CPU 1 with dnsperf on CPU 0: a fixed mix of 19 queries (84% NOERROR) and
 *      300,000 random names under the customer zone (targets: ≥ 0.5× and ≥ 0.3× NSD's queries a second);
 *   2. `/api/tlds` p99 from a ROLE=web process idle and during a dnsperf flood of the DNS process (target: within 1.5×),
 *      beside the same flood into a ROLE=all process, where DNS shares the web process;
 *   3. 100,000 zones: the DNS process's load time and memory, and how long a change takes to reach two DNS processes.
 * Needs `dnsperf` and `nsd` (apt-get install dnsperf nsd) for 1 and 2; without them it measures the built-in server
 * alone with UDP clients of its own. BENCH_DNS_SECONDS sets each run's length (default 5), BENCH_DNS_ZONES the zone
 * count of 3 (default 100000). Runs alone (`bun tests/bench/dns.ts`) or from `npm run bench`. The processes it starts
 * and its UDP clients are in dns-servers.ts, the zones it serves in dns-zones.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { freePort } from '../../api/free-port.ts';
import { hasNsd, startNsd } from '../fixtures/nsd.ts';
import { answers, loadDns, startProcess } from './dns-servers.ts';
import { mix, seedBenchZone, seedZones, zone } from './dns-zones.ts';

type Perf = { qps: number; avgMs: number; lost: number };

function dnsperf(host: string, port: number, file: string, seconds: number): Perf {
  const run = spawnSync('taskset', ['-c', '0', 'dnsperf', '-s', host, '-p', String(port), '-d', file, '-l', String(seconds)], { encoding: 'utf8' });
  const out = run.stdout + run.stderr;
  const qps = Number(/Queries per second:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const avg = Number(/Average Latency \(s\):\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const lost = Number(/Queries lost:\s+(\d+)/.exec(out)?.[1] ?? Number.NaN);
  if (Number.isNaN(qps)) throw new Error(`dnsperf failed:\n${out}`);
  return { qps, avgMs: avg * 1000, lost };
}

/** dnsperf in the background for `seconds` (a flood while something else is measured). */
function flood(port: number, file: string, seconds: number) {
  const proc = Bun.spawn(['taskset', '-c', '1', 'dnsperf', '-s', '127.0.0.1', '-p', String(port), '-d', file, '-l', String(seconds), '-q', '500'], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return {
    async done(): Promise<number> {
      const out = await new Response(proc.stdout).text();
      await proc.exited;
      return Number(/Queries per second:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    },
  };
}

/** Sequential GETs of /api/tlds for `seconds` (one client, as a person browsing): p50 and p99 in ms. */
async function tldsLatency(port: number, seconds: number): Promise<{ p50: number; p99: number; count: number }> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/tlds`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/tlds answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), count: times.length };
}

const round = (n: number) => Math.round(n).toLocaleString('en-US');
const perfLine = (name: string, r: Perf) => `  ${name.padEnd(34)} ${round(r.qps).padStart(8)} q/s  avg ${r.avgMs.toFixed(2)} ms  lost ${r.lost}`;

export async function runDnsBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_DNS_SECONDS ?? 5);
  const zoneCount = Number(process.env.BENCH_DNS_ZONES ?? 100_000);
  const haveTools = hasNsd() && spawnSync('dnsperf', ['-h']).error === undefined;
  /** BENCH_DNS_PARTS: `perf` (dnsperf beside NSD, and the flood), `zones` (100,000 zones); both by default. */
  const parts = (process.env.BENCH_DNS_PARTS ?? 'perf,zones').split(',');
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-dns-'));
  const database = await startEmbeddedPostgres(path.join(dir, 'postgres'), 'dotspot', { durable: false });
  const databaseUrl = database.url('dotspot');
  await migrateDatabase(databaseUrl);
  const db = createDb(databaseUrl, { max: 2 });
  const running: { stop(): Promise<void> }[] = [];
  try {
    await seedBenchZone(db);
    const nsdPort = await freePort();
    const dnsEnv = {
      ROLE: 'dns',
      DATABASE_URL: databaseUrl,
      DNS_PORT: String(await freePort()),
      DNS_RRL_RESPONSES_PER_SECOND: '0',
      DNS_SECONDARIES: `127.0.0.3:${nsdPort}`,
    };
    const dns = await startProcess(dnsEnv, '1', path.join(dir, 'dns'));
    running.push(dns);
    const dnsPort = dns.dnsPort as number;
    const idleRss = dns.rssMb();
    const dnsStartCpu = dns.cpuSeconds();

    const mixFile = path.join(dir, 'mix.txt');
    writeFileSync(mixFile, `${mix.join('\n')}\n`);
    const randomFile = path.join(dir, 'random.txt');
    writeFileSync(randomFile, `${Array.from({ length: 300_000 }, () => `${Math.random().toString(36).slice(2, 12)}.${zone} A`).join('\n')}\n`);

    if (!parts.includes('perf')) {
      // Only the zones part.
    } else if (!haveTools) {
      console.log('dnsperf or nsd is not installed (apt-get install dnsperf nsd): measuring the built-in server alone with 50 UDP clients.');
      console.log(`  built-in, A ${zone}: ${round((await loadDns(dnsPort, zone, { seconds })).qps)} q/s`);
    } else {
      const nsd = await startNsd({
        address: '127.0.0.3',
        port: nsdPort,
        zones: [zone],
        primary: { address: '127.0.0.1', port: dnsPort },
        rrlRatelimit: 0,
        cpus: '1',
      });
      running.push(nsd);
      for (let waited = 0; (await answers(nsd.port, zone, 'SOA', nsd.address)) !== 1; waited += 1) {
        if (waited > 200) throw new Error(`NSD did not load ${zone}:\n${nsd.log()}`);
        await Bun.sleep(50);
      }
      console.log(
        `dnsperf on CPU 0; the built-in server (ROLE=dns, its own process) and NSD 4.6 (rrl-ratelimit: 0, ${zone} by AXFR from us) each on CPU 1; ${seconds} s a run, best of 2:`,
      );
      for (const [label, file, target] of [
        ['fixed mix of 19 queries', mixFile, 0.5],
        ['300,000 random names under the zone', randomFile, 0.3],
      ] as const) {
        const ours: Perf[] = [];
        const theirs: Perf[] = [];
        for (let i = 0; i < 2; i += 1) {
          ours.push(dnsperf('127.0.0.1', dnsPort, file, seconds));
          theirs.push(dnsperf(nsd.address, nsd.port, file, seconds));
        }
        const best = (runs: Perf[]) => runs.reduce((a, b) => (b.qps > a.qps ? b : a));
        console.log(` ${label}:`);
        console.log(perfLine('built-in', best(ours)));
        console.log(perfLine('NSD', best(theirs)));
        console.log(`  ratio ${(best(ours).qps / best(theirs).qps).toFixed(2)} of NSD (target >= ${target})`);
      }

      // The site while DNS is flooded: a web process of its own (ROLE=web) beside the DNS process, then ROLE=all. This
      // process (the HTTP client) joins the web process on CPU 0; the flood comes from CPU 1.
      spawnSync('taskset', ['-apc', '0', String(process.pid)]);
      const web = await startProcess({ ROLE: 'web', DATABASE_URL: databaseUrl }, '0', path.join(dir, 'web'));
      running.push(web);
      // Idle before and after the flood; the flood is compared with the quieter of the two (the stricter ratio).
      const measure = async (port: number, floodPort: number) => {
        await tldsLatency(port, 1);
        const before = await tldsLatency(port, seconds);
        const flooding = flood(floodPort, randomFile, seconds + 1);
        const during = await tldsLatency(port, seconds);
        const qps = await flooding.done();
        const after = await tldsLatency(port, seconds);
        return { idle: before.p99 < after.p99 ? before : after, before, after, during, qps };
      };
      const separate = await measure(web.httpPort, dnsPort);
      await web.stop();
      const all = await startProcess(
        { ROLE: 'all', DATABASE_URL: databaseUrl, DNS_PORT: String(await freePort()), DNS_RRL_RESPONSES_PER_SECOND: '0' },
        '0',
        path.join(dir, 'all'),
      );
      running.push(all);
      const shared = await measure(all.httpPort, all.dnsPort as number);
      await all.stop();
      spawnSync('taskset', ['-apc', '0,1', String(process.pid)]);
      console.log(
        'GET /api/tlds, one client, p50/p99 idle (before, after) and during a dnsperf flood (web process and its client on CPU 0, the flood from CPU 1):',
      );
      const line = (name: string, m: typeof separate, target: string) =>
        `  ${name} idle ${m.before.p50.toFixed(1)}/${m.before.p99.toFixed(1)}, ${m.after.p50.toFixed(1)}/${m.after.p99.toFixed(1)} ms; flooded (${round(m.qps)} q/s) ${m.during.p50.toFixed(1)}/${m.during.p99.toFixed(1)} ms: p99 ${(m.during.p99 / m.idle.p99).toFixed(2)}x the quieter idle${target}`;
      console.log(line('ROLE=web, DNS in a ROLE=dns process (CPU 1):', separate, ' (target <= 1.5)'));
      console.log(line('ROLE=all, DNS in the web process:            ', shared, ''));
    }

    if (!parts.includes('zones')) return;
    // 100,000 zones: the running DNS process reloads them all (one statement: one `*` notification); a fresh one loads
    // them at start. Memory is the fresh process's RSS beside an idle DNS process serving one zone.
    const seedStart = performance.now();
    await seedZones(db, zoneCount);
    console.log(`${round(zoneCount)} zones (a quarter with 3 records of their own) inserted in ${round(performance.now() - seedStart)} ms`);
    const loaded = await startProcess({ ...dnsEnv, DNS_PORT: String(await freePort()), DNS_SECONDARIES: '' }, '1', path.join(dir, 'dns-big'));
    running.push(loaded);
    const banner = /(\d+) zones loaded in (\d+) ms \(heap (\d+) MB\)/.exec(loaded.output());
    // `taskset` exec()s bun, so the pid is the server's own.
    const startCpu = loaded.cpuSeconds();
    const idleHeap = /zones loaded in \d+ ms \(heap (\d+) MB\)/.exec(dns.output())?.[1];
    await Bun.sleep(2000);
    console.log(
      `  a fresh ROLE=dns process: ${banner?.[1]} zones loaded in ${banner?.[2]} ms (its whole start-up used ${startCpu.toFixed(1)} s of CPU; one serving 1 zone: ${dnsStartCpu.toFixed(1)} s); JavaScript heap ${banner?.[3]} MB, RSS ${loaded.rssMb()} MB (one serving 1 zone: heap ${idleHeap} MB, RSS ${idleRss} MB)`,
    );
    // The first DNS process reloads everything on the bulk insert's notification: wait until it serves the last zone.
    const reloadStart = performance.now();
    while ((await answers(dnsPort, `bulk${zoneCount}-zone.com`, 'SOA')) !== 1) await Bun.sleep(20);
    console.log(
      `  the running ROLE=dns process, told of the insert (one notification), served them all ${round(performance.now() - reloadStart)} ms after the insert finished`,
    );
    // A change, as the API makes it, timed from its commit to both processes answering it.
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const name = `converge${i}.bulk8-zone.com`;
      await db.execute(
        sql`insert into dns_records (domain_id, type, host, data, ttl) select domain_id, 'A', ${`converge${i}`}, '203.0.113.200', 300 from domains where domain = 'bulk8-zone.com'`,
      );
      const committed = performance.now();
      const seen = await Promise.all(
        [dnsPort, loaded.dnsPort as number].map(async (port) => {
          while ((await answers(port, name, 'A')) !== 1) {
            if (performance.now() - committed > 10_000) return Number.NaN;
          }
          return performance.now() - committed;
        }),
      );
      delays.push(Math.max(...seen));
    }
    delays.sort((a, b) => a - b);
    console.log(
      `  a record inserted with ${round(zoneCount)} zones served: both DNS processes answer it ${delays.map((d) => d.toFixed(0)).join(', ')} ms after the commit (target: within 1000)`,
    );
  } finally {
    for (const server of running.reverse()) await server.stop().catch(() => {});
    await db.$end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runDnsBench();

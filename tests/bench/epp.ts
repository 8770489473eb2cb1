/**
 * The sandbox EPP server under the product's EPP client: commands per second through one session and through
 * BENCH_EPP_SESSIONS sessions (default 8), and the latency (p50, p99) of a 20-name check with fees, as a search asks.
 * The registry answers at once (no simulated latency), so the figures are the EPP stack's own: TLS, framing, XML,
 * and one PostgreSQL query per check. Run alone: `bun tests/bench/epp.ts` (BENCH_EPP_COMMANDS, default 2,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { EppConnection } from '../../api/providers/registry/epp-connection.ts';
import { createEppRegistry } from '../../api/providers/registry/epp.ts';
import { defaultSandboxRegistries } from '../../api/providers/registry/sandbox-epp/registries.ts';
import { startSandboxEppServer } from '../../api/providers/registry/sandbox-epp/server.ts';

export type EppBenchResult = { oneSession: number; sessions: number; manySessions: number; checkP50Ms: number; checkP99Ms: number; batches: number };

const checkBody = (name: string) =>
  `<check><domain:check xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>${name}</domain:name></domain:check></check>`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchEpp(options: { commands?: number; sessions?: number; batches?: number } = {}): Promise<EppBenchResult> {
  const commands = options.commands ?? Number(process.env.BENCH_EPP_COMMANDS ?? 2000);
  const sessions = options.sessions ?? Number(process.env.BENCH_EPP_SESSIONS ?? 8);
  const batches = options.batches ?? 200;
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-epp-'));
  const postgres = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench', { durable: false });
  const url = postgres.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 20 });
  const server = await startSandboxEppServer({ port: 0, registries: defaultSandboxRegistries, certDir: dir, db });
  const connect = () => new EppConnection({ host: server.host, port: server.port, username: 'dotspot-cnic', password: 'sandbox-cnic-1', ca: server.ca });
  try {
    const one = connect();
    await one.greeting();
    let started = performance.now();
    for (let i = 0; i < commands; i++) await one.send(checkBody(`bench-one-${i}.xyz`));
    const oneSession = commands / ((performance.now() - started) / 1000);
    await one.close();

    const pool = Array.from({ length: sessions }, connect);
    await Promise.all(pool.map((conn) => conn.greeting()));
    const perSession = Math.ceil(commands / sessions);
    started = performance.now();
    await Promise.all(
      pool.map(async (conn, s) => {
        for (let i = 0; i < perSession; i++) await conn.send(checkBody(`bench-many-${s}-${i}.xyz`));
      }),
    );
    const manySessions = (perSession * sessions) / ((performance.now() - started) / 1000);
    await Promise.all(pool.map((conn) => conn.close()));

    const registry = createEppRegistry({
      host: server.host,
      port: server.port,
      username: 'dotspot-cnic',
      password: 'sandbox-cnic-1',
      ca: server.ca,
      registrarName: 'Dotspot, Inc.',
      connections: 2,
    });
    const latencies: number[] = [];
    await registry.check(['warm-up.xyz']);
    for (let b = 0; b < batches; b++) {
      const names = Array.from({ length: 20 }, (_, i) => `bench-batch-${b}-${i}.xyz`);
      const at = performance.now();
      await registry.check(names);
      latencies.push(performance.now() - at);
    }
    await registry.close();
    latencies.sort((a, b) => a - b);
    return { oneSession, sessions, manySessions, checkP50Ms: percentile(latencies, 50), checkP99Ms: percentile(latencies, 99), batches };
  } finally {
    await server.stop();
    await db.$end();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runEppBench(): Promise<void> {
  const result = await benchEpp();
  console.log(`EPP commands through one session:     ${result.oneSession.toFixed(0)}/s (domain check of one name)`);
  console.log(`EPP commands through ${result.sessions} sessions:      ${result.manySessions.toFixed(0)}/s`);
  console.log(`Check of 20 names with fees (${result.batches} batches): p50 ${result.checkP50Ms.toFixed(1)} ms, p99 ${result.checkP99Ms.toFixed(1)} ms`);
}

if (import.meta.main) await runEppBench();

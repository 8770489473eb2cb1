/**
 * Checkout after a crash (issue #27): a server process killed with SIGKILL in the middle of 20 concurrent commits,
 * another started on the same database, and the time from that restart until the last cut order is settled and every
 * retrying buyer has their answer (target: within a minute; the lease is 30 s). Run alone: `bun tests/bench/checkout-crash.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { type CrashDrillReport, runCheckoutCrashDrill } from '../fixtures/checkout-crash.ts';

export async function runCheckoutCrashBench(): Promise<CrashDrillReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-crash-pg-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  try {
    const url = server.url('bench');
    await migrateDatabase(url);
    const report = await runCheckoutCrashDrill({
      databaseUrl: url,
      buyers: Number(process.env.BENCH_CRASH_BUYERS ?? 20),
      log: (line) => console.log(`  ${line}`),
    });
    const broken = Object.entries(report.broken).filter(([, found]) => found.length > 0);
    console.log(
      [
        `checkout after a crash: ${report.buyers} buyers (${Object.entries(report.byKind)
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ')})`,
        `  at the kill: ${report.atKill.answered} answered, ${report.atKill.pending} orders pending, ${report.atKill.authorized} authorized, ${report.atKill.deliveredLines} names delivered, ${report.atKill.registeredUnanswered} registered with the answer lost`,
        `  restart -> ready ${report.restartToReadyMs} ms, -> last cut order settled ${report.restartToSettledMs} ms, -> last retry answered ${report.restartToLastAnswerMs} ms (target < 60000 ms); kill -> last settled ${report.killToSettledMs} ms`,
        `  retries answered ${JSON.stringify(report.retryStatuses)}; ${report.final.completed} orders completed, ${report.final.failed} released, ${report.final.inProgress} in progress; ${report.final.registeredNames} names registered, ${report.final.capturedCents} cents captured`,
        broken.length
          ? `  BROKEN: ${JSON.stringify(Object.fromEntries(broken))}`
          : '  invariants held: nothing registered without capture or captured without registration, no double capture, no hold left, ledger = captures',
      ].join('\n'),
    );
    return report;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runCheckoutCrashBench();

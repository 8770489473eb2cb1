/**
 * What /api/ready reports: the database answers, it carries this build's migrations, the queue runs where it should,
 * and a DNS process (ROLE=dns) has loaded its zones and answers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { runsWorker, usesQueue } from '../../jobs/queue.ts';
import type { BuiltinDns } from '../../providers/dns/builtin.ts';

type Check = 'database' | 'migrations' | 'queue' | 'dns';
export type Readiness = { status: 'ok' | 'unavailable'; checks: Partial<Record<Check, string>>; missing: Check[] };

const databaseTimeoutMs = 2000;

/** The newest migration this build ships (drizzle's journal): its tag and the `when` drizzle records as created_at. */
function latestShippedMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.reduce((a, b) => (b.when > a.when ? b : a));
}

async function latestAppliedMigration(deps: Deps): Promise<number | null> {
  const [table] = await deps.db.execute<{ found: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table.found) return null;
  const [row] = await deps.db.execute<{ latest: string | null }>(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`);
  return row.latest === null ? null : Number(row.latest);
}

async function checkDatabase(deps: Deps, expected: { tag: string; when: number }): Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${databaseTimeoutMs} ms`)), databaseTimeoutMs);
  });
  try {
    const latest = await Promise.race([latestAppliedMigration(deps), timeout]);
    // A newer migration than ours is fine: an older process keeps serving during a rolling deploy.
    const migrations = latest !== null && latest >= expected.when ? 'ok' : `${expected.tag} is not applied`;
    return { database: 'ok', migrations };
  } catch (error) {
    const cause = ((error as Error).cause as Error | undefined) ?? (error as Error);
    return { database: `unreachable: ${cause.message}`, migrations: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

function checkQueue(deps: Deps): string {
  const { started, working, role } = deps.jobs.status();
  if (!started) return 'not started';
  if (runsWorker(role) && !working) return `workers not running (ROLE=${role})`;
  return 'ok';
}

/** ROLE=dns: ready once its zones are loaded and it listens (it loads before it listens). */
function checkDns(deps: Deps): string {
  const dns = deps.providers.dns as Partial<BuiltinDns>;
  return dns.listening ? 'ok' : 'loading zones';
}

export async function checkReadiness(deps: Deps): Promise<Readiness> {
  const { role } = deps.jobs.status();
  const checks: Readiness['checks'] = { ...(await checkDatabase(deps, latestShippedMigration())) };
  if (usesQueue(role)) checks.queue = checkQueue(deps);
  if (role === 'dns') checks.dns = checkDns(deps);
  const missing = (Object.keys(checks) as Check[]).filter((check) => checks[check] !== 'ok');
  return { status: missing.length === 0 ? 'ok' : 'unavailable', checks, missing };
}

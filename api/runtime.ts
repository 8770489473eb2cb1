/** Brings the whole product up: config, database (embedded or DATABASE_URL), migrations, seed, providers. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, findUnsafeProviderMix, loadConfig } from './config.ts';
import { createDb, type Db, type EmbeddedServer, migrateDatabase, startEmbeddedPostgres, UnreachableBinariesError } from './db/client.ts';
import type { Deps } from './http/env.ts';
import { closeProviders, createProviders } from './providers/index.ts';
import { reconcileUnknownOrders } from './services/reconcile-orders.ts';
import { type DemoCredentials, demoCredentials, seedDemoAccount } from './services/seed.ts';

export class StartupError extends Error {}

/** A secret kept in DATA_DIR so restarts keep issued bot-check challenges valid. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.secret`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function explainDatabaseError(error: unknown, url: string): StartupError {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code;
  const where = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}`;
    } catch {
      return 'the configured address';
    }
  })();
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'nothing is listening there',
    ENOTFOUND: 'the host name does not resolve',
    ETIMEDOUT: 'the connection timed out',
    CONNECT_TIMEOUT: 'the connection timed out',
    '28P01': 'the password was rejected',
    '3D000': 'the database does not exist',
  };
  const reason = (code && reasons[code]) || (cause as Error).message;
  return new StartupError(`Cannot reach the database at ${where}: ${reason}. Check DATABASE_URL, or unset it to use the embedded PostgreSQL.`);
}

export type Runtime = {
  config: Config;
  deps: Deps;
  databaseUrl: string;
  embedded: EmbeddedServer | null;
  /** The demo login, in sandbox mode only. */
  demo: DemoCredentials | null;
  seeded: boolean;
  stop(): Promise<void>;
};

export async function startRuntime(env: Record<string, string | undefined> = process.env): Promise<Runtime> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  const unsafeMix = findUnsafeProviderMix(config);
  if (unsafeMix) throw new StartupError(unsafeMix);
  const dataDir = path.resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  let embedded: EmbeddedServer | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), 'dotspot');
    } catch (error) {
      if (error instanceof UnreachableBinariesError) throw new StartupError(error.message);
      throw new StartupError(
        `Could not start the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}: ${(error as Error).message ?? error}. ` +
          'If another Dotspot is running with the same DATA_DIR, stop it first.',
      );
    }
    databaseUrl = embedded.url('dotspot');
  }
  try {
    await migrateDatabase(databaseUrl);
  } catch (error) {
    await embedded?.stop();
    throw explainDatabaseError(error, databaseUrl);
  }
  const db: Db = createDb(databaseUrl, { max: 20 });
  let providers: ReturnType<typeof createProviders>;
  try {
    providers = createProviders(config, db, { botCheck: config.BOT_CHECK_SECRET ?? persistentSecret(dataDir, 'bot-check') });
  } catch (error) {
    // A provider refusing its configuration (EPP with placeholder nameservers) is a start-up error, said in one line.
    await db.$end();
    await embedded?.stop();
    throw new StartupError((error as Error).message);
  }
  // A demo login with a known password has no place beside real customers.
  const demo = config.sandboxMode ? demoCredentials(dataDir, { password: config.DEMO_PASSWORD, totpSecret: config.DEMO_TOTP_SECRET }) : null;
  const seeded = demo ? await seedDemoAccount(db, demo, config.DEFAULT_NAMESERVERS) : false;
  // Orders whose registry answer never came (the process may have stopped before asking again): settled in the
  // background, so a slow registry does not hold up start-up.
  const reconciling = reconcileUnknownOrders({ db, providers }).catch((error) => console.error('reconciling unknown orders failed:', error));
  return {
    config,
    deps: { db, config, providers },
    databaseUrl,
    embedded,
    demo,
    seeded,
    async stop() {
      await reconciling;
      await closeProviders(providers);
      await db.$end();
      await embedded?.stop();
    },
  };
}

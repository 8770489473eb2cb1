/** Brings the whole product up: config, database (embedded or DATABASE_URL), migrations, job queue, shared secrets, seed, providers. */
import { type SandboxRegistryOverEpp, startSandboxRegistryOverEpp } from './providers/registry/sandbox-over-epp.ts';
import { loadCatalogue } from './services/search/catalogue.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from './config.ts';
import { findUnsafeProviderMix } from './provider-mix.ts';
import { watchRetailPrices } from './services/pricing/retail-watch.ts';
import { createDb, type Db, type EmbeddedServer, migrateDatabase, startEmbeddedPostgres, UnreachableBinariesError } from './db/client.ts';
import type { Deps } from './deps.ts';
import { jobKinds } from './jobs/kinds.ts';
import { createJobQueue, type JobRunner, runsWorker, usesQueue } from './jobs/queue.ts';
import { closeProviders, createProviders } from './providers/index.ts';
import { setRunningSandboxEpp } from './providers/registry/sandbox-epp/control.ts';
import { createCheckoutLeases } from './services/checkout/checkout-leases.ts';
import { reconcileUnknownOrders } from './services/checkout/reconcile-orders.ts';
import { type TakeoverWatch, watchLapsedLeases } from './services/checkout/takeover-watch.ts';
import { readSharedSecret } from './services/platform/secrets.ts';
import { type DemoCredentials, demoCredentials, seedDemoAccount } from './services/platform/seed.ts';
import { seedDemoBilling } from './services/billing/demo-billing.ts';
import { setSellerIdentity } from './services/billing/seller-identity.ts';
import { sealStaffTotpSecrets } from './services/staff/staff-totp-secrets.ts';

export class StartupError extends Error {}

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
  jobs: JobRunner<Deps>;
  /** The demo login, in sandbox mode only. */
  demo: DemoCredentials | null;
  seeded: boolean;
  /** The sandbox registry served over EPP (SANDBOX_REGISTRY_OVER_EPP), when this process serves it. */
  sandboxEpp: SandboxRegistryOverEpp | null;
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
  // Migrations and pg-boss (which installs and upgrades its own schema) run as the owner; the app as its own login.
  let ownerUrl = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
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
    databaseUrl = embedded.appUrl('dotspot');
    ownerUrl = embedded.url('dotspot');
  }
  try {
    await migrateDatabase(ownerUrl ?? databaseUrl);
  } catch (error) {
    await embedded?.stop();
    throw explainDatabaseError(error, ownerUrl ?? databaseUrl);
  }
  const db: Db = createDb(databaseUrl, { max: 20 });
  // Keys every process must agree on: configured, or one value in the database shared by all.
  const botCheck = config.BOT_CHECK_SECRET ?? (await readSharedSecret(db, 'bot-check'));
  const adminJwt = config.ADMIN_JWT_SECRET ?? (await readSharedSecret(db, 'admin-jwt'));
  let providers: ReturnType<typeof createProviders>;
  // One process serves the sandbox registry over EPP (ROLE=all; processes of a split fleet use it in-process). The
  // product reaches it through its registry connections when SANDBOX_REGISTRY_OVER_EPP is on; either way it serves
  // the same registry world, so what is bought is there for any EPP client.
  let sandboxEpp: SandboxRegistryOverEpp | null = null;
  try {
    if (config.sandboxMode && config.SANDBOX_EPP_PORT !== 0 && config.ROLE === 'all') {
      sandboxEpp = await startSandboxRegistryOverEpp(
        config,
        db,
        loadCatalogue().list.map((tld) => tld.tld),
        env,
        // Under Bun (npm start) the registry gets a process of its own, as a real one is elsewhere.
        process.versions.bun ? { databaseUrl } : null,
      );
      setRunningSandboxEpp(sandboxEpp.server);
    }
    providers = createProviders(config, db, { botCheck }, { registry: config.SANDBOX_REGISTRY_OVER_EPP ? sandboxEpp?.registry : undefined });
  } catch (error) {
    // A provider refusing its configuration (EPP with placeholder nameservers) is a start-up error, said in one line.
    await sandboxEpp?.stop();
    await db.$end();
    await embedded?.stop();
    throw new StartupError((error as Error).message);
  }
  const jobs = createJobQueue({ url: ownerUrl ?? databaseUrl, role: config.ROLE, kinds: jobKinds, scheduleCheckSeconds: config.JOB_SCHEDULE_CHECK_SECONDS });
  if (usesQueue(config.ROLE)) await jobs.start();
  const checkoutLeases = createCheckoutLeases(db);
  setSellerIdentity(config);
  const retailPrices = await watchRetailPrices(db);
  const deps: Deps = { db, config, providers, jobs, checkoutLeases, secrets: { adminJwt } };
  // Authenticator secrets stored before they were sealed: sealed now (each row once; any process may do it).
  await sealStaffTotpSecrets(deps);
  // A demo login with a known password has no place beside real customers.
  const demo = config.sandboxMode ? await demoCredentials(db, dataDir, { password: config.DEMO_PASSWORD, totpSecret: config.DEMO_TOTP_SECRET }) : null;
  const seeded = demo ? await seedDemoAccount(db, demo, config, providers.payments.name === 'sandbox' ? seedDemoBilling : undefined) : false;
  if (runsWorker(config.ROLE)) await jobs.startWorkers(deps);
  // Orders whose registry answer never came, and orders a process that died was checking out (their lease lapsed):
  // settled in the background, so a slow registry does not hold up start-up. Only where jobs run: there the
  // order-reconcile job does the same every few minutes and cut orders are looked for every few seconds, and a fleet
  // of web processes starting together need not all ask the registry (a buyer's retry takes its own order over).
  const reconciling = runsWorker(config.ROLE)
    ? reconcileUnknownOrders(deps).catch((error) => console.error('reconciling unknown orders failed:', error))
    : Promise.resolve();
  const takeovers: TakeoverWatch | null = runsWorker(config.ROLE) ? watchLapsedLeases(deps) : null;
  return {
    config,
    deps,
    databaseUrl,
    embedded,
    jobs,
    demo,
    seeded,
    sandboxEpp,
    async stop() {
      await reconciling;
      await takeovers?.stop();
      // Checkouts in flight finish first (their buyers' retries get the answer): they need the database and providers.
      await checkoutLeases.stop();
      // Jobs in flight finish first: they still need the database and the providers.
      await jobs.stop();
      await retailPrices.stop();
      await closeProviders(providers);
      // After the providers: their EPP sessions log out first.
      await sandboxEpp?.stop();
      await db.$end();
      await embedded?.stop();
    },
  };
}

/**
 * Nightly renewal run benchmark: 10,000 domains (1,000 accounts with a default card) fall due for auto-renew on the
 * same night; one run of the domain calendar claims, charges (sandbox payments), renews (sandbox registry), captures
 * with ledger rows, and queues their 7-day reminders. Target: under a minute. Seeding is untimed.
 * Run alone: `bun tests/bench/renewals.ts` (BENCH_RENEWALS changes the count).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { count, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../api/config.ts';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { accounts, domains, paymentMethods, registryDomains, renewalOrders, transactions, users } from '../../api/db/schema/index.ts';
import { jobKinds } from '../../api/jobs/kinds.ts';
import { createJobQueue } from '../../api/jobs/queue.ts';
import { createProviders } from '../../api/providers/index.ts';
import { createCheckoutLeases } from '../../api/services/checkout/checkout-leases.ts';
import { runDomainCalendar } from '../../api/services/renewals/domain-calendar.ts';

export type RenewalBenchResult = {
  domains: number;
  seconds: number;
  renewedPerSecond: number;
  renewed: number;
  captured: number;
  roundTripMs: number;
  cpuMsPerDomain: number;
};

export async function benchRenewals(options: { domains?: number; perAccount?: number } = {}): Promise<RenewalBenchResult> {
  const total = options.domains ?? 10_000;
  const perAccount = options.perAccount ?? 10;
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-renewals-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  const url = server.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 20 });
  const jobs = createJobQueue({ url, role: 'web', kinds: jobKinds });
  await jobs.start();
  try {
    const config = loadConfig({ NODE_ENV: 'production', SANDBOX_REGISTRY_LATENCY_MS: '0' });
    const providers = createProviders(config, db, { botCheck: 'bench-secret' });
    const deps = { db, config, providers, jobs, checkoutLeases: createCheckoutLeases(db), secrets: { adminJwt: 'bench-secret' } };
    const today = new Date();
    const expiry = addDays(today, 10);
    for (let start = 0; start < total; start += perAccount * 100) {
      const accountCount = Math.min(100, Math.ceil((total - start) / perAccount));
      const made = await db
        .insert(accounts)
        .values(Array.from({ length: accountCount }, () => ({})))
        .returning({ accountId: accounts.accountId });
      await db.insert(users).values(made.map(({ accountId }) => ({ accountId, email: `renewal-bench-${accountId}@example.org`, passwordHash: 'x' })));
      await db.insert(paymentMethods).values(
        made.map(({ accountId }) => ({
          accountId,
          provider: 'sandbox' as const,
          providerPaymentMethodId: 'pm_sandbox_bench_visa_4242',
          providerCustomerId: 'cus_sandbox_bench',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2040,
          isDefault: true,
        })),
      );
      const names = made
        .flatMap(({ accountId }, a) =>
          Array.from({ length: perAccount }, (_, d) => ({ accountId, domain: `qwzxv-renewal-bench-${start + a * perAccount + d}.com` })),
        )
        .slice(0, total - start);
      await db.insert(domains).values(names.map((n) => ({ ...n, createDate: addYears(expiry, -1), expireDate: expiry })));
      await db.insert(registryDomains).values(
        names.map((n) => ({
          domain: n.domain,
          registrarName: 'Dotspot, Inc.',
          ours: true,
          authCode: 'bench',
          createDate: addYears(expiry, -1),
          expireDate: expiry,
        })),
      );
    }
    // The machine's state at the time: one database round trip (a nightly renewal makes about 20 per domain).
    const probe = performance.now();
    for (let i = 0; i < 200; i++) await db.execute(sql`select 1`);
    const roundTripMs = Math.round(((performance.now() - probe) / 200) * 100) / 100;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const report = await runDomainCalendar(deps);
    const cpu = process.cpuUsage(cpuBefore);
    const seconds = (performance.now() - started) / 1000;
    const cpuMsPerDomain = Math.round(((cpu.user + cpu.system) / 1000 / total) * 100) / 100;
    const [{ captured }] = await db.select({ captured: count() }).from(transactions).where(eq(transactions.type, 'payment'));
    const [{ settled }] = await db.select({ settled: count() }).from(renewalOrders).where(eq(renewalOrders.status, 'settled'));
    if (settled !== total) throw new Error(`Only ${settled} of ${total} auto-renewals settled`);
    return {
      domains: total,
      seconds: Math.round(seconds * 10) / 10,
      renewedPerSecond: Math.round(report.autoRenewed / seconds),
      renewed: report.autoRenewed,
      captured,
      roundTripMs,
      cpuMsPerDomain,
    };
  } finally {
    await jobs.stop();
    await db.$end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench`'s entry: the nightly renewal run over 10,000 due domains. */
export async function runRenewalBench(): Promise<RenewalBenchResult> {
  const result = await benchRenewals({ domains: Number(process.env.BENCH_RENEWALS ?? 10_000) });
  console.log(
    `nightly renewal run: ${result.renewed} of ${result.domains} domains auto-renewed and charged (${result.captured} captures) in ${result.seconds} s, ${result.renewedPerSecond}/s (target: under 60 s; one database round trip took ${result.roundTripMs} ms before the run; this process used ${result.cpuMsPerDomain} ms of CPU per domain)`,
  );
  return result;
}

if (import.meta.main) await runRenewalBench();

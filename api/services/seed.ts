/** Seed data: on an empty database, a demo account whose domains cover every control-panel state. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, getYear, subDays } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { loadConfig } from '../config.ts';
import type { Contact } from '../contract/contact.ts';
import type { Db } from '../db/client.ts';
import {
  accounts,
  dnsRecords,
  domains,
  emails,
  mfas,
  paymentMethods,
  registryDomains,
  sandboxMailAddresses,
  sandboxMailDomains,
  transactions,
  users,
} from '../db/schema/index.ts';
import { newAuthCode } from '../providers/registry/sandbox-lifecycle.ts';
import { transferSettleDate } from '../providers/registry/sandbox-transfers.ts';
import { hashPassword } from './passwords.ts';
import { readSharedSecret } from './secrets.ts';
import { now } from '../clock.ts';

export const demoEmail = 'demo@example.com';

export type DemoCredentials = { email: string; password: string; totpSecret: string };

const fromNow = (days: number) => addDays(now(), days);

export const demoContact: Contact = {
  firstName: 'Dana',
  lastName: 'Demo',
  company: 'Bright Bean Coffee',
  address: '100 Market Street, Suite 5',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
  email: demoEmail,
  phone: '+14155550123',
};

/**
 * The demo login: from DEMO_PASSWORD / DEMO_TOTP_SECRET, else generated once and kept in the secrets table, so every
 * process sharing the database prints the login that works. Installs from before that table kept it in DATA_DIR;
 * the first start since takes it from there.
 */
export async function demoCredentials(db: Db, dataDir: string, env: { password?: string; totpSecret?: string }): Promise<DemoCredentials> {
  const file = path.join(dataDir, 'demo-credentials.json');
  const saved: Partial<DemoCredentials> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return {
    email: demoEmail,
    password: env.password ?? (await readSharedSecret(db, 'demo-password', () => saved.password ?? randomBytes(9).toString('base64url'))),
    totpSecret: env.totpSecret ?? (await readSharedSecret(db, 'demo-totp-secret', () => saved.totpSecret ?? new Secret({ size: 20 }).base32)),
  };
}

type SeedDomain = Partial<typeof domains.$inferInsert> & { domain: string; expireDate: Date; createDate: Date };

/** `nameservers`: the demo domains' delegation, the registry's DEFAULT_NAMESERVERS (by default the configured default). */
export async function seedDemoAccount(
  db: Db,
  credentials: DemoCredentials,
  nameservers: readonly string[] = loadConfig({}).DEFAULT_NAMESERVERS,
): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    // Several processes may start on one empty database at once: one seeds, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dotspot:seed-demo'))`);
    const [{ count: seededMeanwhile }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (seededMeanwhile > 0) return false;
    const [account] = await tx
      .insert(accounts)
      .values({
        isDemo: true,
        advancedEnabled: true,
        registrantContact: demoContact,
        whoisAdminContact: demoContact,
        whoisTechContact: demoContact,
        whoisBillingContact: demoContact,
        createDate: fromNow(-400),
      })
      .returning();
    const accountId = account.accountId;
    await tx.insert(users).values({ accountId, email: credentials.email, passwordHash });
    await tx.insert(mfas).values({ accountId, type: 'totp', data: credentials.totpSecret, status: 'active' });
    await tx.insert(paymentMethods).values({
      accountId,
      provider: 'sandbox',
      providerPaymentMethodId: 'pm_sandbox_demo_visa_4242',
      providerCustomerId: 'cus_sandbox_demo',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: getYear(now()) + 3,
      isDefault: true,
    });
    const seeds: SeedDomain[] = [
      {
        domain: 'brightbeancoffee.com',
        createDate: fromNow(-400),
        expireDate: fromNow(330),
        websiteType: 'builder',
        builderEnabled: true,
        builderUrl: 'https://builder.dotspot.example/sites/brightbeancoffee.com',
        emailEnabled: true,
        mrc: 899,
        protectionEnabled: true,
      },
      {
        domain: 'brightbeancoffee.net',
        createDate: fromNow(-400),
        expireDate: fromNow(330),
        websiteType: 'forward',
        forwardUrl: 'https://brightbeancoffee.com',
      },
      { domain: 'oldtownbikes.shop', createDate: fromNow(-362), expireDate: fromNow(3), autoRenewEnabled: false },
      { domain: 'lakesidephoto.studio', createDate: fromNow(-375), expireDate: fromNow(-10), status: 'expired', autoRenewEnabled: false },
      {
        domain: 'northwindlabs.io',
        createDate: fromNow(-2),
        expireDate: fromNow(200),
        status: 'transfer',
        inboundTransferStatus: 'pending',
      },
      {
        domain: 'quietharbor.org',
        createDate: fromNow(-800),
        expireDate: fromNow(120),
        websiteType: 'custom',
        forSale: true,
        listPrice: 250000,
        floorPrice: 150000,
        locked: false,
      },
    ];
    for (const seed of seeds) {
      const [row] = await tx
        .insert(domains)
        .values({ accountId, ns: [...nameservers], modifyDate: seed.createDate, authCode: newAuthCode(), ...seed })
        .returning();
      const transferring = seed.status === 'transfer';
      await tx
        .insert(registryDomains)
        .values({
          domain: seed.domain,
          registrarName: transferring ? 'GoHost Registrar Inc.' : 'Dotspot, Inc.',
          ours: !transferring,
          locked: transferring ? false : (seed.locked ?? true),
          authCode: row.authCode ?? newAuthCode(),
          nameservers: [...nameservers],
          statuses: transferring ? ['pendingTransfer'] : ['clientTransferProhibited'],
          createDate: seed.createDate,
          expireDate: seed.expireDate,
          // The demo's inbound transfer, requested when it was seeded "2 days ago", completes as sandbox transfers do.
          transferCompleteDate: transferring ? transferSettleDate(seed.domain, seed.createDate) : null,
        })
        .onConflictDoNothing();
      if (seed.domain === 'brightbeancoffee.com') {
        await tx.insert(emails).values([
          { domainId: row.domainId, address: `hello@${seed.domain}`, type: 'mailbox', size: 5.4, quota: 5 },
          { domainId: row.domainId, address: `dana@${seed.domain}`, type: 'mailbox', size: 1.2, quota: 5 },
          { domainId: row.domainId, address: `orders@${seed.domain}`, type: 'forward', destination: 'dana.demo@example.org' },
        ]);
        // Email service (#13): the sandbox mail host holds the same addresses, so usage and the SMTP receiver work.
        const gigabytes = (n: number) => Math.round(n * 1_000_000_000);
        await tx.insert(sandboxMailDomains).values({ domain: seed.domain, createDate: seed.createDate }).onConflictDoNothing();
        await tx
          .insert(sandboxMailAddresses)
          .values([
            { address: `hello@${seed.domain}`, domain: seed.domain, kind: 'mailbox', quotaBytes: gigabytes(5), usedBytes: gigabytes(5.4), createDate: seed.createDate },
            { address: `dana@${seed.domain}`, domain: seed.domain, kind: 'mailbox', quotaBytes: gigabytes(5), usedBytes: gigabytes(1.2), createDate: seed.createDate },
            { address: `orders@${seed.domain}`, domain: seed.domain, kind: 'forward', destination: 'dana.demo@example.org', createDate: seed.createDate },
          ])
          .onConflictDoNothing();
        await tx.insert(dnsRecords).values([
          { domainId: row.domainId, type: 'MX', host: '@', data: 'mx1.dotspot.example', priority: 10 },
          { domainId: row.domainId, type: 'TXT', host: '@', data: 'v=spf1 include:spf.dotspot.example ~all' },
        ]);
      }
      if (seed.domain === 'quietharbor.org') {
        await tx.insert(dnsRecords).values([
          { domainId: row.domainId, type: 'A', host: '@', data: '203.0.113.10' },
          { domainId: row.domainId, type: 'CNAME', host: 'www', data: 'quietharbor.org' },
        ]);
      }
    }
    const month = (monthsAgo: number) => subDays(now(), monthsAgo * 30);
    await tx.insert(transactions).values([
      { accountId, type: 'nrc', description: 'Registration: brightbeancoffee.com (1 year)', amount: 1028, startDate: month(13) },
      { accountId, type: 'nrc', description: 'Registration: brightbeancoffee.net (1 year)', amount: 1198, startDate: month(13) },
      { accountId, type: 'payment', description: 'Payment: Visa ending in 4242', amount: -2226, startDate: month(13) },
      ...[3, 2, 1].flatMap((m) => [
        { accountId, type: 'mrc' as const, description: "Spot's Suite: brightbeancoffee.com", amount: 899, startDate: month(m) },
        { accountId, type: 'payment' as const, description: 'Payment: Visa ending in 4242', amount: -899, startDate: month(m) },
      ]),
    ]);
    return true;
  });
}

export async function findDemoAccountId(db: Db): Promise<number | null> {
  const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.email, demoEmail));
  return row?.accountId ?? null;
}

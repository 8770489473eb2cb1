/** Seed data: on an empty database, a demo account whose domains cover every control-panel state. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { getYear } from 'date-fns/getYear';
import { eq, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { type Config, loadConfig } from '../../config.ts';
import type { Contact } from '../../contract/contact.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  registrantVerifications,
  accounts,
  dnsRecords,
  domains,
  emails,
  mfas,
  outboundTransfers,
  paymentMethods,
  promoCodes,
  registryDomains,
  sandboxMailAddresses,
  sandboxMailDomains,
  users,
  websites,
} from '../../db/schema/index.ts';
import { builderTrialDays } from '../../contract/websites/website.ts';
import { newAuthCode } from '../../providers/registry/sandbox-lifecycle.ts';
import { transferSettleDate } from '../../providers/registry/sandbox-transfers.ts';
import { catalogue } from '../search/catalogue.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { readSharedSecret } from './secrets.ts';
import { now } from '../../clock.ts';

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

/** Writes the demo's billing history in the seed's transaction (the billing area's; passed in from start-up). */
export type DemoBillingSeeder = (
  tx: DbOrTx,
  input: { accountId: number; paymentMethodId: number; domainIds: Map<string, number>; expireDates: Map<string, Date> },
) => Promise<void>;

type SeedDomain = Partial<typeof domains.$inferInsert> & { domain: string; expireDate: Date; createDate: Date };

/**
 * `place`: the demo domains' delegation (the registry's DEFAULT_NAMESERVERS) and the mail host their email records
 * name, as configured (by default the configuration's defaults).
 */
export async function seedDemoAccount(
  db: Db,
  credentials: DemoCredentials,
  place: Pick<Config, 'DEFAULT_NAMESERVERS' | 'MAIL_HOST'> = loadConfig({}),
  seedBilling?: DemoBillingSeeder,
): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(credentials.password);
  const nameservers = place.DEFAULT_NAMESERVERS;
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
    // The demo registrant verified its email long ago (WAPS): no banner, and no suspension 15 days into a sandbox.
    await tx.insert(registrantVerifications).values({
      accountId,
      email: demoContact.email,
      registrantName: `${demoContact.firstName} ${demoContact.lastName}, ${demoContact.company}`,
      trigger: 'registration',
      status: 'verified',
      tokenHash: randomBytes(32).toString('hex'),
      createDate: fromNow(-400),
      deadline: fromNow(-385),
      verifiedAt: fromNow(-399),
    });
    const [card] = await tx
      .insert(paymentMethods)
      .values({
        accountId,
        provider: 'sandbox',
        // Its own id each seeding, as Stripe's would be: a card detached once is never charged again.
        providerPaymentMethodId: `pm_sandbox_demo${randomBytes(6).toString('hex')}_visa_4242`,
        providerCustomerId: 'cus_sandbox_demo',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: getYear(now()) + 3,
        isDefault: true,
      })
      .returning({ paymentMethodId: paymentMethods.paymentMethodId });
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
        protectionPaidUntil: fromNow(330),
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
      // #13 website: a parked domain of its own for trying forwarding, parking and the builder.
      { domain: 'maplestreetbakery.com', createDate: fromNow(-200), expireDate: fromNow(165) },
    ];
    const domainIds = new Map<string, number>();
    for (const seed of seeds) {
      const [row] = await tx
        .insert(domains)
        .values({ accountId, ns: [...nameservers], modifyDate: seed.createDate, ...seed })
        .returning();
      domainIds.set(seed.domain, row.domainId);
      const transferring = seed.status === 'transfer';
      await tx
        .insert(registryDomains)
        .values({
          domain: seed.domain,
          registrarName: transferring ? 'GoHost Registrar Inc.' : 'Dotspot, Inc.',
          ours: !transferring,
          locked: transferring ? false : (seed.locked ?? true),
          authCode: newAuthCode(),
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
            {
              address: `hello@${seed.domain}`,
              domain: seed.domain,
              kind: 'mailbox',
              quotaBytes: gigabytes(5),
              usedBytes: gigabytes(5.4),
              createDate: seed.createDate,
            },
            {
              address: `dana@${seed.domain}`,
              domain: seed.domain,
              kind: 'mailbox',
              quotaBytes: gigabytes(5),
              usedBytes: gigabytes(1.2),
              createDate: seed.createDate,
            },
            { address: `orders@${seed.domain}`, domain: seed.domain, kind: 'forward', destination: 'dana.demo@example.org', createDate: seed.createDate },
          ])
          .onConflictDoNothing();
        await tx.insert(dnsRecords).values([
          // The records a domain with email gets by default, written out as a customer who set them would have.
          { domainId: row.domainId, type: 'MX', host: '@', data: place.MAIL_HOST.toLowerCase(), priority: 10 },
          { domainId: row.domainId, type: 'TXT', host: '@', data: 'v=spf1 mx ~all' },
        ]);
      }
      // #13 website: the demo's builder site, edited in the account app and served on its domain.
      if (seed.domain === 'brightbeancoffee.com') {
        await tx
          .update(domains)
          .set({ builderUrl: `/account/website/${row.domainId}` })
          .where(eq(domains.domainId, row.domainId));
        await tx.insert(websites).values({
          domainId: row.domainId,
          builderTrialStartDate: seed.createDate,
          builderTrialEndDate: addDays(seed.createDate, builderTrialDays),
          siteHeadline: 'Small-batch coffee, roasted on Market Street',
          siteText:
            'Bright Bean roasts fresh every morning in San Francisco.\n\nOpen daily 7am to 5pm. Beans to go, pour-overs and the best cardamom bun in town.',
          siteAccentColor: '#b5542a',
          siteBackgroundColor: '#fff8f0',
        });
      }
      if (seed.domain === 'quietharbor.org') {
        await tx.insert(dnsRecords).values([
          { domainId: row.domainId, type: 'A', host: '@', data: '203.0.113.10' },
          { domainId: row.domainId, type: 'CNAME', host: 'www', data: 'quietharbor.org' },
        ]);
      }
    }
    await seedTransferExamples(tx, accountId, nameservers);
    await seedBilling?.(tx, {
      accountId,
      paymentMethodId: card.paymentMethodId,
      domainIds,
      expireDates: new Map(seeds.map((seed) => [seed.domain, seed.expireDate])),
    });
    await tx.insert(promoCodes).values(demoPromoCodes()).onConflictDoNothing();
    return true;
  });
}

/**
 * Codes to try in the sandbox cart: WELCOME20 (20% off the first year, any extension, once per customer), DOTCOM5 ($5
 * off the first year of .com only), SPRING10 (ended last month).
 */
export function demoPromoCodes(): (typeof promoCodes.$inferInsert)[] {
  const today = now();
  const base = { createDate: today, modifyDate: today, startDate: fromNow(-60) };
  return [
    { ...base, code: 'WELCOME20', kind: 'percent', value: 20, tlds: [], years: 'first', maxPerCustomer: 1 },
    { ...base, code: 'DOTCOM5', kind: 'amount', value: 500, tlds: ['com'], years: 'first', maxPerCustomer: 1 },
    { ...base, code: 'SPRING10', kind: 'percent', value: 10, tlds: [], years: 'first', endDate: fromNow(-30) },
  ];
}

/**
 * Transfers (#12): a name another registrar asked for 1 day ago (waiting for approval; completes in 4 days unless
 * cancelled) and a transfer in whose auth code the losing registrar rejected (a new, strong code gets it going).
 */
async function seedTransferExamples(tx: Parameters<Parameters<Db['transaction']>[0]>[0], accountId: number, nameservers: readonly string[]) {
  const requested = fromNow(-1);
  const deadline = addDays(requested, 5);
  const [leaving] = await tx
    .insert(domains)
    .values({
      accountId,
      domain: 'sunsetyogastudio.com',
      ns: [...nameservers],
      createDate: fromNow(-900),
      modifyDate: requested,
      expireDate: fromNow(200),
      locked: false,
      authCodeExpireDate: fromNow(10),
      outboundTransferStatus: 'pending',
      outboundTransferApprovalDeadline: deadline,
    })
    .returning();
  await tx.insert(registryDomains).values({
    domain: leaving.domain,
    registrarName: 'Dotspot, Inc.',
    ours: true,
    locked: false,
    authCode: newAuthCode(),
    nameservers: [...nameservers],
    statuses: ['pendingTransfer'],
    createDate: leaving.createDate,
    expireDate: leaving.expireDate,
    gainingRegistrar: 'GoHost Registrar Inc.',
    transferCompleteDate: deadline,
  });
  await tx.insert(outboundTransfers).values({
    domainId: leaving.domainId,
    accountId,
    domain: leaving.domain,
    gainingRegistrar: 'GoHost Registrar Inc.',
    // No email went out for the seeded request; "Resend approval email" sends a working link.
    tokenHash: randomBytes(32).toString('hex'),
    requestDate: requested,
    deadline,
  });
  await tx.insert(domains).values({
    accountId,
    domain: 'badcode-maplebakery.com',
    ns: [...nameservers],
    status: 'transfer',
    inboundTransferStatus: 'auth-code-rejected',
    pendingCharge: catalogue().forDomain('badcode-maplebakery.com')?.transferPricing[0] ?? 1599,
    createDate: fromNow(-1),
    modifyDate: fromNow(-1),
    expireDate: fromNow(180),
  });
}

export async function findDemoAccountId(db: Db): Promise<number | null> {
  const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.email, demoEmail));
  return row?.accountId ?? null;
}

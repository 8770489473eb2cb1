/**
 * A domain's services leave with the domain, with the clock moved: after a transfer away or an expiry purge one job
 * removes its mail domain, mailboxes, forwards, glue hosts, DS records, website, forwarding, parking choice and For
 * Sale listing at the providers and in the database; retried when a provider fails, harmless when repeated. A name
 * registered again by another account starts clean, and the mail host refuses it while the old owner still holds it.
 */
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { subDays } from 'date-fns/subDays';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import {
  domains,
  emails,
  outbox,
  registeredNameservers,
  registryHosts,
  sandboxMailDomains,
  sandboxMailMessages,
  sessions,
  websites,
} from '../../../api/db/schema/index.ts';
import { domainCalendarJob } from '../../../api/jobs/domain-calendar.ts';
import { transferAwayJob } from '../../../api/jobs/transfer-away.ts';
import { type MailReceiver, startMailReceiver } from '../../../api/mail-receiver.ts';
import type { ZoneRecord } from '../../../api/providers/dns/index.ts';
import { MailHostError } from '../../../api/providers/mailhost/index.ts';
import { isSandboxMailHost } from '../../../api/providers/mailhost/sandbox.ts';
import { cleanUpDepartedDomain } from '../../../api/services/domains/departed-domains.ts';
import { runDomainCalendar } from '../../../api/services/renewals/domain-calendar.ts';
import { syncZone } from '../../../api/services/dns/zone.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';
import { startTestDns, type TestDns } from '../../fixtures/test-dns.ts';

const clock = new ManualClock(new Date(Date.UTC(2026, 5, 1, 9)));
let restoreClock: () => void;
let t: TestContext;
let dns: TestDns;
let receiver: MailReceiver;
/** The mail host's next removals fail (the mail server is down), as many as this says. */
let failingRemovals = 0;
/** What the DNS provider was last told for each name: the zone's records, or null (withdrawn). */
const published = new Map<string, ZoneRecord[] | null>();
const ourNameservers = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

beforeAll(async () => {
  restoreClock = useClock(clock);
  dns = await startTestDns();
  t = await createTestContext({
    env: { MAIL_DNS_RESOLVER: dns.address },
    providers: (defaults) => ({
      mailHost: {
        ...defaults.mailHost,
        async removeDomain(domain, owner) {
          if (failingRemovals > 0) {
            failingRemovals -= 1;
            throw new MailHostError('The mail server could not be reached: connect ECONNREFUSED');
          }
          await defaults.mailHost.removeDomain(domain, owner);
        },
      },
      dns: {
        ...defaults.dns,
        async publishZone(name, zone) {
          published.set(name, zone?.records ?? null);
          await defaults.dns.publishZone(name, zone);
        },
      },
    }),
  });
  const { mailHost } = t.deps.providers;
  if (!isSandboxMailHost(mailHost)) throw new Error('the tests run with the sandbox mail host');
  receiver = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
  await dns?.close();
  restoreClock();
});

let buyers = 0;
const nextBuyer = () => signedInBuyer(t, `cleanup-${++buyers}@example.org`);
const rowOf = async (domainId: number) => (await t.db.select().from(domains).where(eq(domains.domainId, domainId)))[0];

/** Mail to `to` from an outside sender: the receiver's answer code. */
async function mailTo(to: string, subject: string): Promise<number> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, ignoreTLS: true, name: 'client.example' });
  return transport.sendMail({ from: 'friend@outside.test', to, subject, text: 'Hello' }).then(
    () => 250,
    (error: { responseCode?: number }) => error.responseCode ?? 0,
  );
}

/** Everything a domain can carry here: email with a mailbox (holding a message) and a forward, glue, DS, a site, a listing. */
async function equip(client: TestClient, domainId: number, name: string) {
  expect((await client.patch(`/api/domains/${domainId}`, { emailEnabled: true })).status).toBe(200);
  expect((await client.post('/api/emails', { domainId, type: 'mailbox', address: 'inbox', password: 'sunny-day-42' })).status).toBe(201);
  expect((await client.post('/api/emails', { domainId, type: 'forward', address: 'sales', destination: 'old-owner@elsewhere.test' })).status).toBe(201);
  expect(await mailTo(`inbox@${name}`, 'For the old owner')).toBe(250);
  await t.deps.providers.registry.setHost(`ns1.${name}`, ['192.0.2.53']);
  await t.db.insert(registeredNameservers).values({ domainId, hostname: `ns1.${name}`, ipAddress: '192.0.2.53', status: 'active' });
  await t.db.insert(websites).values({ domainId, siteHeadline: 'The old owner’s shop', forwardKeepPath: true });
  await t.db
    .update(domains)
    .set({
      ns: ourNameservers,
      builderEnabled: true,
      websiteType: 'builder',
      builderUrl: `/account/website/${domainId}`,
      forwardUrl: 'https://old-owner.example/',
      parkType: 'blank',
      forSale: true,
      listPrice: 500_000,
      floorPrice: 100_000,
      dsRecords: [{ keyTag: 12345, algorithm: 13, digestType: 2, digest: 'A'.repeat(64) }],
    })
    .where(eq(domains.domainId, domainId));
}

/** What is left of the domain's services, in our rows and at the mail host. */
async function leftOf(domainId: number, name: string) {
  const row = await rowOf(domainId);
  return {
    row: {
      emailEnabled: row.emailEnabled,
      builderEnabled: row.builderEnabled,
      builderUrl: row.builderUrl,
      websiteType: row.websiteType,
      parkType: row.parkType,
      forwardUrl: row.forwardUrl,
      forSale: row.forSale,
      listPrice: row.listPrice,
      dsRecords: row.dsRecords,
      mrc: row.mrc,
    },
    liveAddresses: (
      await t.db
        .select()
        .from(emails)
        .where(and(eq(emails.domainId, domainId), eq(emails.status, 'active')))
    ).length,
    liveGlue: (await t.db.select().from(registeredNameservers).where(eq(registeredNameservers.domainId, domainId))).filter((g) => g.status !== 'deleted')
      .length,
    website: (await t.db.select().from(websites).where(eq(websites.domainId, domainId))).length,
    hostedMail: (await t.db.select().from(sandboxMailDomains).where(eq(sandboxMailDomains.domain, name))).map((d) => d.owner),
  };
}

const cleaned = {
  row: {
    emailEnabled: false,
    builderEnabled: false,
    builderUrl: null,
    websiteType: 'park',
    parkType: 'default',
    forwardUrl: null,
    forSale: false,
    listPrice: null,
    dsRecords: [],
    mrc: 0,
  },
  liveAddresses: 0,
  liveGlue: 0,
  website: 0,
};

describe('a domain transferred away', () => {
  it('stops receiving at once, loses every service in one job, and the next owner of the name starts clean', async () => {
    const name = 'qwzxv-leaving-bean.com';
    const a = await nextBuyer();
    await t.deps.providers.registry.register({ domain: name, years: 1, contact: demoContact, nameservers: [] });
    const [row] = await t.db
      .insert(domains)
      .values({ accountId: a.accountId, domain: name, expireDate: addDays(clock.now(), 300), createDate: clock.now() })
      .returning();
    await equip(a.client, row.domainId, name);

    // The other registrar asks with the code; unanswered, the transfer completes after 5 days.
    await t.db.update(sessions).set({ confirmedAt: clock.now() }).where(eq(sessions.accountId, a.accountId));
    const code = (await a.client.patch(`/api/domains/${row.domainId}`, { locked: false })).body.authCode;
    expect((await t.client().post('/api/dev/outboundTransfers', { domain: name, authCode: code, gainingRegistrar: 'GoHost Registrar Inc.' })).status).toBe(200);
    const scheduled = scheduledJobRunner(t.deps, [transferAwayJob]);
    clock.set(addMinutes(addDays(clock.now(), 5), 20));
    await scheduled.runDue();
    expect((await rowOf(row.domainId)).status).toBe('deleted');

    // Before the cleanup has run, the receiver already refuses the old addresses: nothing is relayed to the old owner.
    expect(await mailTo(`sales@${name}`, 'After it left')).toBe(550);
    expect(await mailTo(`inbox@${name}`, 'After it left')).toBe(550);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'old-owner@elsewhere.test'))).toEqual([]);

    // Another account gets the name; while the old owner's mail is still hosted, the mail host refuses it.
    const b = await nextBuyer();
    const [again] = await t.db
      .insert(domains)
      .values({ accountId: b.accountId, domain: name, expireDate: addDays(clock.now(), 365), createDate: clock.now(), ns: ourNameservers })
      .returning();
    const early = await b.client.patch(`/api/domains/${again.domainId}`, { emailEnabled: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Email for ${name} is still being removed from its previous owner. Please try again in a few minutes.`);

    expect((await t.runJobs())['domain-cleanup']).toBe(1);
    expect(await leftOf(row.domainId, name)).toEqual({ ...cleaned, hostedMail: [] });
    expect(
      await t.db
        .select()
        .from(sandboxMailMessages)
        .where(eq(sandboxMailMessages.address, `inbox@${name}`)),
    ).toEqual([]);
    // Its glue host now belongs with the name at the gaining registrar: left there.
    expect(
      await t.db
        .select()
        .from(registryHosts)
        .where(eq(registryHosts.host, `ns1.${name}`)),
    ).toHaveLength(1);
    // The zone was not withdrawn from under the name's new owner.
    expect(published.get(name)).not.toBeNull();

    // The new owner tries again a few minutes later and starts clean: email, the same mailbox address, its own
    // mail; the old forward relays nothing.
    clock.advance(5 * 60 * 1000);
    expect((await b.client.patch(`/api/domains/${again.domainId}`, { emailEnabled: true })).status).toBe(200);
    expect((await b.client.post('/api/emails', { domainId: again.domainId, type: 'mailbox', address: 'inbox', password: 'new-owner-77' })).status).toBe(201);
    expect(await mailTo(`inbox@${name}`, 'For the new owner')).toBe(250);
    expect(
      (
        await t.db
          .select()
          .from(sandboxMailMessages)
          .where(eq(sandboxMailMessages.address, `inbox@${name}`))
      ).map((m) => m.subject),
    ).toEqual(['For the new owner']);
    expect(await mailTo(`sales@${name}`, 'Old forward')).toBe(550);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'old-owner@elsewhere.test'))).toEqual([]);
    expect((await b.client.get(`/api/forSale/${name}`)).status).toBe(404);

    // A late repeat of the cleanup leaves the new owner's mail alone.
    await cleanUpDepartedDomain(t.deps, row.domainId);
    expect(await mailTo(`inbox@${name}`, 'Still the new owner’s')).toBe(250);
    // So does any later sync of the departed row: the name's live row decides what is published.
    published.delete(name);
    await syncZone(t.deps, row.domainId);
    expect(published.get(name)).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'NS' })]));
  });
});

describe('a domain deleted at the end of its expiry', () => {
  it('loses every service once the calendar deletes it, and its glue is deleted at the registry where the name is free', async () => {
    const start = clock.now();
    const name = 'qwzxv-lapsed-bean.com';
    const a = await nextBuyer();
    const row = await ownDomain(t, a.accountId, name, { expireDate: addDays(start, 1), autoRenewEnabled: false, createDate: start });
    await equip(a.client, row.domainId, name);

    const calendar = scheduledJobRunner(t.deps, [domainCalendarJob]);
    const seen = new Set<string>();
    for (let day = 2; day <= 70; day++) {
      clock.set(addDays(start, day));
      await calendar.runDue();
      seen.add((await rowOf(row.domainId)).status);
    }
    expect([...seen]).toEqual(['expired', 'redemption', 'pendingDelete', 'deleted']);
    expect(await mailTo(`sales@${name}`, 'After the purge')).toBe(550);

    expect((await t.runJobs())['domain-cleanup']).toBe(1);
    expect(await leftOf(row.domainId, name)).toEqual({ ...cleaned, hostedMail: [] });
    expect(
      await t.db
        .select()
        .from(registryHosts)
        .where(eq(registryHosts.host, `ns1.${name}`)),
    ).toEqual([]);
    expect(published.get(name)).toBeNull();
  }, 60_000);

  it('is retried until the mail server answers, and changes nothing when repeated', async () => {
    const name = 'qwzxv-retried-bean.com';
    const a = await nextBuyer();
    const row = await ownDomain(t, a.accountId, name, {
      expireDate: subDays(clock.now(), 80),
      autoRenewEnabled: false,
      status: 'pendingDelete',
      redemptionPeriodStartDate: subDays(clock.now(), 40),
    });
    await t.db.update(domains).set({ status: 'active' }).where(eq(domains.domainId, row.domainId));
    await equip(a.client, row.domainId, name);
    await t.db.update(domains).set({ status: 'pendingDelete' }).where(eq(domains.domainId, row.domainId));

    await runDomainCalendar(t.deps);
    expect((await rowOf(row.domainId)).status).toBe('deleted');
    failingRemovals = 2;
    expect((await t.runJobs({ skipBackoff: true }))['domain-cleanup']).toBe(3);
    expect(failingRemovals).toBe(0);
    const after = await leftOf(row.domainId, name);
    expect(after).toEqual({ ...cleaned, hostedMail: [] });

    expect(await cleanUpDepartedDomain(t.deps, row.domainId)).toMatchObject({ skipped: false, mailboxesAndForwards: 0, glueHosts: 0 });
    expect(await leftOf(row.domainId, name)).toEqual(after);
  });
});

/**
 * Registrant verification (WAPS) on a moving clock: the registrant email gets a link at registration, the formats are
 * checked (the email domain against a real DNS server), the account's domains are suspended on day 16 when nobody
 * clicked (our DNS stops answering, RDAP says client hold, My Domains says why), and clicking restores them at once.
 */
import { Resolver } from 'node:dns/promises';
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationStatusSchema } from '../../../api/contract/compliance/verification-schemas.ts';
import { ManualClock, now, useClock } from '../../../api/clock.ts';
import type { Contact } from '../../../api/contract/contact.ts';
import { accounts, domains, outbox, registryDomains } from '../../../api/db/schema/index.ts';
import { verificationDeadlineJob } from '../../../api/jobs/verification-deadline.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { settleInboundTransfer } from '../../../api/services/transfers/inbound-transfers.ts';
import { recordOutboundTransferNotice } from '../../../api/services/journal/held-transfer-refusal.ts';
import { queueRegistrantVerification } from '../../../api/services/compliance/verification/registrant-verification.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { startMailDns } from '../../fixtures/mail-dns.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(Date.UTC(2026, 2, 2, 10));
let restoreClock: () => void;
let t: TestContext;
let mailDns: Awaited<ReturnType<typeof startMailDns>>;
let dnsPort: number;
let dnsServer: DnsServer;
const ours = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

async function lookup(name: string): Promise<string> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${dnsPort}`]);
  try {
    return (await resolver.resolve4(name)).join(',');
  } catch (error) {
    return (error as { code: string }).code;
  }
}

async function lastMailTo(to: string, subject?: string) {
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), subject ? like(outbox.subject, `%${subject}%`) : undefined))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail ?? null;
}
const mailCount = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.to, to))).length;
const linkToken = (body: string) => decodeURIComponent(body.match(/\/account\/verify-registrant\?token=(\S+)/)?.[1] ?? '');

/** A customer with a registered domain of ours (registry and account), registrant email `email`. */
async function customerWithDomain(
  email: string,
  name: string,
  contact: Partial<Contact> = {},
): Promise<{ client: TestClient; accountId: number; domainId: number }> {
  const buyer = await signedInBuyer(t, `login-${name}@example.com`);
  await t.db
    .update(accounts)
    .set({ registrantContact: { ...demoContact, ...contact, email } })
    .where(eq(accounts.accountId, buyer.accountId));
  const expireDate = addDays(now(), 365);
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: name, expireDate, ns: ours, locked: false, createDate: now(), modifyDate: now() })
    .returning();
  await t.db
    .insert(registryDomains)
    .values({ domain: name, registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: ours, expireDate, locked: false });
  return { client: buyer.client, accountId: buyer.accountId, domainId: row.domainId };
}

beforeAll(async () => {
  restoreClock = useClock(clock);
  mailDns = await startMailDns(['mail-ok.example', 'gooddomains.example']);
  t = await createTestContext({ env: { REGISTRANT_EMAIL_RESOLVER: mailDns.address } });
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (started === null) throw new Error('the built-in DNS server did not start');
  dnsServer = started;
  dnsPort = started.port;
});
afterAll(async () => {
  await dnsServer?.stop();
  await t.close();
  await mailDns.close();
  restoreClock();
});

describe('registrant verification', () => {
  it('emails a link at registration, shows the banner, suspends on day 16 and restores at once on the click', async () => {
    const email = 'owner@mail-ok.example';
    const name = 'verifybean.com';
    const { client, accountId, domainId } = await customerWithDomain(email, name);
    await queueRegistrantVerification(t.jobs, accountId, 'registration');
    await t.runJobs();

    const mail = await lastMailTo(email, 'Verify your email');
    expect(mail?.body).toContain('/account/verify-registrant?token=');
    expect(mail?.body).not.toContain('We also found problems');
    const banner = await client.get('/api/registrantVerifications/0');
    expect(banner.body).toMatchObject({ state: 'pending', email, suspended: false, problems: [] });
    expect(new Date(banner.body.deadline).getTime()).toBe(addDays(now(), 15).getTime());

    const scheduled = scheduledJobRunner(t.deps, [verificationDeadlineJob]);
    clock.advance(14 * 86400_000);
    await scheduled.runDue();
    expect(await lookup(name)).toBe('127.0.0.1');

    clock.advance(2 * 86400_000);
    await scheduled.runDue();
    await t.runJobs();
    expect(await lookup(name)).toBe('EREFUSED');
    const registry = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name));
    expect(registry[0].statuses).toContain('clientHold');
    expect((await t.client({ ip: '198.51.100.40' }).get(`/rdap/domain/${name}`)).body.status).toEqual(['client hold']);
    const shown = (await client.get(`/api/domains/${domainId}`)).body;
    expect(shown.suspensionReason).toContain(`The registrant email ${email} has not been verified`);
    const notice = await lastMailTo(email, 'suspended until you verify');
    expect(notice?.body).toContain(name);
    expect(verificationStatusSchema.parse((await client.get('/api/registrantVerifications/0')).body)).toMatchObject({ state: 'pending', suspended: true });

    // A second run the same day suspends nothing again and sends nothing more.
    const before = await mailCount(email);
    clock.advance(3600_000);
    await scheduled.runDue();
    await t.runJobs();
    expect(await mailCount(email)).toBe(before);

    // The newest link (in the suspension notice) restores at once: registry, our DNS, RDAP, My Domains.
    const answer = await t.client({ ip: '198.51.100.41' }).post('/api/registrantVerifications/verify', { token: linkToken(notice!.body) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email, restoredDomains: [name] });
    expect(await lookup(name)).toBe('127.0.0.1');
    expect((await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name)))[0].statuses).not.toContain('clientHold');
    expect((await t.client({ ip: '198.51.100.40' }).get(`/rdap/domain/${name}`)).body.status).toEqual(['active']);
    expect((await client.get(`/api/domains/${domainId}`)).body).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect(verificationStatusSchema.parse((await client.get('/api/registrantVerifications/0')).body)).toMatchObject({ state: 'verified', email });

    // The link again: still verified, nothing to restore.
    const again = await t.client({ ip: '198.51.100.41' }).post('/api/registrantVerifications/verify', { token: linkToken(notice!.body) });
    expect(again.body).toMatchObject({ email, restoredDomains: [] });
    // The registrant hears the suspension is lifted, once.
    await t.runJobs();
    const lifted = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(lifted.filter((m) => m.subject === `${name} is no longer suspended`)).toHaveLength(1);
  });

  it('does not ask a verified email again for a new domain, but asks again when the registrant name changes', async () => {
    const email = 'owner@mail-ok.example';
    const second = await customerWithDomain(email, 'verifybean-two.com');
    const before = await mailCount(email);
    await queueRegistrantVerification(t.jobs, second.accountId, 'registration');
    await t.runJobs();
    expect(await mailCount(email)).toBe(before);
    expect((await second.client.get('/api/registrantVerifications/0')).body).toEqual({ state: 'none' });

    await queueRegistrantVerification(t.jobs, second.accountId, 'registrant-change');
    await t.db
      .update(accounts)
      .set({ registrantContact: { ...demoContact, email, firstName: 'Robin' } })
      .where(eq(accounts.accountId, second.accountId));
    await queueRegistrantVerification(t.jobs, second.accountId, 'registrant-change');
    await t.runJobs();
    expect(await mailCount(email)).toBe(before + 1);
    expect((await second.client.get('/api/registrantVerifications/0')).body).toMatchObject({ state: 'pending', email });
  });

  it('reports what the format checks found: a mail domain with no MX or address, a bad postal code', async () => {
    const email = 'owner@no-such-mail.example';
    const { client, accountId } = await customerWithDomain(email, 'verifybean-bad.com', { zip: 'ABCDE' });
    await queueRegistrantVerification(t.jobs, accountId, 'registration');
    await t.runJobs();
    const status = (await client.get('/api/registrantVerifications/0')).body;
    expect(status.problems).toEqual([
      "The registrant email's domain no-such-mail.example cannot receive mail (it has no MX or address record).",
      'The registrant postal code ABCDE is not a valid postal code for US.',
    ]);
    expect((await lastMailTo(email))?.body).toContain('We also found problems with the registrant details we hold');
  });

  it('resends a new link a few times an hour, and the old link stops working', async () => {
    const email = 'resend@mail-ok.example';
    const { client, accountId } = await customerWithDomain(email, 'verifybean-resend.com');
    await queueRegistrantVerification(t.jobs, accountId, 'registration');
    await t.runJobs();
    const first = linkToken((await lastMailTo(email))!.body);
    let newest = first;
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/registrantVerifications/0/resend')).status).toBe(200);
      await t.runJobs();
      newest = linkToken((await lastMailTo(email))!.body);
      expect(newest).not.toBe(first);
    }
    const refused = await client.post('/api/registrantVerifications/0/resend');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/We have sent the verification email several times already\. Please try again in \d+ minutes?\./);
    const stale = await t.client({ ip: '198.51.100.42' }).post('/api/registrantVerifications/verify', { token: first });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('This verification link is no longer valid. Use the newest email we sent, or resend it from your account.');
    const fresh = await t.client({ ip: '198.51.100.42' }).post('/api/registrantVerifications/verify', { token: newest });
    expect(fresh.status).toBe(200);
  });

  it("keeps each account's status to itself", async () => {
    const stranger = await signedInBuyer(t, 'stranger-verify@example.com');
    const { accountId } = await customerWithDomain('private@mail-ok.example', 'verifybean-private.com');
    expect((await stranger.client.get(`/api/registrantVerifications/${accountId}`)).status).toBe(403);
    expect((await t.client().get('/api/registrantVerifications/0')).status).toBe(401);
  });

  it('tells the old and new registrant when a change completes, and asks the new name to verify', async () => {
    const email = 'change@mail-ok.example';
    const { client, accountId } = await customerWithDomain(email, 'verifybean-change.com');
    await t.db.update(accounts).set({ tdrpOptOut: true }).where(eq(accounts.accountId, accountId));
    const current = (await t.db.select().from(accounts).where(eq(accounts.accountId, accountId)))[0].registrantContact!;
    const changed = await client.patch('/api/accounts/0', { registrantContact: { ...current, firstName: 'Morgan', lastName: 'Lee' } });
    expect(changed.status).toBe(200);
    await t.runJobs();
    const notice = await lastMailTo(email, 'The registrant of your');
    expect(notice?.body).toContain('Previous registrant: Dana Demo, Bright Bean Coffee');
    expect(notice?.body).toContain('New registrant: Morgan Lee, Bright Bean Coffee');
    expect(notice?.body).toContain('both the previous and the new registrant');
    expect(await lastMailTo(email, 'Verify your email')).not.toBeNull();
  });

  it('tells the registrant when a transfer in completes and asks a new registrant to verify; and when a name leaves', async () => {
    const email = 'arriving@mail-ok.example';
    const { accountId } = await customerWithDomain(email, 'verifybean-stays.com');
    await t.db
      .insert(domains)
      .values({ accountId, domain: 'verifybean-arrives.com', status: 'transfer', inboundTransferStatus: 'pending', expireDate: addDays(now(), 30) });
    expect(await settleInboundTransfer(t.deps, 'verifybean-arrives.com', { state: 'completed', expireDate: addDays(now(), 395) })).toBe('completed');
    await t.runJobs();
    expect((await lastMailTo(email, 'has transferred to'))?.subject).toBe('verifybean-arrives.com has transferred to Dotspot');
    expect(await lastMailTo(email, 'Verify your email')).not.toBeNull();

    await recordOutboundTransferNotice(t.deps, {
      id: 'msg-out-1',
      date: now(),
      text: 'Transfer completed',
      transfer: { domain: 'verifybean-stays.com', status: 'completed', inbound: false, otherRegistrar: 'GoHost Registrar Inc.' },
    });
    await t.runJobs();
    const away = await lastMailTo(email, 'has transferred away');
    expect(away?.subject).toBe('verifybean-stays.com has transferred away from Dotspot');
  });
});

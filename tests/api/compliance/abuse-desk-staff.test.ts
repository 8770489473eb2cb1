/**
 * The abuse desk in the back office: compliance staff see a case with its clocks, notify the registrant (templated
 * email with a reply deadline), suspend the domain (registry hold, our DNS silent, My Domains says why), lock it,
 * remove the record that carries the abuse, and close it as mitigated (reporter and registrant told). Every action is
 * on the timeline and in the audit log with its reason; the figures' median times follow; roles without the
 * permission are refused.
 */
import { Resolver } from 'node:dns/promises';
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, now, useClock } from '../../../api/clock.ts';
import { auditLog, dnsRecords, domains, outbox, registryDomains } from '../../../api/db/schema/index.ts';
import { fileAbuseReport } from '../../../api/services/compliance/abuse/abuse-cases.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
let restoreClock: () => void;
let t: TestContext;
let compliance: TestStaff;
let owner: TestClient;
let domainId: number;
let caseId: number;
let dnsPort: number;
let dnsServer: DnsServer;
const name = 'phishy-bean.com';
const ours = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

async function lookup(host: string): Promise<string> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${dnsPort}`]);
  try {
    return (await resolver.resolve4(host)).join(',');
  } catch (error) {
    return (error as { code: string }).code;
  }
}
const mails = (to: string, subject: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
    .orderBy(desc(outbox.id));
const auditOf = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'desk-owner@example.com');
  owner = buyer.client;
  const expireDate = addDays(now(), 300);
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: name, expireDate, ns: ours, locked: false, createDate: now(), modifyDate: now() })
    .returning();
  domainId = row.domainId;
  await t.db
    .insert(registryDomains)
    .values({ domain: name, registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: ours, expireDate, locked: false });
  await t.db.insert(dnsRecords).values({ domainId, type: 'A', host: 'login', data: '192.0.2.66' });
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (started === null) throw new Error('the built-in DNS server did not start');
  dnsServer = started;
  dnsPort = started.port;
  const filed = await fileAbuseReport(t.deps, {
    source: 'web',
    domain: name,
    category: 'phishing',
    description: 'login.phishy-bean.com copies a bank sign-in page.',
    evidenceLinks: [`https://login.${name}/`],
    reporterEmail: 'reporter@cert.example',
  });
  caseId = filed.caseId;
  clock.advance(10 * 60_000);
  await t.runJobs();
  compliance = await staffClient(t, 'compliance');
});
afterAll(async () => {
  await dnsServer?.stop();
  await t.close();
  restoreClock();
});

describe('the abuse desk', () => {
  it('lists the case with its clocks, and shows it with reports, timeline and our domain', async () => {
    const list = await compliance.client.get('/api/admin/abuse/cases');
    expect(list.status).toBe(200);
    expect(documented('GET /admin/abuse/cases', list.body).data).toEqual([
      expect.objectContaining({
        caseId,
        domain: name,
        category: 'phishing',
        reports: 1,
        acknowledgeOverdue: false,
        firstActionOverdue: false,
        firstActionAt: null,
      }),
    ]);
    const detail = documented('GET /admin/abuse/cases/:id', (await compliance.client.get(`/api/admin/abuse/cases/${caseId}`)).body);
    expect(detail.reportList[0]).toMatchObject({ reporterEmail: 'reporter@cert.example', evidenceLinks: [`https://login.${name}/`] });
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['reported', 'reporter-notified']);
    expect(detail.sponsored).toMatchObject({
      domainId,
      locked: false,
      suspendedAt: null,
      dnsRecords: [expect.objectContaining({ host: 'login', data: '192.0.2.66' })],
    });
    const figures = documented('GET /admin/abuse/figures', (await compliance.client.get('/api/admin/abuse/figures')).body);
    expect(figures).toMatchObject({
      cases: 1,
      open: 1,
      overdue: 0,
      // The reporter's automatic acknowledgement went out, but no person has acknowledged the case yet.
      medianHoursToAcknowledge: null,
      medianHoursToFirstAction: null,
      byCategory: [{ category: 'phishing', cases: 1 }],
      byOutcome: [],
    });
  });

  it('shows an overdue first action after the set hours, and staff can change them', async () => {
    // A staff member acknowledges the case the day it came in (only the first-action clock is watched here).
    await compliance.client.post(`/api/admin/abuse/cases/${caseId}/acknowledge`);
    clock.advance(47 * 3600_000);
    // Staff sessions end after 30 idle minutes: a new sign-in after the clock moved two days.
    compliance = await staffClient(t, 'compliance');
    expect((await compliance.client.get('/api/admin/abuse/cases')).body.data[0].firstActionOverdue).toBe(false);
    clock.advance(3600_000);
    compliance = await staffClient(t, 'compliance');
    expect((await compliance.client.get('/api/admin/abuse/cases')).body.data[0].firstActionOverdue).toBe(true);
    const changed = await compliance.client.patch('/api/admin/abuse/settings', { firstActionHours: 72, reason: 'Weekend staffing agreed with the lead' });
    expect(documented('PATCH /admin/abuse/settings', changed.body)).toMatchObject({ firstActionHours: 72, overdue: 0 });
    expect((await auditOf('abuse.settings'))[0]).toMatchObject({ reason: 'Weekend staffing agreed with the lead', staffEmail: compliance.email });
  });

  it('refuses roles without the permission, and an action without a reason', async () => {
    const support = await staffClient(t, 'support');
    expect((await support.client.post(`/api/admin/abuse/cases/${caseId}/suspend`, { reason: 'Clearly phishing' })).status).toBe(403);
    const viewer = await staffClient(t, 'viewer');
    expect((await viewer.client.get(`/api/admin/abuse/cases/${caseId}`)).status).toBe(200);
    expect((await viewer.client.post(`/api/admin/abuse/cases/${caseId}/notify-registrant`, { reason: 'Please look' })).status).toBe(403);
    const noReason = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/notify-registrant`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/i);
    expect((await compliance.client.get(`/api/admin/abuse/cases/${caseId}`)).body.firstActionAt).toBeNull();
  });

  it('notifies the registrant with the evidence and a reply deadline, which is the first action', async () => {
    const answer = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/notify-registrant`, {
      replyDays: 2,
      reason: 'Evidence is convincing; give the owner a chance',
    });
    expect(answer.status).toBe(200);
    expect(documented('POST /admin/abuse/cases/:id/notify-registrant', answer.body).firstActionAt).toBe(now().toISOString());
    expect(answer.body.registrantReplyBy).toBe(addDays(now(), 2).toISOString());
    await t.runJobs();
    // The registrant contact's email (signedInBuyer gives the account the demo contact), not the login's.
    const [registrantMail] = await mails(demoContact.email, `Abuse report about ${name}`);
    expect(registrantMail.subject).toMatch(/please reply by/);
    expect(registrantMail.body).toContain('login.phishy-bean.com copies a bank sign-in page.');
    expect(registrantMail.body).toContain(`https://login.${name}/`);
    const [entry] = await auditOf('abuse.notify-registrant');
    expect(entry).toMatchObject({ reason: 'Evidence is convincing; give the owner a chance', targetType: 'abuse-case', targetId: String(caseId) });
    const figures = (await compliance.client.get('/api/admin/abuse/figures')).body;
    expect(figures.medianHoursToFirstAction).toBe(48.17);
  });

  it('suspends the domain: registry hold, our DNS silent, My Domains says why', async () => {
    expect(await lookup(`login.${name}`)).toBe('192.0.2.66');
    const answer = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/suspend`, { reason: 'No answer and the page is still live' });
    expect(answer.status).toBe(200);
    expect(documented('POST /admin/abuse/cases/:id/suspend', answer.body).sponsored.suspendedAt).not.toBeNull();
    expect((await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name)))[0].statuses).toContain('clientHold');
    expect(await lookup(`login.${name}`)).toBe('EREFUSED');
    const mine = (await owner.get(`/api/domains/${domainId}`)).body;
    expect(mine.suspensionReason).toMatch(/^Suspended by our abuse desk: phishy-bean\.com was reported for phishing \(case AC-\d{5}\)/);
    expect((await auditOf('domain.suspend'))[0]).toMatchObject({ reason: 'No answer and the page is still live', targetId: String(caseId) });
  });

  it('locks it against transfer and removes the record that carries the abuse', async () => {
    expect((await compliance.client.post(`/api/admin/abuse/cases/${caseId}/lock`, { reason: 'Keep it here during the case' })).status).toBe(200);
    expect((await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name)))[0].locked).toBe(true);
    const detail = (await compliance.client.get(`/api/admin/abuse/cases/${caseId}`)).body;
    const record = detail.sponsored.dnsRecords.find((r: { host: string }) => r.host === 'login');
    const removed = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/remove-content`, {
      dnsRecordIds: [record.dnsRecordId],
      reason: 'The phishing page host',
    });
    expect(removed.status).toBe(200);
    expect(
      documented('POST /admin/abuse/cases/:id/remove-content', removed.body).sponsored.dnsRecords.find((r: { host: string }) => r.host === 'login'),
    ).toBeUndefined();
    const stranger = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/remove-content`, { dnsRecordIds: [999999], reason: 'Not this domain' });
    expect(stranger.status).toBe(400);
  });

  it('closes as mitigated: reporter and registrant are told, the case leaves the open list, the figures count the outcome', async () => {
    const noWhy = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/close`, { outcome: 'no-action', reason: 'Testing the rule' });
    expect(noWhy.status).toBe(400);
    expect(noWhy.body.message).toMatch(/Say why no action is taken/);
    const closed = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/close`, {
      outcome: 'mitigated',
      note: 'The domain is suspended.',
      reason: 'Phishing confirmed and stopped',
    });
    expect(closed.status).toBe(200);
    expect(documented('POST /admin/abuse/cases/:id/close', closed.body)).toMatchObject({ status: 'closed', outcome: 'mitigated' });
    expect(closed.body.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'reported',
      'reporter-notified',
      'acknowledged',
      'registrant-notified',
      'suspended',
      'locked',
      'content-removed',
      'closed',
    ]);
    await t.runJobs();
    const [toReporter] = await mails('reporter@cert.example', 'is closed');
    expect(toReporter.body).toContain('We acted on the report and the abuse has been stopped. The domain is suspended.');
    const [toRegistrant] = await mails(demoContact.email, `The abuse case about ${name}`);
    expect(toRegistrant.body).toContain('We acted on the report');
    expect((await compliance.client.get('/api/admin/abuse/cases')).body.data).toEqual([]);
    expect((await compliance.client.get('/api/admin/abuse/figures')).body.byOutcome).toEqual([{ outcome: 'mitigated', cases: 1 }]);
    expect((await compliance.client.post(`/api/admin/abuse/cases/${caseId}/suspend`, { reason: 'Again please' })).status).toBe(409);
  });
});

/**
 * Registrar duties measured as ICANN would: a report mailed to the abuse address over SMTP becomes a case with its
 * attachment while an auto-reply makes none; a law-enforcement report tops the desk with a 24-hour clock and reaches
 * compliance at once; a case is acknowledged when a staff member says so, not when the automatic email leaves;
 * suspending from the desk emails the registrant; verification refuses a bad phone number until it is fixed, and
 * compliance can mark a registrant verified with evidence and a reason.
 */
import { addDays } from 'date-fns/addDays';
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, now, useClock } from '../../../api/clock.ts';
import { suspensionBlocksSentence } from '../../../api/contract/domains/suspension-gate.ts';
import { abuseCases, abuseReports, accounts, auditLog, domains, outbox, registrantVerifications, registryDomains } from '../../../api/db/schema/index.ts';
import { appOperations } from '../../../api/openapi/app-operations.ts';
import { type MailReceiver, startMailReceiver } from '../../../api/mail-receiver.ts';
import { isSandboxMailHost } from '../../../api/providers/mailhost/sandbox.ts';
import { startRegistrantVerification } from '../../../api/services/compliance/verification/registrant-verification.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { startMailDns } from '../../fixtures/mail-dns.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(Date.now());
let restoreClock: () => void;
let t: TestContext;
let receiver: MailReceiver;
let mailDns: Awaited<ReturnType<typeof startMailDns>>;
let accountId: number;

async function report(client: TestClient, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('token', await client.botToken());
  const response = await t.app.request('http://localhost/api/abuseReports', { method: 'POST', body: form }, { requestIP: () => ({ address: client.ip }) });
  return { status: response.status, body: (await response.json()) as { caseNumber?: string; message: string } };
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
let staffCount = 0;
/** A compliance staff member signed in now (a session does not outlive the hours the clock moves). */
async function complianceStaff(): Promise<TestStaff> {
  staffCount += 1;
  return staffClient(t, 'compliance', { email: `clara${staffCount}@dotspot.example` });
}

const mailsTo = async (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

beforeAll(async () => {
  restoreClock = useClock(clock);
  mailDns = await startMailDns([]);
  t = await createTestContext({ env: { COMPLIANCE_EMAIL: 'compliance@dotspot.example', MAIL_DNS_RESOLVER: mailDns.address } });
  const { mailHost } = t.deps.providers;
  if (!isSandboxMailHost(mailHost)) throw new Error('the tests run with the sandbox mail host');
  receiver = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1' });
  const [account] = await t.db
    .insert(accounts)
    .values({ registrantContact: { ...demoContact, email: 'owner@registrant.example', phone: '12345' }, createDate: now(), modifyDate: now() })
    .returning();
  accountId = account.accountId;
  const expireDate = addDays(now(), 300);
  await t.db.insert(domains).values({ accountId, domain: 'held-by-us.com', expireDate, createDate: now(), modifyDate: now() });
  await t.db
    .insert(registryDomains)
    .values({ domain: 'held-by-us.com', registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: [], expireDate, locked: false });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
  await mailDns.close();
  restoreClock();
});

describe('abuse reports by mail', () => {
  const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });

  it('makes a case of a report mailed over SMTP, keeping its attachment as evidence', async () => {
    await transport().sendMail({
      from: 'Analyst <analyst@cert.example>',
      to: 'abuse@dotspot.example',
      subject: 'Phishing on mailed-phish.com',
      text: 'A fake bank login at https://mailed-phish.com/login',
      attachments: [{ filename: 'screenshot.png', content: png, contentType: 'image/png' }],
    });
    const [found] = await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'mailed-phish.com'));
    expect(found.category).toBe('phishing');
    const [kept] = await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, found.caseId));
    expect(kept).toMatchObject({ source: 'email', evidenceFileName: 'screenshot.png', evidenceFileType: 'image/png' });
    expect(kept.evidenceFile?.equals(png)).toBe(true);
  });

  it('makes no case of an auto-reply, a bulk message, or a reply to our own acknowledgement', async () => {
    await transport().sendMail({
      from: 'desk@bounce.example',
      to: 'abuse@dotspot.example',
      subject: 'Out of office: about autoreply-domain.com',
      text: 'I am away.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await transport().sendMail({
      from: 'list@bulk.example',
      to: 'abuse@dotspot.example',
      subject: 'Newsletter on bulk-domain.com',
      text: 'Hi.',
      headers: { Precedence: 'bulk' },
    });
    await transport().sendMail({
      from: 'robot@loop.example',
      to: 'abuse@dotspot.example',
      subject: 'Automatic reply: We received your abuse report about loop-domain.com (case AC-10001)',
      text: 'Thanks.',
    });
    const cases = await t.db.select({ domain: abuseCases.domain }).from(abuseCases);
    expect(cases.map((c) => c.domain)).toEqual(['mailed-phish.com']);
    await t.runJobs();
    expect(await mailsTo('desk@bounce.example')).toEqual([]);
  });
});

describe('law enforcement and the clocks', () => {
  it('puts a law-enforcement report at the top of the desk with a 24-hour review clock, and emails compliance at once', async () => {
    const compliance = await complianceStaff();
    const client = t.client({ ip: '198.51.100.9' });
    const incomplete = await report(client, {
      domain: 'seized-shop.com',
      category: 'law-enforcement',
      description: 'Counterfeit medicine sold from this site; a warrant is attached.',
      reporterEmail: 'officer@police.example',
    });
    expect(incomplete.status).toBe(400);
    const filed = await report(client, {
      domain: 'seized-shop.com',
      category: 'law-enforcement',
      description: 'Counterfeit medicine sold from this site; a warrant is attached.',
      reporterEmail: 'officer@police.example',
      agency: 'Metropolitan Police',
      officer: 'DS Jane Roe',
      jurisdiction: 'United Kingdom',
      officerContact: '+44 20 7230 1212 (switchboard)',
    });
    expect(filed.status).toBe(200);
    clock.advance(60_000);

    const desk = await compliance.client.get('/api/admin/abuse/cases?status=open');
    expect(desk.body.data[0]).toMatchObject({ domain: 'seized-shop.com', category: 'law-enforcement', caseNumber: filed.body.caseNumber });
    const { createDate, firstActionBy } = desk.body.data[0];
    expect(new Date(firstActionBy).getTime() - new Date(createDate).getTime()).toBe(24 * 3600_000);
    const detail = await compliance.client.get(`/api/admin/abuse/cases/${desk.body.data[0].caseId}`);
    appOperations['GET /admin/abuse/cases/:id'].response.schema.parse(detail.body);
    expect(detail.body.reportList[0].lawEnforcement).toEqual({
      agency: 'Metropolitan Police',
      officer: 'DS Jane Roe',
      jurisdiction: 'United Kingdom',
      contact: '+44 20 7230 1212 (switchboard)',
    });
    await t.runJobs();
    const [told] = await mailsTo('compliance@dotspot.example');
    expect(told.subject).toBe(`Law enforcement report about seized-shop.com (case ${filed.body.caseNumber}): review within 24 hours`);
  });

  it('counts a case acknowledged when a staff member acknowledges it, not when the automatic email left', async () => {
    let compliance = await complianceStaff();
    const [mailed] = await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'mailed-phish.com'));
    await t.runJobs();
    const [reportRow] = await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, mailed.caseId));
    expect(reportRow.acknowledgedAt).not.toBeNull();
    const before = await compliance.client.get(`/api/admin/abuse/cases/${mailed.caseId}`);
    expect(before.body.acknowledgedAt).toBeNull();

    clock.advance(3 * 3600_000);
    compliance = await complianceStaff();
    const acknowledged = await compliance.client.post(`/api/admin/abuse/cases/${mailed.caseId}/acknowledge`);
    expect(acknowledged.status).toBe(200);
    appOperations['POST /admin/abuse/cases/:id/acknowledge'].response.schema.parse(acknowledged.body);
    expect(acknowledged.body).toMatchObject({ acknowledgedBy: compliance.email, acknowledgedAt: clock.now().toISOString() });
    const figures = await compliance.client.get('/api/admin/abuse/figures');
    expect(figures.body.medianHoursToAcknowledge).toBeGreaterThanOrEqual(3);
  });

  it('shows overdue cases on the dashboard', async () => {
    clock.advance(25 * 3600_000);
    const compliance = await complianceStaff();
    const dashboard = await compliance.client.get('/api/admin/dashboard');
    // The law-enforcement case: nobody acknowledged it within 24 hours (the mailed one was, and has 48 hours to act).
    expect(dashboard.body.overdueAbuseCases).toBe(1);
  });
});

describe('telling the registrant and verifying them', () => {
  it('emails the registrant what is blocked, why and how to lift it when the desk suspends, and when it lifts', async () => {
    const compliance = await complianceStaff();
    const client = t.client({ ip: '198.51.100.10' });
    const filed = await report(client, {
      domain: 'held-by-us.com',
      category: 'malware',
      description: 'Serves a trojan to visitors of its home page.',
      reporterEmail: 'lab@av.example',
    });
    const caseId = Number(filed.body.caseNumber!.slice(3)) - 10000;
    const suspended = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/suspend`, { reason: 'Trojan confirmed in our sandbox' });
    expect(suspended.status).toBe(200);
    await t.runJobs();
    const [notice] = await mailsTo('owner@registrant.example');
    expect(notice.subject).toBe('held-by-us.com is suspended');
    expect(notice.body).toContain(suspensionBlocksSentence);
    expect(notice.body).toContain(`Why: held-by-us.com was reported to our abuse desk for malware (case ${filed.body.caseNumber})`);
    expect(notice.body).toContain(`How to have it lifted: reply to abuse@dotspot.example quoting case ${filed.body.caseNumber}`);

    await compliance.client.post(`/api/admin/abuse/cases/${caseId}/unsuspend`, { reason: 'The registrant removed the trojan' });
    await t.runJobs();
    expect((await mailsTo('owner@registrant.example'))[0].subject).toBe('held-by-us.com is no longer suspended');
  });

  it('shows a bad phone number and refuses the link until it is fixed', async () => {
    expect(await startRegistrantVerification(t.deps, { accountId, trigger: 'registration' })).toEqual({ started: true });
    await t.runJobs();
    const [email] = (await mailsTo('owner@registrant.example')).filter((m) => m.subject?.startsWith('Verify your email'));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(email.body ?? '')![1]);

    const refused = await t.client().post('/api/registrantVerifications/verify', { token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('The registrant phone 12345 is not a valid number in international format');
    const [waiting] = await t.db.select().from(registrantVerifications).where(eq(registrantVerifications.accountId, accountId));
    expect(waiting.status).toBe('pending');

    await t.db
      .update(accounts)
      .set({ registrantContact: { ...demoContact, email: 'owner@registrant.example', phone: '+14155550123' } })
      .where(eq(accounts.accountId, accountId));
    const verified = await t.client().post('/api/registrantVerifications/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Thank you: owner@registrant.example is verified.');
  });

  it('lets compliance mark a registrant verified with evidence and a reason, in the audit log', async () => {
    const compliance = await complianceStaff();
    const [other] = await t.db
      .insert(accounts)
      .values({ registrantContact: { ...demoContact, email: 'phone-only@registrant.example' }, createDate: now(), modifyDate: now() })
      .returning();
    await t.db
      .insert(domains)
      .values({ accountId: other.accountId, domain: 'phone-only.com', expireDate: addDays(now(), 300), createDate: now(), modifyDate: now() });
    await startRegistrantVerification(t.deps, { accountId: other.accountId, trigger: 'registration' });
    const [row] = await t.db.select().from(registrantVerifications).where(eq(registrantVerifications.accountId, other.accountId));

    const noReason = await compliance.client.post(`/api/admin/verifications/${row.verificationId}/mark-verified`, {
      evidence: 'Called +14155550123',
      reason: '',
    });
    expect(noReason.status).toBe(400);
    const marked = await compliance.client.post(`/api/admin/verifications/${row.verificationId}/mark-verified`, {
      evidence: 'Called +14155550123 on file; the registrant confirmed the email address',
      reason: 'Their mail filter drops our links',
    });
    expect(marked.status).toBe(200);
    appOperations['POST /admin/verifications/:id/mark-verified'].response.schema.parse(marked.body);
    const [after] = await t.db.select().from(registrantVerifications).where(eq(registrantVerifications.verificationId, row.verificationId));
    expect(after).toMatchObject({ status: 'verified', verifiedBy: compliance.email, verifyReason: 'Their mail filter drops our links' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'verification.mark-verified'));
    expect(audit).toMatchObject({ staffEmail: compliance.email, reason: 'Their mail filter drops our links', accountId: other.accountId });
  });
});

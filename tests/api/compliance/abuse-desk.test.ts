/**
 * The abuse desk's public side: a report from the Report abuse page (bot check, evidence file, rate limits) becomes a
 * case with a number, the reporter is acknowledged by email with it, reports about the same domain join one case,
 * mail to the abuse address through the built-in receiver becomes a case the same way, and overdue cases reach the
 * compliance staff's daily email.
 */
import { desc, eq, like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { abuseCaseEvents, abuseCases, abuseReports, outbox } from '../../../api/db/schema/index.ts';
import { abuseClocksJob } from '../../../api/jobs/abuse-clocks.ts';
import { type MailReceiver, startMailReceiver } from '../../../api/mail-receiver.ts';
import { isSandboxMailHost } from '../../../api/providers/mailhost/sandbox.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { startMailDns } from '../../fixtures/mail-dns.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

// Starts at the real time: the bot-check library judges a challenge's expiry by the real time.
const clock = new ManualClock(Date.now());
let restoreClock: () => void;
let t: TestContext;
let receiver: MailReceiver;
let mailDns: Awaited<ReturnType<typeof startMailDns>>;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function report(client: TestClient, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (!('token' in fields)) form.set('token', await client.botToken());
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const response = await t.app.request('http://localhost/api/abuseReports', { method: 'POST', body: form }, { requestIP: () => ({ address: client.ip }) });
  return { status: response.status, body: (await response.json()) as { caseNumber?: string; message: string } };
}

const phishing = (domain: string, reporterEmail = 'analyst@security.example') => ({
  domain,
  category: 'phishing',
  description: 'A copy of a bank sign-in page asking for card numbers.',
  evidenceLinks: `https://${domain}/login\nhttps://${domain}/verify`,
  reporterEmail,
});

async function mailsTo(to: string, subject: string) {
  return t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .then((rows) => rows.filter((r) => r.subject?.includes(subject)));
}

beforeAll(async () => {
  restoreClock = useClock(clock);
  // The receiver's SPF, DKIM and DMARC lookups are answered here (nothing published), never by the Internet.
  mailDns = await startMailDns([]);
  t = await createTestContext({ env: { COMPLIANCE_EMAIL: 'compliance@dotspot.example', MAIL_DNS_RESOLVER: mailDns.address } });
  const { mailHost } = t.deps.providers;
  if (!isSandboxMailHost(mailHost)) throw new Error('the tests run with the sandbox mail host');
  receiver = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
  await mailDns.close();
  restoreClock();
});

describe('reporting abuse', () => {
  it('turns a report into a numbered case and acknowledges the reporter by email with the number', async () => {
    const visitor = t.client({ ip: '203.0.113.10' });
    const answer = await report(visitor, phishing('Bank-Login-Verify.com'), { bytes: png, name: 'screenshot.png', type: 'image/png' });
    expect(answer.status).toBe(200);
    expect(answer.body.caseNumber).toMatch(/^AC-\d{5}$/);
    expect(answer.body.message).toBe(
      `Thank you. Your report about bank-login-verify.com is case ${answer.body.caseNumber}; we have emailed you a confirmation and will tell you the outcome.`,
    );

    const [row] = await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'bank-login-verify.com'));
    expect(row.acknowledgedAt).toBeNull();
    expect(await t.runJobs()).toMatchObject({ 'abuse-acknowledge': 1 });
    const [ack] = await mailsTo('analyst@security.example', answer.body.caseNumber!);
    expect(ack.subject).toBe(`We received your abuse report about bank-login-verify.com (case ${answer.body.caseNumber})`);
    expect(ack.body).toContain('Category: Phishing');
    // The automatic email is not a person looking at the case: the case waits for a staff member's acknowledgement.
    const [acknowledged] = await t.db.select().from(abuseCases).where(eq(abuseCases.caseId, row.caseId));
    expect(acknowledged.acknowledgedAt).toBeNull();
    const [stored] = await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, row.caseId));
    expect(stored).toMatchObject({
      evidenceFileType: 'image/png',
      evidenceFileName: 'screenshot.png',
      evidenceLinks: ['https://Bank-Login-Verify.com/login', 'https://Bank-Login-Verify.com/verify'],
    });
    expect(Buffer.compare(stored.evidenceFile!, png)).toBe(0);
  });

  it('joins a second report about the same domain to the open case', async () => {
    const first = await report(t.client({ ip: '203.0.113.11' }), phishing('joined-case.net', 'one@reporters.example'));
    const second = await report(t.client({ ip: '203.0.113.12' }), {
      ...phishing('https://www.joined-case.net/path', 'two@reporters.example'),
      category: 'malware',
    });
    expect(second.body.caseNumber).toBe(first.body.caseNumber);
    await t.runJobs();
    expect(await mailsTo('two@reporters.example', first.body.caseNumber!)).toHaveLength(1);
    const [row] = await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'joined-case.net'));
    const events = await t.db.select().from(abuseCaseEvents).where(eq(abuseCaseEvents.caseId, row.caseId));
    expect(events.map((e) => e.kind).sort()).toEqual(['report-joined', 'reported', 'reporter-notified', 'reporter-notified']);
  });

  it('says what is wrong: no bot check, a bad domain, a file that is not evidence, a link that is not a web address', async () => {
    const visitor = t.client({ ip: '203.0.113.13' });
    const noToken = await report(visitor, { ...phishing('clean-site.com'), token: '' });
    expect(noToken).toMatchObject({ status: 400, body: { message: 'token: Please complete the bot check' } });
    expect((await report(visitor, { ...phishing('not a domain'), evidenceLinks: '' })).body.message).toBe(
      'Enter the domain name you are reporting, such as example.com',
    );
    const exe = await report(visitor, phishing('clean-site.com'), {
      bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
      name: 'evidence.png',
      type: 'image/png',
    });
    expect(exe).toMatchObject({ status: 415, body: { message: 'Attach a screenshot (PNG, JPEG, GIF, WebP), a PDF, a text file or a saved email (.eml).' } });
    const big = await report(visitor, phishing('clean-site.com'), {
      bytes: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]),
      name: 'big.png',
      type: 'image/png',
    });
    expect(big).toMatchObject({ status: 413, body: { message: 'The evidence file is larger than 2 MB.' } });
    const link = await report(visitor, { ...phishing('clean-site.com'), evidenceLinks: 'javascript:alert(1)' });
    expect(link).toMatchObject({ status: 400, body: { message: 'evidenceLinks.0: Evidence links must be web addresses starting with http:// or https://' } });
    expect(await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'clean-site.com'))).toEqual([]);
  });

  it('limits reports per reporter and per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await report(t.client({ ip: `203.0.113.${30 + i}` }), phishing(`limited-${i}.com`, 'busy@reporters.example'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const fromOne = t.client({ ip: '203.0.113.50' });
    const byAddress: number[] = [];
    for (let i = 0; i < 11; i++) byAddress.push((await report(fromOne, phishing(`address-${i}.com`, `r${i}@reporters.example`))).status);
    expect(byAddress.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await report(fromOne, phishing('address-last.com', 'last@reporters.example'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have sent several reports already\. Please try again in /);
  });

  it('counts a reporter by the address mail reaches: plus tags and letter case do not make a new reporter', async () => {
    const variants = [
      'victim+1@example.org',
      'Victim@Example.org',
      'VICTIM+two@EXAMPLE.ORG',
      'victim+@example.org',
      'victim@example.org',
      'victim+6@example.org',
    ];
    const answers = [];
    for (const [i, reporterEmail] of variants.entries())
      answers.push(await report(t.client({ ip: `203.0.113.${60 + i}` }), phishing(`tagged-${i}.com`, reporterEmail)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5].body.message).toMatch(/^You have sent several reports already\. Please try again in /);
    expect(await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'tagged-5.com'))).toEqual([]);
    // The acknowledgement still goes to the address as typed; another mailbox at the same domain is its own reporter.
    await t.runJobs();
    expect(await mailsTo('victim+1@example.org', answers[0].body.caseNumber!)).toHaveLength(1);
    expect((await report(t.client({ ip: '203.0.113.70' }), phishing('tagged-other.com', 'victim.other@example.org'))).status).toBe(200);
  });

  it('makes a case of mail sent to the abuse address through the mail receiver, once per message', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
    const message = {
      from: 'Threat Desk <desk@cert.example>',
      to: 'abuse@dotspot.example',
      subject: 'Malware hosted on malware-drop.org',
      text: 'The file at https://malware-drop.org/invoice.exe is a trojan dropper.',
      messageId: '<report-1@cert.example>',
    };
    await transport.sendMail(message);
    await transport.sendMail(message);
    await t.runJobs();
    const cases = await t.db.select().from(abuseCases).where(eq(abuseCases.domain, 'malware-drop.org'));
    expect(cases).toHaveLength(1);
    expect(cases[0].category).toBe('malware');
    const reports = await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, cases[0].caseId));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ source: 'email', reporterEmail: 'desk@cert.example', evidenceLinks: ['https://malware-drop.org/invoice.exe'] });
    expect(await mailsTo('desk@cert.example', 'We received your abuse report about malware-drop.org')).toHaveLength(1);
  });

  it('lists overdue cases in the daily email to compliance staff', async () => {
    const scheduled = scheduledJobRunner(t.deps, [abuseClocksJob]);
    clock.advance(23 * 3600_000);
    await scheduled.runDue();
    await t.runJobs();
    expect(await mailsTo('compliance@dotspot.example', 'overdue')).toEqual([]);
    clock.advance(26 * 3600_000);
    await scheduled.runDue();
    await t.runJobs();
    const [digest] = await t.db.select().from(outbox).where(like(outbox.subject, '%overdue%'));
    expect(digest.to).toBe('compliance@dotspot.example');
    expect(digest.body).toMatch(/AC-\d{5} {2}bank-login-verify\.com {2}\(phishing, reported \d+ hours ago: not acknowledged, no action yet\)/);
  });
});

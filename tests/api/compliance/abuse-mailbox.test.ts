/**
 * Reports mailed to the abuse address in production, both ways in: kept in its mailbox at the operator's mail server
 * (here a real Dovecot IMAP server from Debian, tests/fixtures/dovecot-imap.ts) and read by the abuse-mailbox job, or
 * taken by the built-in SMTP receiver with a real mail host (no sandbox mailboxes: the abuse address only). Either way
 * a report becomes a case with its attachment, a second report joins the domain's open case, and an auto-reply or a
 * reply to our own acknowledgement makes none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../api/clock.ts';
import { abuseCases, abuseReports, accounts, domains } from '../../../api/db/schema/index.ts';
import { abuseMailboxJob } from '../../../api/jobs/abuse-mailbox.ts';
import { type MailReceiver, startMailReceiver } from '../../../api/mail-receiver.ts';
import { createSmtpMail } from '../../../api/providers/mail/smtp.ts';
import { type DovecotImap, startDovecotImap } from '../../fixtures/dovecot-imap.ts';
import { type SmtpDestination, startSmtpDestination } from '../../fixtures/smtp-destination.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let dovecot: DovecotImap;
/** The reporters' mail servers: our acknowledgements go out through the SMTP mail provider to it. */
let reporters: SmtpDestination;
let dir: string;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dotspot-dovecot-'));
  dovecot = await startDovecotImap(dir);
  reporters = await startSmtpDestination();
  t = await createTestContext({
    env: { ABUSE_IMAP_URL: dovecot.url },
    providers: () => ({ mail: createSmtpMail(reporters.url, 'Dotspot <no-reply@dotspot.example>') }),
  });
  // Names we sponsor: a report is about the first one it names.
  const [owner] = await t.db.insert(accounts).values({}).returning();
  for (const domain of ['imap-phish.com', 'smtp-malware.com']) {
    await t.db.insert(domains).values({ accountId: owner.accountId, domain, expireDate: now(), createDate: now(), modifyDate: now() });
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dovecot?.close();
  await reporters?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Delivers a message into the abuse mailbox as the operator's mail server would (IMAP APPEND, unread). */
async function deliver(message: ConstructorParameters<typeof MailComposer>[0]): Promise<void> {
  const raw = await new MailComposer(message).compile().build();
  const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await client.connect();
  await client.append('INBOX', raw, []);
  await client.logout();
}

async function unreadInMailbox(): Promise<number> {
  const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await client.connect();
  const status = await client.status('INBOX', { unseen: true, messages: true });
  await client.logout();
  return status === false ? -1 : (status.unseen ?? -1);
}

const casesOf = (domain: string) => t.db.select().from(abuseCases).where(eq(abuseCases.domain, domain));

describe('the abuse mailbox read over IMAP', () => {
  it('files each unread report into its case, with its attachment; the second joins; auto-replies and our own acknowledgements make none', async () => {
    await deliver({
      from: 'Analyst <analyst@cert.example>',
      to: 'abuse@dotspot.example',
      subject: 'Phishing on imap-phish.com',
      text: 'A fake bank login at https://imap-phish.com/login',
      attachments: [{ filename: 'screenshot.png', content: png, contentType: 'image/png' }],
    });
    await deliver({
      from: 'desk@bounce.example',
      to: 'abuse@dotspot.example',
      subject: 'Out of office: imap-phish.com',
      text: 'Away.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await deliver({
      from: 'robot@loop.example',
      to: 'abuse@dotspot.example',
      subject: 'Re: We received your abuse report about imap-phish.com (case AC-10001)',
      text: 'Thanks.',
    });
    await deliver({ from: 'someone@victim.example', to: 'abuse@dotspot.example', subject: 'imap-phish.com again', text: 'It asked for my card too.' });
    expect(await unreadInMailbox()).toBe(4);

    expect(await abuseMailboxJob.run(t.deps, {})).toEqual({ taken: 4, filed: 2, ignored: 2, left: 0 });
    const [found, ...others] = await casesOf('imap-phish.com');
    expect(others).toEqual([]);
    expect(found.category).toBe('phishing');
    const reports = await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, found.caseId)).orderBy(abuseReports.reportId);
    expect(reports.map((r) => [r.source, r.reporterEmail, r.evidenceFileName])).toEqual([
      ['email', 'analyst@cert.example', 'screenshot.png'],
      ['email', 'someone@victim.example', null],
    ]);
    expect(reports[0].evidenceFile?.equals(png)).toBe(true);
    expect(await unreadInMailbox()).toBe(0);

    // Read messages are not read again.
    expect(await abuseMailboxJob.run(t.deps, {})).toEqual({ taken: 0, filed: 0, ignored: 0, left: 0 });
    expect(await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, found.caseId))).toHaveLength(2);

    // Each reporter is acknowledged with mail marked automatic (RFC 3834); that mail coming back files nothing.
    await t.runJobs();
    const [ack] = reporters.to('analyst@cert.example');
    expect(ack.raw.toString()).toMatch(/^Auto-Submitted: auto-replied\r?$/m);
    const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
    await client.connect();
    await client.append('INBOX', ack.raw, []);
    await client.logout();
    expect(await abuseMailboxJob.run(t.deps, {})).toEqual({ taken: 1, filed: 0, ignored: 1, left: 0 });
  });
});

describe('the built-in SMTP receiver with a real mail host', () => {
  let receiver: MailReceiver;
  beforeAll(async () => {
    receiver = await startMailReceiver(t.deps, null, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => receiver?.close());
  const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });

  it('takes mail for the abuse address as a case, and refuses every other recipient', async () => {
    await transport().sendMail({
      from: 'soc@isp.example',
      to: 'abuse@dotspot.example',
      subject: 'Malware served from smtp-malware.com',
      text: 'Ransomware download at https://smtp-malware.com/update.exe',
      attachments: [{ filename: 'headers.txt', content: 'Received: from evil', contentType: 'text/plain' }],
    });
    const [found] = await casesOf('smtp-malware.com');
    expect(found.category).toBe('malware');
    const [kept] = await t.db.select().from(abuseReports).where(eq(abuseReports.caseId, found.caseId));
    expect(kept).toMatchObject({ source: 'email', evidenceFileName: 'headers.txt' });
    await expect(transport().sendMail({ from: 'soc@isp.example', to: 'someone@dotspot.example', subject: 'Hi', text: 'Hi' })).rejects.toThrow(/550/);
  });
});

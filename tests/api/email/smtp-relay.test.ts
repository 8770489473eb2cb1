/**
 * The built-in SMTP receiver: mail for a forward is relayed through the mail provider (the outbox in sandbox mode),
 * mail for a mailbox is stored and counted toward its usage, and every other recipient is refused at RCPT.
 */
import { eq } from 'drizzle-orm';
import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxMessageBytes, type MailReceiver, startMailReceiver } from '../../../api/mail-receiver.ts';
import { domains, outbox, sandboxMailMessages } from '../../../api/db/schema/index.ts';
import { isSandboxMailHost } from '../../../api/providers/mailhost/sandbox.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';
import { startTestDns, type TestDns } from '../../fixtures/test-dns.ts';

let t: TestContext;
let dns: TestDns;
let owner: TestClient;
let receiver: MailReceiver;
let mailboxId: number;

function transport() {
  // No TLS offered (no certificate) and no AUTH needed for inbound mail.
  return nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
}

async function refusal(promise: Promise<unknown>): Promise<{ responseCode?: number; response?: string }> {
  return promise.then(
    () => {
      throw new Error('the message was accepted');
    },
    (error: { responseCode?: number; response?: string }) => error,
  );
}

/** Speaks SMTP line by line (after the greeting, one command per answer) and returns everything the server said. */
function converse(commands: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(receiver.port, '127.0.0.1');
    let said = '';
    const queue = [...commands];
    socket.on('data', (chunk) => {
      said += chunk.toString();
      // A complete answer ends with a line whose code is followed by a space.
      if (/^\d{3} .*\r\n$/m.test(said.split(/\r\n(?=\d{3} )/).at(-1) ?? '')) {
        const next = queue.shift();
        if (next) socket.write(`${next}\r\n`);
      }
    });
    socket.on('end', () => resolve(said));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  // SPF, DKIM and DMARC lookups are answered here (nothing published: none), never by the Internet.
  dns = await startTestDns();
  t = await createTestContext({ env: { MAIL_DNS_RESOLVER: dns.address } });
  const buyer = await signedInBuyer(t, 'smtp@example.com');
  owner = buyer.client;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: 'relaytest.com', expireDate: new Date(Date.now() + 200 * 86_400_000) })
    .returning();
  expect((await owner.patch(`/api/domains/${row.domainId}`, { emailEnabled: true })).status).toBe(200);
  expect((await owner.post('/api/emails', { domainId: row.domainId, type: 'forward', address: 'sales', destination: 'owner@example.org' })).status).toBe(201);
  const mailbox = await owner.post('/api/emails', { domainId: row.domainId, type: 'mailbox', address: 'inbox', password: 'sunny-day-42' });
  mailboxId = mailbox.body.emailId;
  const { mailHost } = t.deps.providers;
  if (!isSandboxMailHost(mailHost)) throw new Error('the tests run with the sandbox mail host');
  receiver = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await receiver?.close();
  await t.close();
  await dns?.close();
});

describe('SMTP receiver', () => {
  it('relays mail for a forward to its destination through the mail provider, unchanged', async () => {
    const info = await transport().sendMail({
      from: 'customer@example.net',
      to: 'Sales@RelayTest.com',
      subject: 'Order 1234',
      text: 'Two bags of beans, please.',
    });
    expect(info.accepted).toEqual(['Sales@relaytest.com']);
    const [relayed] = await t.db.select().from(outbox).where(eq(outbox.to, 'owner@example.org'));
    expect(relayed.subject).toBe('Order 1234');
    expect(relayed.body).toContain('Two bags of beans, please.');
    expect(relayed.body).toMatch(/^Delivered-To: sales@relaytest\.com\r\n/);
    expect(relayed.body).toContain('From: customer@example.net');
  });

  it('keeps a forwarded 8-bit message byte for byte in the outbox, with its SRS envelope sender', async () => {
    // ISO-8859-1 bytes (é, ü) that are not UTF-8: decoding them as UTF-8 would turn each into U+FFFD.
    const original = Buffer.concat([
      Buffer.from('From: alice@example.net\r\nTo: sales@relaytest.com\r\nSubject: Caf\xe9\r\nMIME-Version: 1.0\r\n', 'latin1'),
      Buffer.from('Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n', 'latin1'),
      Buffer.from('Un caf\xe9 et une br\xfbl\xe9e, s\x27il vous pla\xeet.\r\n', 'latin1'),
    ]);
    await transport().sendMail({ envelope: { from: 'alice@example.net', to: ['sales@relaytest.com'] }, raw: original });
    const listed = await owner.get('/api/dev/outbox');
    const entry = listed.body.data.find((m: { to: string; body: string }) => m.to === 'owner@example.org' && m.body.includes('alice@example.net'));
    expect(entry.envelopeFrom).toMatch(/^SRS0=[A-Z2-7]{8}=[A-Z2-7]{2}=example\.net=alice@/);
    expect(entry.body).not.toContain('\uFFFD');
    expect(Buffer.from(entry.body, 'latin1').subarray(-original.length).equals(original)).toBe(true);

    const raw = await t.app.request(`http://localhost${entry.rawUrl}`, {}, { requestIP: () => ({ address: '192.0.2.1' }) });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(raw.headers.get('x-envelope-from')).toBe(`<${entry.envelopeFrom}>`);
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.length).toBe(entry.sizeBytes);
    // Our trace fields go on top; everything the sender sent follows unchanged.
    expect(bytes.toString('latin1')).toMatch(/^Delivered-To: sales@relaytest\.com\r\n/);
    expect(bytes.subarray(-original.length).equals(original)).toBe(true);
    expect((await owner.get('/api/dev/outbox/999999/raw')).status).toBe(404);
  });

  it('stores mail for a mailbox and counts it toward the usage', async () => {
    const before = (await owner.get(`/api/emails/${mailboxId}/usage`)).body.usedBytes;
    await transport().sendMail({ from: 'friend@example.net', to: 'inbox@relaytest.com', subject: 'Hello', text: 'x'.repeat(20_000) });
    const stored = await t.db.select().from(sandboxMailMessages).where(eq(sandboxMailMessages.address, 'inbox@relaytest.com'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ sender: 'friend@example.net', subject: 'Hello' });
    const after = (await owner.get(`/api/emails/${mailboxId}/usage`)).body;
    expect(after.usedBytes - before).toBe(stored[0].sizeBytes);
    expect(after.usedBytes).toBeGreaterThan(20_000);
  });

  it('refuses an unknown address on a hosted domain and any domain we do not host at RCPT (550): no open relay', async () => {
    for (const to of ['nobody@relaytest.com', 'someone@gmail.com']) {
      const error = await refusal(transport().sendMail({ from: 'spammer@example.net', to, subject: 'Hi', text: 'relay me' }));
      expect(error.responseCode, to).toBe(550);
      expect(error.response).toContain('no such user');
    }
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'someone@gmail.com'))).toHaveLength(0);
  });

  it('accepts the hosted recipients of a message and refuses the rest', async () => {
    const info = await transport().sendMail({ from: 'a@example.net', to: ['sales@relaytest.com', 'stranger@elsewhere.org'], subject: 'Mixed', text: 'Hi' });
    expect(info.accepted).toEqual(['sales@relaytest.com']);
    expect(info.rejected).toEqual(['stranger@elsewhere.org']);
  });

  it('refuses a message over the size limit and offers no AUTH', async () => {
    const error = await refusal(
      transport().sendMail({ from: 'a@example.net', to: 'inbox@relaytest.com', subject: 'Big', text: 'y'.repeat(maxMessageBytes + 1024) }),
    );
    expect(error.responseCode).toBe(552);
    const ehlo = await converse(['EHLO client.example', 'AUTH PLAIN dGVzdAB0ZXN0AHRlc3Q=', 'QUIT']);
    expect(ehlo).toMatch(/^250 SIZE 10485760\r$/m);
    expect(ehlo).not.toMatch(/^250[ -]AUTH/m);
    expect(ehlo).toMatch(/^500 /m);
  });

  it('stops taking connections once closed, after finishing what it accepted', async () => {
    const { mailHost } = t.deps.providers;
    if (!isSandboxMailHost(mailHost)) throw new Error('sandbox only');
    const second = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1' });
    const sending = nodemailer
      .createTransport({ host: '127.0.0.1', port: second.port, ignoreTLS: true })
      .sendMail({ from: 'late@example.net', to: 'sales@relaytest.com', subject: 'Just in time', text: 'Hi' });
    await sending;
    await second.close();
    const error = await nodemailer
      .createTransport({ host: '127.0.0.1', port: second.port, ignoreTLS: true, connectionTimeout: 2000 })
      .sendMail({ from: 'late@example.net', to: 'sales@relaytest.com', subject: 'Too late', text: 'Hi' })
      .then(
        () => null,
        (e: { code?: string }) => e,
      );
    expect(error?.code).toMatch(/ECONNECTION|ESOCKET/);
    const relayed = await t.db.select().from(outbox).where(eq(outbox.subject, 'Just in time'));
    expect(relayed).toHaveLength(1);
  });
});

/**
 * The built-in receiver as other mail servers meet it, over real SMTP: forwards relayed with an SRS envelope sender to
 * an outside server (smtp-server) through the SMTP mail provider, bounces to SRS addresses routed back, SPF/DKIM/DMARC
 * checked against a DNS server of the test's own and recorded, DMARC p=reject refused at DATA, trace headers, 8-bit
 * bodies byte-exact, each recipient once, quotas against the message's size, per-recipient bounces (DSN) instead of a
 * refusal once anything was delivered, and the limits that keep a flood from exhausting memory.
 */
import { generateKeyPairSync } from 'node:crypto';
import { addDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { eq } from 'drizzle-orm';
import { dkimSign } from 'mailauth/lib/dkim/sign';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { loadConfig } from '../../../api/config.ts';
import { domains, sandboxMailAddresses, sandboxMailMessages } from '../../../api/db/schema/index.ts';
import { type MailReceiver, startMailReceiver } from '../../../api/mail-receiver.ts';
import { createSmtpMail } from '../../../api/providers/mail/smtp.ts';
import { isSandboxMailHost, type SandboxMailHost } from '../../../api/providers/mailhost/sandbox.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { dataOf, SmtpConversation } from '../../fixtures/smtp-conversation.ts';
import { type SmtpDestination, startSmtpDestination } from '../../fixtures/smtp-destination.ts';
import { startTestDns, type TestDns } from '../../fixtures/test-dns.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;
let dns: TestDns;
let destination: SmtpDestination;
let receiver: MailReceiver;
let mailHost: SandboxMailHost;
const domain = 'forwardtest.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  restoreClock = useClock(clock);
  dns = await startTestDns({
    // Signs with DKIM and sends from 127.0.0.1: passes everything.
    'sender.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
    's1._domainkey.sender.test': { TXT: [`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`] },
    '_dmarc.sender.test': { TXT: ['v=DMARC1; p=reject'] },
    // Allows no server at all and asks receivers to refuse what fails.
    'strict.test': { TXT: ['v=spf1 -all'] },
    '_dmarc.strict.test': { TXT: ['v=DMARC1; p=reject'] },
    // Fails too, but only asks to be told.
    'relaxed.test': { TXT: ['v=spf1 -all'] },
    '_dmarc.relaxed.test': { TXT: ['v=DMARC1; p=none'] },
  });
  destination = await startSmtpDestination();
  t = await createTestContext({
    env: { MAIL_DNS_RESOLVER: dns.address },
    providers: () => ({ mail: createSmtpMail(destination.url, 'Dotspot <no-reply@dotspot.example>') }),
  });
  const buyer = await signedInBuyer(t, 'forwarding@example.com');
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain, expireDate: addDays(clock.now(), 200) })
    .returning();
  expect((await buyer.client.patch(`/api/domains/${row.domainId}`, { emailEnabled: true })).status).toBe(200);
  const add = (body: object) => buyer.client.post('/api/emails', { domainId: row.domainId, ...body });
  expect((await add({ type: 'forward', address: 'sales', destination: 'owner@destination.test' })).status).toBe(201);
  expect((await add({ type: 'forward', address: 'orders', destination: 'Owner@destination.test' })).status).toBe(201);
  expect((await add({ type: 'forward', address: 'broken', destination: 'refuse-me@destination.test' })).status).toBe(201);
  expect((await add({ type: 'mailbox', address: 'inbox', password: 'sunny-day-42' })).status).toBe(201);
  expect((await add({ type: 'mailbox', address: 'small', password: 'sunny-day-42' })).status).toBe(201);
  // A nearly full mailbox: 50 KB of room.
  await t.db
    .update(sandboxMailAddresses)
    .set({ quotaBytes: 50_000 })
    .where(eq(sandboxMailAddresses.address, `small@${domain}`));
  const host = t.deps.providers.mailHost;
  if (!isSandboxMailHost(host)) throw new Error('the tests run with the sandbox mail host');
  mailHost = host;
  receiver = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
  await destination?.close();
  await dns?.close();
  restoreClock();
});

function transport(port = receiver.port) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'client.example' });
}

/** A message as a sender's software writes it: CRLF lines, an 8-bit Latin-1 body, a line that starts with a dot. */
function message(
  from: string,
  subject: string,
  body: Buffer = Buffer.from('Caf\xe9 cr\xe8me, s\xfbr.\r\n.a line starting with a dot\r\n\xff\xfe raw bytes\r\n', 'latin1'),
): Buffer {
  const head = [
    `From: ${from}`,
    'To: someone@forwardtest.com',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W/g, '')}@test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=iso-8859-1',
    'Content-Transfer-Encoding: 8bit',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
}

async function signed(raw: Buffer): Promise<Buffer> {
  // mailauth's typings want the signature at the top level; the library reads signatureData.
  const options = {
    canonicalization: 'relaxed/relaxed',
    signatureData: [{ signingDomain: 'sender.test', selector: 's1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }],
  } as unknown as Parameters<typeof dkimSign>[1];
  const { signatures } = await dkimSign(raw, options);
  return Buffer.concat([Buffer.from(signatures), raw]);
}

async function send(envelope: { from: string; to: string[] }, raw: Buffer) {
  return transport().sendMail({ envelope, raw });
}

async function refusal(promise: Promise<unknown>): Promise<{ responseCode?: number; response?: string }> {
  return promise.then(
    () => {
      throw new Error('the message was accepted');
    },
    (error: { responseCode?: number; response?: string }) => error,
  );
}

const headerOf = (raw: Buffer) => raw.subarray(0, raw.indexOf('\r\n\r\n') + 2).toString('latin1');
const storedIn = (address: string) => t.db.select().from(sandboxMailMessages).where(eq(sandboxMailMessages.address, address));
const bySubject = (subject: string) => destination.messages.filter((m) => headerOf(m.raw).includes(`Subject: ${subject}\r\n`));

describe('forwarding that other mail servers accept', () => {
  it('relays with an SRS envelope sender, a Received line and the SPF, DKIM and DMARC results, the body byte for byte', async () => {
    const raw = await signed(message('Alice <alice@sender.test>', 'Forward one'));
    const info = await send({ from: 'alice@sender.test', to: [`sales@${domain}`] }, raw);
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: delivered as /);
    const [relayed] = bySubject('Forward one');
    expect(relayed.rcptTo).toEqual(['owner@destination.test']);
    expect(relayed.mailFrom).toMatch(/^SRS0=[A-Z2-7]{8}=[A-Z2-7]{2}=sender\.test=alice@mail\.dotspot\.example$/);
    // 8-bit bytes go out announced as such (RFC 6152), and arrive exactly as sent, after our trace fields.
    expect(relayed.body).toBe('8bitmime');
    expect(relayed.raw.subarray(relayed.raw.length - raw.length).equals(raw)).toBe(true);
    const added = relayed.raw.subarray(0, relayed.raw.length - raw.length).toString('latin1');
    expect(added).toMatch(/^Delivered-To: sales@forwardtest\.com\r\n/);
    expect(added).toMatch(/^Authentication-Results: mail\.dotspot\.example;\r\n/m);
    expect(added).toMatch(/dkim=pass header\.i=@sender\.test header\.s=s1/);
    expect(added).toMatch(/spf=pass .*smtp\.mailfrom=alice@sender\.test/);
    expect(added).toMatch(/dmarc=pass .*header\.from=sender\.test/);
    expect(added).toMatch(
      /Received: from client\.example \(\[127\.0\.0\.1\]\)\r\n\tby mail\.dotspot\.example \(Dotspot\) with ESMTP id \S+\r\n\tfor <sales@forwardtest\.com>; \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n$/,
    );
  });

  it('routes a bounce sent to the SRS address back to the original sender, and refuses forged or expired SRS addresses', async () => {
    await send({ from: 'bob@sender.test', to: [`sales@${domain}`] }, await signed(message('Bob <bob@sender.test>', 'Will bounce')));
    const srsAddress = bySubject('Will bounce')[0].mailFrom;
    const bounce = message('MAILER-DAEMON@destination.test', 'Undelivered: Will bounce');
    await send({ from: '', to: [srsAddress] }, bounce);
    const [returned] = bySubject('Undelivered: Will bounce');
    expect(returned.rcptTo).toEqual(['bob@sender.test']);
    expect(returned.mailFrom).toBe('');
    expect(returned.raw.subarray(returned.raw.length - bounce.length).equals(bounce)).toBe(true);
    // A mail server that lower-cases the address still gets the bounce home.
    await send({ from: '', to: [srsAddress.toLowerCase()] }, message('MAILER-DAEMON@destination.test', 'Lower-cased bounce'));
    expect(bySubject('Lower-cased bounce')[0].rcptTo).toEqual(['bob@sender.test']);

    const forged = srsAddress.replace(/^SRS0=(.)/, (_, c: string) => `SRS0=${c === 'A' ? 'B' : 'A'}`);
    const forgedError = await refusal(send({ from: '', to: [forged] }, bounce));
    expect(forgedError.responseCode).toBe(550);
    expect(forgedError.response).toContain('not one of ours');
    const minted = 'SRS0=AAAAAAAA=AA=victim.test=someone@mail.dotspot.example';
    expect((await refusal(send({ from: 'spammer@relaxed.test', to: [minted] }, bounce))).responseCode).toBe(550);

    clock.set(addDays(clock.now(), 22));
    try {
      const expired = await refusal(send({ from: '', to: [srsAddress] }, bounce));
      expect(expired.responseCode).toBe(550);
      expect(expired.response).toContain('expired');
    } finally {
      clock.set(addDays(clock.now(), -22));
    }
  });

  it('refuses at DATA mail that fails DMARC when the author domain says p=reject, and records a failure it only reports', async () => {
    const strict = await refusal(send({ from: 'mallory@strict.test', to: [`sales@${domain}`] }, message('Mallory <mallory@strict.test>', 'Spoofed')));
    expect(strict.responseCode).toBe(550);
    expect(strict.response).toMatch(/^550 5\.7\.1 .*DMARC policy of strict\.test/);
    expect(bySubject('Spoofed')).toEqual([]);

    await send({ from: 'carol@relaxed.test', to: [`inbox@${domain}`] }, message('Carol <carol@relaxed.test>', 'Reported only'));
    const [stored] = (await storedIn(`inbox@${domain}`)).filter((m) => m.subject === 'Reported only');
    const header = headerOf(stored.content ?? Buffer.alloc(0));
    expect(header).toMatch(/spf=fail .*smtp\.mailfrom=carol@relaxed\.test/);
    expect(header).toMatch(/dmarc=fail .*header\.from=relaxed\.test/);
  });
  it('drops an Authentication-Results field a sender wrote in our name, and keeps one from anyone else', async () => {
    const raw = message('Kim <kim@relaxed.test>', 'Claims a pass');
    const forged = Buffer.concat([
      Buffer.from(
        'Authentication-Results: MAIL.dotspot.example;\r\n dmarc=pass header.from=relaxed.test\r\nAuthentication-Results: mx.elsewhere.test; spf=pass\r\n',
      ),
      raw,
    ]);
    await send({ from: 'kim@relaxed.test', to: [`sales@${domain}`] }, forged);
    const header = headerOf(bySubject('Claims a pass')[0].raw);
    expect(header.match(/^Authentication-Results: mail\.dotspot\.example;/gim)).toHaveLength(1);
    expect(header).toMatch(/dmarc=fail .*header\.from=relaxed\.test/);
    expect(header).not.toContain('dmarc=pass header.from=relaxed.test');
    expect(header).toContain('Authentication-Results: mx.elsewhere.test; spf=pass\r\n');
    expect(bySubject('Claims a pass')[0].raw.subarray(-raw.length).equals(raw)).toBe(true);
  });
});

describe('mailboxes', () => {
  it('stores the message byte for byte under Return-Path, Delivered-To and the trace fields', async () => {
    const raw = message('Dan <dan@relaxed.test>', 'Stored exactly');
    await send({ from: 'dan@relaxed.test', to: [`inbox@${domain}`] }, raw);
    const [stored] = (await storedIn(`inbox@${domain}`)).filter((m) => m.subject === 'Stored exactly');
    const content = stored.content ?? Buffer.alloc(0);
    expect(content.subarray(content.length - raw.length).equals(raw)).toBe(true);
    expect(content.toString('latin1')).toMatch(
      /^Return-Path: <dan@relaxed\.test>\r\nDelivered-To: inbox@forwardtest\.com\r\n(Received-SPF|Authentication-Results): /,
    );
    expect(stored.sizeBytes).toBe(content.length);
    expect(stored.sender).toBe('dan@relaxed.test');
  });

  it('checks the quota against the message: a declared SIZE too big is refused at RCPT, an undeclared one at DATA', async () => {
    const { conversation } = await SmtpConversation.open(receiver.port);
    await conversation.command('EHLO client.example');
    expect((await conversation.command('MAIL FROM:<erin@relaxed.test> SIZE=60000')).code).toBe(250);
    const rcpt = await conversation.command(`RCPT TO:<small@${domain}>`);
    expect(rcpt.text).toMatch(/^552 5\.2\.2 .*larger than the space left/);
    expect((await conversation.command(`RCPT TO:<inbox@${domain}>`)).code).toBe(250);
    conversation.close();

    const big = message('Erin <erin@relaxed.test>', 'Too big for small', Buffer.from(`${'x'.repeat(998)}\r\n`.repeat(60)));
    const error = await refusal(send({ from: 'erin@relaxed.test', to: [`small@${domain}`] }, big));
    expect(error.response).toMatch(/^552 5\.2\.2 <small@forwardtest\.com>: mailbox full/);
    expect(await storedIn(`small@${domain}`)).toEqual([]);
  });
});

describe('one transaction, many recipients', () => {
  it('delivers each recipient once, however often and in whatever case it was given', async () => {
    const { conversation } = await SmtpConversation.open(receiver.port);
    await conversation.command('EHLO client.example');
    await conversation.command('MAIL FROM:<fay@relaxed.test>');
    const given = [`sales@${domain}`, `SALES@${domain.toUpperCase()}`, `Sales@${domain}`, `inbox@${domain}`, `INBOX@${domain}`];
    const answers = [];
    for (const to of given) answers.push((await conversation.command(`RCPT TO:<${to}>`)).code);
    expect(answers).toEqual([250, 250, 250, 250, 250]);
    await conversation.command('DATA');
    conversation.write(dataOf(message('Fay <fay@relaxed.test>', 'Only once')));
    expect((await conversation.reply()).code).toBe(250);
    conversation.close();
    expect(bySubject('Only once')).toHaveLength(1);
    expect((await storedIn(`inbox@${domain}`)).filter((m) => m.subject === 'Only once')).toHaveLength(1);
    // Two forwards to the same destination (in any case) relay one copy, naming both.
    await send({ from: 'fay@relaxed.test', to: [`sales@${domain}`, `orders@${domain}`] }, message('Fay <fay@relaxed.test>', 'Two forwards'));
    const copies = bySubject('Two forwards');
    expect(copies).toHaveLength(1);
    expect(headerOf(copies[0].raw)).toMatch(/^Delivered-To: sales@forwardtest\.com\r\nDelivered-To: orders@forwardtest\.com\r\n/);
  });

  it('answers 250 once anything was delivered and bounces the recipients that failed afterwards (a DSN to the sender)', async () => {
    const raw = message('Gus <gus@relaxed.test>', 'Partly delivered', Buffer.from(`${'y'.repeat(998)}\r\n`.repeat(60)));
    const info = await send({ from: 'gus@relaxed.test', to: [`inbox@${domain}`, `small@${domain}`, `broken@${domain}`] }, raw);
    expect(info.response).toMatch(/^250 /);
    expect((await storedIn(`inbox@${domain}`)).filter((m) => m.subject === 'Partly delivered')).toHaveLength(1);
    const dsns = destination.to('gus@relaxed.test');
    expect(dsns).toHaveLength(1);
    const dsn = dsns[0].raw.toString('latin1');
    expect(dsns[0].mailFrom).toBe('');
    expect(dsn).toMatch(/^Content-Type: multipart\/report; report-type=delivery-status;/m);
    expect(dsn).toContain('Final-Recipient: rfc822; small@forwardtest.com\r\nAction: failed\r\nStatus: 5.2.2\r\n');
    expect(dsn).toContain('Final-Recipient: rfc822; broken@forwardtest.com\r\nAction: failed\r\nStatus: 5.1.1\r\n');
    expect(dsn).not.toContain('inbox@forwardtest.com');
    // The original's header is quoted, its body is not sent back.
    expect(dsn).toContain('Subject: Partly delivered\r\n');
    expect(dsn).not.toContain('yyyy');
  });

  it('refuses at DATA when nothing could be delivered, and never bounces a bounce', async () => {
    const looping = Buffer.concat([Buffer.from(`Delivered-To: sales@${domain}\r\n`), message('Hal <hal@relaxed.test>', 'Looping')]);
    const error = await refusal(send({ from: 'hal@relaxed.test', to: [`sales@${domain}`] }, looping));
    expect(error.response).toMatch(/^554 5\.4\.6 <sales@forwardtest\.com>: mail for this forward is looping/);
    expect(destination.to('hal@relaxed.test')).toEqual([]);

    const before = destination.messages.length;
    const big = message('MAILER-DAEMON@relaxed.test', 'Bounce partly delivered', Buffer.from(`${'z'.repeat(998)}\r\n`.repeat(60)));
    await send({ from: '', to: [`inbox@${domain}`, `small@${domain}`] }, big);
    expect(destination.messages.length).toBe(before);
  });
});

describe('limits that keep a flood out of memory', () => {
  let budgeted: MailReceiver;
  let limited: MailReceiver;
  beforeAll(async () => {
    budgeted = await startMailReceiver(t.deps, mailHost, { port: 0, host: '127.0.0.1', limits: { maxMessageBytes: 64 * 1024, maxBufferedBytes: 100 * 1024 } });
    limited = await startMailReceiver(t.deps, mailHost, {
      port: 0,
      host: '127.0.0.1',
      limits: { maxConnectionsPerClient: 2, maxMessagesPerConnection: 2, maxMessagesPerClientPerHour: 3 },
    });
  });
  afterAll(async () => {
    await budgeted?.close();
    await limited?.close();
  });

  async function transaction(conversation: SmtpConversation, raw: Buffer) {
    const mail = await conversation.command('MAIL FROM:<ivy@relaxed.test>');
    if (mail.code !== 250) return mail;
    await conversation.command(`RCPT TO:<inbox@${domain}>`);
    await conversation.command('DATA');
    conversation.write(dataOf(raw));
    return conversation.reply();
  }

  it('keeps nothing past SIZE and shares one memory budget between the messages in flight', async () => {
    const { conversation } = await SmtpConversation.open(budgeted.port);
    expect((await conversation.command('EHLO client.example')).text).toMatch(/^250[ -]SIZE 65536$/m);
    // 300 KB against a 64 KB SIZE and a 100 KB budget: refused for its size, so nothing past SIZE was held.
    const huge = message('Ivy <ivy@relaxed.test>', 'Huge', Buffer.from(`${'h'.repeat(998)}\r\n`.repeat(300)));
    expect((await transaction(conversation, huge)).text).toMatch(/^552 5\.3\.4 /);
    conversation.close();

    // Two 60 KB messages at once do not fit in 100 KB: the second waits its turn (452), then fits.
    const sixty = (subject: string) => message('Ivy <ivy@relaxed.test>', subject, Buffer.from(`${'m'.repeat(998)}\r\n`.repeat(60)));
    const first = (await SmtpConversation.open(budgeted.port)).conversation;
    await first.command('EHLO client.example');
    await first.command('MAIL FROM:<ivy@relaxed.test>');
    await first.command(`RCPT TO:<inbox@${domain}>`);
    await first.command('DATA');
    const firstData = dataOf(sixty('First in flight'));
    first.write(firstData.subarray(0, firstData.length - 5));
    const second = (await SmtpConversation.open(budgeted.port)).conversation;
    await second.command('EHLO client.example');
    expect((await transaction(second, sixty('Second in flight'))).text).toMatch(/^452 4\.3\.1 /);
    first.write(firstData.subarray(firstData.length - 5));
    expect((await first.reply()).code).toBe(250);
    first.close();
    expect((await transaction(second, sixty('Second in flight'))).code).toBe(250);
    second.close();
  });

  it('limits connections per client, messages per connection and messages per client an hour', async () => {
    // A fresh hour: the per-client count starts from nothing.
    clock.set(addHours(clock.now(), 3));
    const one = await SmtpConversation.open(limited.port);
    const two = await SmtpConversation.open(limited.port);
    const three = await SmtpConversation.open(limited.port);
    expect([one.greeting.code, two.greeting.code]).toEqual([220, 220]);
    expect(three.greeting.text).toMatch(/^421 4\.7\.0 Too many connections from your address/);
    two.conversation.close();
    three.conversation.close();

    const small = (n: number) => message('Ivy <ivy@relaxed.test>', `Counted ${n}`, Buffer.from('hi\r\n'));
    const { conversation } = one;
    await conversation.command('EHLO client.example');
    expect((await transaction(conversation, small(1))).code).toBe(250);
    expect((await transaction(conversation, small(2))).code).toBe(250);
    expect((await transaction(conversation, small(3))).text).toMatch(/^421 4\.7\.0 Too many messages in one connection/);
    conversation.close();

    // Three an hour from one address, counted over every connection (the refused third above was not counted).
    const again = (await SmtpConversation.open(limited.port)).conversation;
    await again.command('EHLO client.example');
    expect((await transaction(again, small(4))).code).toBe(250);
    expect((await transaction(again, small(5))).text).toMatch(/^450 4\.7\.1 Too many messages from your address/);
    again.close();
    again.close();
    // Another client is not held back by it.
    const other = (await SmtpConversation.open(limited.port, '127.0.0.2')).conversation;
    await other.command('EHLO other.example');
    expect((await transaction(other, small(6))).code).toBe(250);
    other.close();
  });

  it('binds the sandbox receiver to this machine unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).SMTP_HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0' }).SMTP_HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', SMTP_HOST: '0.0.0.0' }).SMTP_HOST).toBe('0.0.0.0');
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_DNS_RESOLVER: 'dns.example' })).toThrow(/MAIL_DNS_RESOLVER/);
  });
});

/**
 * The built-in SMTP receiver under load (README "Email service"): messages per second into a mailbox and through a
 * forward (SPF/DKIM/DMARC answered by a local DNS server, so the figure is ours, not the network's), and the process's
 * resident memory while many clients stream messages far over SIZE at once, which must stay near the idle figure plus
 * the shared buffer budget. Run alone: `bun tests/bench/mail.ts` (BENCH_MAILS: messages per throughput run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { loadConfig } from '../../api/config.ts';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { accounts, domains, emails, outbox, sandboxMailAddresses, sandboxMailDomains, sandboxMailMessages } from '../../api/db/schema/index.ts';
import { defaultReceiverLimits, startMailReceiver } from '../../api/mail-receiver.ts';
import { mailDomainOwner } from '../../api/providers/mailhost/index.ts';
import { createSandboxMail } from '../../api/providers/mail/sandbox.ts';
import { createSandboxMailHost } from '../../api/providers/mailhost/sandbox.ts';
import { startTestDns } from '../fixtures/test-dns.ts';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** One client streaming `bytes` of DATA as fast as the socket takes it, from `localAddress`; resolves with the final reply. */
function flood(port: number, localAddress: string, bytes: number, to: string): Promise<string> {
  const chunk = Buffer.from(`${'f'.repeat(1022)}\r\n`.repeat(1024));
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const script = ['EHLO flood.example', 'MAIL FROM:<flood@flood.test>', `RCPT TO:<${to}>`, 'DATA'];
    let said = '';
    let step = 0;
    socket.on('error', reject);
    socket.on('data', async (data) => {
      said += data.toString();
      if (!/\r\n$/.test(said) || /^\d{3}-/m.test(said.split('\r\n').at(-2) ?? '')) return;
      const last = said;
      said = '';
      if (step < script.length) {
        socket.write(`${script[step++]}\r\n`);
        return;
      }
      if (step === script.length) {
        step++;
        socket.write('Subject: flood\r\n\r\n');
        for (let sent = 0; sent < bytes; sent += chunk.length) {
          if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
        }
        socket.write('\r\n.\r\n');
        return;
      }
      socket.end('QUIT\r\n');
      resolve(last.trim());
    });
  });
}

export async function runMailBench(): Promise<void> {
  const total = Number(process.env.BENCH_MAILS ?? 500);
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-mail-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  const url = server.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 20 });
  const dns = await startTestDns({ 'sender.test': { TXT: ['v=spf1 ip4:127.0.0.0/8 -all'] }, '_dmarc.sender.test': { TXT: ['v=DMARC1; p=reject'] } });
  const config = loadConfig({ NODE_ENV: 'production', MAIL_DNS_RESOLVER: dns.address });
  const mailHost = createSandboxMailHost(db);
  const providers = { mail: createSandboxMail(db) } as Parameters<typeof startMailReceiver>[0]['providers'];
  const name = 'mailbench.com';
  const [account] = await db.insert(accounts).values({}).returning();
  const [domain] = await db
    .insert(domains)
    .values({ accountId: account.accountId, domain: name, expireDate: addDays(new Date(), 300), emailEnabled: true })
    .returning();
  await db.insert(emails).values([
    { domainId: domain.domainId, address: `inbox@${name}`, type: 'mailbox' },
    { domainId: domain.domainId, address: `sales@${name}`, type: 'forward', destination: 'owner@elsewhere.test' },
  ]);
  await db.insert(sandboxMailDomains).values({ domain: name, owner: mailDomainOwner(domain.domainId), createDate: new Date() });
  await db.insert(sandboxMailAddresses).values([
    { address: `inbox@${name}`, domain: name, kind: 'mailbox', quotaBytes: 100 * 1024 ** 3, createDate: new Date() },
    { address: `sales@${name}`, domain: name, kind: 'forward', destination: 'owner@elsewhere.test', createDate: new Date() },
  ]);
  // A bench sends far more than an hour's allowance from one address.
  const receiver = await startMailReceiver({ db, config, providers }, mailHost, {
    port: 0,
    host: '127.0.0.1',
    limits: { maxMessagesPerClientPerHour: 1_000_000 },
  });
  try {
    const body = `${'Two bags of beans, please. '.repeat(36)}\r\n`.repeat(5);
    for (const to of [`inbox@${name}`, `sales@${name}`]) {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: receiver.port,
        ignoreTLS: true,
        pool: true,
        maxConnections: 10,
        maxMessages: 100,
      });
      const started = performance.now();
      await Promise.all(Array.from({ length: total }, (_, i) => transport.sendMail({ from: 'alice@sender.test', to, subject: `Bench ${i}`, text: body })));
      const seconds = (performance.now() - started) / 1000;
      transport.close();
      console.log(
        `${to.startsWith('inbox') ? 'mailbox' : 'forward'}: ${total} messages of ${Math.round(body.length / 1024)} KB at 10 connections in ${seconds.toFixed(1)} s = ${Math.round(total / seconds)} messages/s`,
      );
    }
    const [stored] = await db
      .select({ n: count() })
      .from(sandboxMailMessages)
      .where(eq(sandboxMailMessages.address, `inbox@${name}`));
    const [relayed] = await db.select({ n: count() }).from(outbox).where(eq(outbox.to, 'owner@elsewhere.test'));
    console.log(`delivered: ${stored.n} stored, ${relayed.n} relayed`);

    Bun.gc(true);
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const clients = 40;
    const each = 24 * 1024 * 1024;
    const started = performance.now();
    // The senders run in a process of their own, so the figure is the receiver's memory alone.
    const senders = Bun.spawn([process.execPath, import.meta.filename, 'flood', String(receiver.port), String(clients), String(each), `inbox@${name}`], {
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const replies = JSON.parse(await new Response(senders.stdout).text()) as string[];
    clearInterval(sampler);
    Bun.gc(true);
    const after = process.memoryUsage().rss;
    const codes = replies.reduce<Record<string, number>>((acc, reply) => {
      const code = reply.slice(0, 3);
      acc[code] = (acc[code] ?? 0) + 1;
      return acc;
    }, {});
    console.log(
      `flood: ${clients} clients at once, each streaming ${mb(each)} MB against SIZE ${mb(defaultReceiverLimits.maxMessageBytes)} MB (${mb(clients * each)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s): replies ${JSON.stringify(codes)}; ` +
        `RSS ${mb(idle)} MB idle, ${mb(peak)} MB peak (+${mb(peak - idle)} MB; buffer budget ${mb(defaultReceiverLimits.maxBufferedBytes)} MB), ${mb(after)} MB after`,
    );
  } finally {
    await receiver.close();
    await dns.close();
    await db.$end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `bun tests/bench/mail.ts flood PORT CLIENTS BYTES TO`: the flood's senders, each from its own loopback address. */
async function runFlood(port: number, clients: number, bytes: number, to: string) {
  const replies = await Promise.all(Array.from({ length: clients }, (_, i) => flood(port, `127.0.${Math.floor(i / 200) + 1}.${(i % 200) + 2}`, bytes, to)));
  console.log(JSON.stringify(replies));
}

if (import.meta.main) {
  const [mode, port, clients, bytes, to] = process.argv.slice(2);
  if (mode === 'flood') await runFlood(Number(port), Number(clients), Number(bytes), to);
  else await runMailBench();
}

/**
 * The built-in SMTP receiver (with the sandbox mail host): accepts mail for our customers' forwards and mailboxes and
 * bounces for our SRS addresses, refuses every other recipient at RCPT (550), so it relays nothing for strangers. No
 * AUTH (inbound mail needs none) and no STARTTLS (no certificate). It never holds more than it must: a message is
 * buffered only up to SIZE, all messages in flight share one memory budget, and connections and messages per client
 * are limited. `close()` stops taking connections, lets deliveries in progress finish, then returns.
 */
import type { AddressInfo } from 'node:net';
import type { DNSResolver } from 'mailauth';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { now } from './clock.ts';
import type { Deps } from './deps.ts';
import type { SandboxMailHost } from './providers/mailhost/sandbox.ts';
import {
  acceptRecipient,
  answerTransaction,
  countHops,
  deliverInbound,
  type InboundMailContext,
  type InboundRecipient,
  MailRefusal,
  maxHops,
  sendDeliveryStatus,
  withoutForgedResults,
} from './services/email/inbound-mail.ts';
import { authenticateMessage, createMailResolver } from './services/email/mail-authentication.ts';
import { hit } from './services/platform/rate-limit.ts';
import { readSharedSecret } from './services/platform/secrets.ts';
import { createSrs } from './services/email/srs.ts';
import { isAbuseDeskAddress, recordAbuseMail } from './services/compliance/abuse/abuse-mail.ts';

export type MailReceiverLimits = {
  /** SIZE (RFC 1870): bytes a message may have; nothing past it is kept. */
  maxMessageBytes: number;
  maxRecipients: number;
  /** Connections open at once, from everyone. */
  maxConnections: number;
  /** Connections open at once from one client address. */
  maxConnectionsPerClient: number;
  /** Messages in one connection; then 421 and the connection closes. */
  maxMessagesPerConnection: number;
  /** Messages one client address may send in an hour, counted across every process (PostgreSQL). */
  maxMessagesPerClientPerHour: number;
  /** Bytes of message data held in memory at once across every connection; past it, 452 (try again later). */
  maxBufferedBytes: number;
};

export const defaultReceiverLimits: MailReceiverLimits = {
  maxMessageBytes: 10 * 1024 * 1024,
  maxRecipients: 50,
  maxConnections: 100,
  maxConnectionsPerClient: 10,
  maxMessagesPerConnection: 100,
  maxMessagesPerClientPerHour: 1000,
  maxBufferedBytes: 128 * 1024 * 1024,
};

/** Kept for callers that only need the size limit. */
export const maxMessageBytes = defaultReceiverLimits.maxMessageBytes;
/** How long close() lets an idle client keep its connection before saying 421. */
const closeGraceMs = 2_000;

export type MailReceiver = { port: number; close(): Promise<void> };

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The recipients of the transaction in progress, each address once however often (and in whatever case) it was given. */
type Transaction = { recipients: InboundRecipient[]; addresses: Set<string> };

export async function startMailReceiver(
  deps: Pick<Deps, 'providers' | 'config' | 'db'> & { jobs?: Deps['jobs'] },
  /** The sandbox mail host whose forwards and mailboxes it delivers to; null with a real mail host: the abuse address only. */
  mailHost: SandboxMailHost | null,
  options: { port: number; host: string; limits?: Partial<MailReceiverLimits>; resolver?: DNSResolver },
): Promise<MailReceiver> {
  const limits = { ...defaultReceiverLimits, ...options.limits };
  const receiverName = deps.config.MAIL_HOST.toLowerCase().replace(/\.$/, '');
  const srs = createSrs({ secret: deps.config.SRS_SECRET ?? (await readSharedSecret(deps.db, 'srs')), domain: deps.config.SRS_DOMAIN ?? receiverName });
  const context: InboundMailContext | null = mailHost ? { mailHost, srs, receiverName } : null;
  const resolver = options.resolver ?? createMailResolver(deps.config.MAIL_DNS_RESOLVER);
  const transactions = new WeakMap<SMTPServerSession, Transaction>();
  // Registrar duties (issue #24) hook: mail to REGISTRAR_ABUSE_EMAIL becomes an abuse case (services/compliance/abuse/abuse-mail.ts).
  const forAbuseDesk = new WeakSet<SMTPServerSession>();
  const abuseDesk = deps.jobs ? { ...deps, jobs: deps.jobs } : null;
  const deliveries = new Set<Promise<void>>();
  const perClient = new Map<string, number>();
  const counted = new Set<string>();
  let buffered = 0;

  function release(bytes: number) {
    buffered -= bytes;
  }

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const chunks: Buffer[] = [];
    let kept = 0;
    let refusal: MailRefusal | null = null;
    // Nothing past the limits is held: an oversized or over-budget message is read to its end and dropped.
    stream.on('data', (chunk: Buffer) => {
      if (refusal) return;
      if (kept + chunk.length > limits.maxMessageBytes) {
        refusal = new MailRefusal(552, `5.3.4 Message exceeds the ${limits.maxMessageBytes} byte limit`);
      } else if (buffered + chunk.length > limits.maxBufferedBytes) {
        refusal = new MailRefusal(452, '4.3.1 Insufficient system storage, try again later');
      } else {
        chunks.push(chunk);
        kept += chunk.length;
        buffered += chunk.length;
        return;
      }
      chunks.length = 0;
      release(kept);
      kept = 0;
    });
    const transaction = transactions.get(session);
    transactions.delete(session);
    const toAbuseDesk = forAbuseDesk.delete(session);
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('end', resolve);
        stream.once('error', reject);
      });
      if (refusal) throw refusal;
      const content = Buffer.concat(chunks, kept);
      chunks.length = 0;
      if (countHops(content) > maxHops) throw new MailRefusal(554, '5.4.6 Too many hops: the message is looping');
      const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const helo = session.hostNameAppearsAs || session.clientHostname;
      const authentication = await authenticateMessage(content, { ip: session.remoteAddress, helo, sender }, { resolver, receiverName });
      if (authentication.dmarcRejection) throw new MailRefusal(550, authentication.dmarcRejection);
      const id = `${session.id}.${session.transaction}`;
      if (toAbuseDesk && abuseDesk) {
        await recordAbuseMail(abuseDesk, content);
        if (!transaction?.recipients.length) return `2.0.0 Ok: received by the abuse desk as ${id}`;
      }
      if (!context) throw new MailRefusal(550, '5.1.1 No such recipient here');
      const arrivalDate = now();
      const outcomes = await deliverInbound(deps, context, {
        envelope: { sender, helo, clientIp: session.remoteAddress, protocol: session.transmissionType || 'ESMTP', id, arrivalDate },
        recipients: transaction?.recipients ?? [],
        content: withoutForgedResults(content, receiverName),
        trace: authentication.headers,
      });
      const { refusal: answer, bounce } = answerTransaction(outcomes);
      if (answer) throw answer;
      await sendDeliveryStatus(deps, context, { sender, arrivalDate, failures: bounce, original: content });
      return `2.0.0 Ok: delivered as ${id}`;
    } finally {
      release(kept);
    }
  }

  const server = new SMTPServer({
    name: receiverName,
    banner: 'Dotspot mail receiver',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: limits.maxMessageBytes,
    maxClients: limits.maxConnections,
    // The Received field records the client's address; a PTR lookup per connection would only slow strangers down.
    disableReverseLookup: true,
    closeTimeout: closeGraceMs,
    logger: false,
    onConnect(session, callback) {
      const count = perClient.get(session.remoteAddress) ?? 0;
      if (count >= limits.maxConnectionsPerClient) return callback(smtpError(421, '4.7.0 Too many connections from your address, try again later'));
      perClient.set(session.remoteAddress, count + 1);
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (!counted.delete(session.id)) return;
      const count = (perClient.get(session.remoteAddress) ?? 1) - 1;
      if (count > 0) perClient.set(session.remoteAddress, count);
      else perClient.delete(session.remoteAddress);
    },
    onMailFrom(_address, session, callback) {
      // A new envelope on the same connection starts with no recipients.
      transactions.delete(session);
      forAbuseDesk.delete(session);
      if (session.transaction > limits.maxMessagesPerConnection)
        return callback(smtpError(421, '4.7.0 Too many messages in one connection, reconnect to send more'));
      hit(deps.db, { key: `smtp-messages:ip:${session.remoteAddress}`, max: limits.maxMessagesPerClientPerHour, windowSeconds: 3600 }).then(
        (verdict) => callback(verdict.allowed ? undefined : smtpError(450, '4.7.1 Too many messages from your address, try again later')),
        (error: unknown) => {
          console.error('mail receiver: rate limit:', (error as Error).message);
          callback(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
    onRcptTo(address, session, callback) {
      const transaction = transactions.get(session) ?? { recipients: [], addresses: new Set<string>() };
      const key = address.address.trim().toLowerCase();
      // Given twice (in any case): accepted again, delivered once.
      if (transaction.addresses.has(key)) return callback();
      if (transaction.recipients.length >= limits.maxRecipients) return callback(smtpError(452, '4.5.3 Too many recipients'));
      if (abuseDesk && isAbuseDeskAddress(deps, address.address)) {
        forAbuseDesk.add(session);
        transaction.addresses.add(key);
        transactions.set(session, transaction);
        return callback();
      }
      if (!context) return callback(smtpError(550, '5.1.1 No such recipient here'));
      const declared = session.envelope.mailFrom
        ? Number(session.envelope.mailFrom.args && (session.envelope.mailFrom.args as Record<string, string>).SIZE) || 0
        : 0;
      acceptRecipient(deps, context, address.address, declared).then(
        (recipient) => {
          transaction.recipients.push(recipient);
          transaction.addresses.add(key);
          transactions.set(session, transaction);
          callback();
        },
        (error: unknown) => {
          if (error instanceof MailRefusal) return callback(smtpError(error.responseCode, error.message));
          console.error('mail receiver: checking a recipient failed:', error);
          callback(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const delivery = receive(stream, session).then(
        (message) => callback(null, message),
        (error: unknown) => {
          if (error instanceof MailRefusal) return callback(smtpError(error.responseCode, error.message));
          console.error('mail receiver: delivery failed:', error);
          callback(smtpError(451, '4.3.0 Delivery failed, try again later'));
        },
      );
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
    },
  });
  server.on('error', (error) => console.error('mail receiver:', error.message));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...deliveries]);
    },
  };
}

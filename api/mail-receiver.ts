/**
 * The built-in SMTP receiver (with the sandbox mail host): accepts mail for our customers' forwards and mailboxes,
 * refuses every other recipient at RCPT (550), so it relays nothing for strangers. No AUTH (inbound mail needs none)
 * and no STARTTLS (no certificate); messages over the size limit are refused. `close()` stops taking connections,
 * lets deliveries in progress finish, then returns.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Deps } from './deps.ts';
import type { SandboxMailHost, SandboxRecipient } from './providers/mailhost/sandbox.ts';
import { acceptRecipient, deliverInbound, MailRefusal } from './services/email/inbound-mail.ts';

export const maxMessageBytes = 10 * 1024 * 1024;
const maxRecipients = 50;
/** How long close() lets an idle client keep its connection before saying 421. */
const closeGraceMs = 2_000;

export type MailReceiver = { port: number; close(): Promise<void> };

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startMailReceiver(
  deps: Pick<Deps, 'providers' | 'config'>,
  mailHost: SandboxMailHost,
  options: { port: number; host: string },
): Promise<MailReceiver> {
  const accepted = new WeakMap<SMTPServerSession, SandboxRecipient[]>();
  const deliveries = new Set<Promise<void>>();

  const server = new SMTPServer({
    name: deps.config.mailClientHost,
    banner: 'Dotspot mail receiver',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    closeTimeout: closeGraceMs,
    logger: false,
    onRcptTo(address, session, callback) {
      const list = accepted.get(session) ?? [];
      if (list.length >= maxRecipients) return callback(smtpError(452, '4.5.3 Too many recipients'));
      acceptRecipient(mailHost, address.address).then(
        (recipient) => {
          accepted.set(session, [...list, recipient]);
          callback();
        },
        (error: unknown) => callback(error instanceof MailRefusal ? smtpError(error.responseCode, error.message) : smtpError(451, '4.3.0 Try again later')),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = accepted.get(session) ?? [];
        accepted.delete(session);
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(smtpError(552, `5.3.4 Message exceeds the ${maxMessageBytes} byte limit`));
        const delivery = deliverInbound(deps, mailHost, {
          sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients,
          raw: Buffer.concat(chunks).toString('utf8'),
        }).then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof MailRefusal) return callback(smtpError(error.responseCode, error.message));
            console.error('mail receiver: delivery failed:', error);
            callback(smtpError(451, '4.3.0 Delivery failed, try again later'));
          },
        );
        deliveries.add(delivery);
        void delivery.finally(() => deliveries.delete(delivery));
      });
    },
  });
  server.on('error', (error) => console.error('mail receiver:', error.message));
  // A new envelope on the same connection starts with no recipients.
  const resetRecipients = (session: SMTPServerSession) => accepted.delete(session);
  server.onMailFrom = (_address, session, callback) => {
    resetRecipients(session);
    callback();
  };

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

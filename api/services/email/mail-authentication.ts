/**
 * SPF, DKIM and DMARC for mail arriving at the built-in receiver (mailauth): the results go into the message as
 * `Received-SPF` and `Authentication-Results` (RFC 8601), and a message whose author domain publishes DMARC
 * `p=reject` and fails it is refused at DATA, as the domain's owner asked. Lookups go through one resolver we choose
 * (MAIL_DNS_RESOLVER), with short timeouts, so a test can answer them and a dead DNS server costs seconds, not minutes.
 */
import { Resolver } from 'node:dns/promises';
import { authenticate, type DNSResolver } from 'mailauth';

/** How long one lookup waits for an answer, and how often it is asked. */
const lookupTimeoutMs = 2_000;
const lookupTries = 2;

export type MailAuthentication = {
  /** Trace header fields to put on top of the message (each line ends in CRLF). */
  headers: string;
  /** Set when the message must be refused: the author domain's DMARC policy is reject and the message failed it. */
  dmarcRejection: string | null;
};

export function createMailResolver(servers: readonly string[] | undefined): DNSResolver {
  const resolver = new Resolver({ timeout: lookupTimeoutMs, tries: lookupTries });
  if (servers?.length) resolver.setServers([...servers]);
  return (name, type) => resolver.resolve(name, type) as ReturnType<DNSResolver>;
}

export async function authenticateMessage(
  message: Buffer,
  envelope: { ip: string; helo: string; sender: string },
  options: { resolver: DNSResolver; receiverName: string },
): Promise<MailAuthentication> {
  const result = await authenticate(message, {
    ip: envelope.ip,
    helo: envelope.helo,
    // mailauth reads an empty sender as "take it from Return-Path"; a bounce's SPF is judged on the HELO name instead.
    sender: envelope.sender || `postmaster@${envelope.helo}`,
    mta: options.receiverName,
    resolver: options.resolver,
    // BIMI would fetch logos over HTTPS: nothing a forward or a mailbox here needs.
    disableBimi: true,
  });
  const dmarc = result.dmarc;
  const rejected = dmarc && dmarc.status.result === 'fail' && dmarc.policy === 'reject';
  return {
    headers: result.headers.replace(/\r?\n/g, '\r\n'),
    dmarcRejection: rejected
      ? `5.7.1 Message rejected: the DMARC policy of ${dmarc.status.header?.from ?? dmarc.domain} says to reject mail that fails its checks`
      : null,
  };
}

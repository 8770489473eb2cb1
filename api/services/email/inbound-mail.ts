/**
 * Mail arriving for our customers' addresses (the built-in SMTP receiver, sandbox mail host): a forward's mail is
 * relayed through the mail provider with an SRS envelope sender, a mailbox's is stored byte for byte and counted
 * toward its quota, and a bounce sent to one of our SRS addresses goes back to the original sender. Only addresses
 * the mail host holds for a domain that is still in its owner's account are accepted, so the receiver is no open
 * relay and a domain that left stops receiving at once. Each recipient's outcome is reported separately: the receiver
 * answers the transaction from them and bounces the failures (a DSN) when others were delivered.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domains, emails } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { mailDomainOwner } from '../../providers/mailhost/index.ts';
import type { SandboxMailHost } from '../../providers/mailhost/sandbox.ts';
import { buildDeliveryStatusNotification, type FailedRecipient, headerBlock, mailDate } from './delivery-status.ts';
import { type Srs, SrsError } from './srs.ts';

/** An SMTP refusal: the receiver answers with this code and text. */
export class MailRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export type InboundRecipient =
  | { kind: 'mailbox'; address: string; quotaBytes: number; usedBytes: number }
  | { kind: 'forward'; address: string; destination: string }
  /** A bounce (or reply) to one of our SRS addresses: it goes back to the sender the address stands for. */
  | { kind: 'returned'; address: string; destination: string };

/** What the receiver needs besides Deps: the mail host it serves and the SRS scheme of its relays. */
export type InboundMailContext = { mailHost: SandboxMailHost; srs: Srs; receiverName: string };

/** A recipient's outcome: delivered, or failed with the reply it amounts to. */
export type RecipientOutcome =
  | { address: string; delivered: true }
  | { address: string; delivered: false; responseCode: number; status: string; message: string };

/** Statuses whose mail we no longer take: the name left (deleted) or is not ours yet (an inbound transfer). */
const notReceiving = ['deleted', 'transfer'] as const;

/** Whether our records still give the address to a live domain, hosted for that domain's row. */
async function isLiveAddress(db: Db, address: string, owner: string | null): Promise<boolean> {
  const rows = await db
    .select({ domainId: domains.domainId })
    .from(emails)
    .innerJoin(domains, eq(domains.domainId, emails.domainId))
    .where(
      and(
        sql`lower(${emails.address}) = ${address}`,
        eq(emails.status, 'active'),
        notInArray(domains.status, [...notReceiving]),
        eq(domains.emailEnabled, true),
      ),
    );
  return rows.some((row) => owner === null || owner === mailDomainOwner(row.domainId));
}

/**
 * Decides at RCPT whether we take mail for `address`; `declaredSize` is the SIZE the client announced (RFC 1870), so
 * a mailbox that cannot hold the message refuses it before any byte is sent.
 */
export async function acceptRecipient(deps: Pick<Deps, 'db'>, context: InboundMailContext, address: string, declaredSize = 0): Promise<InboundRecipient> {
  const given = address.trim();
  const lower = given.toLowerCase();
  if (context.srs.isSrsAddress(given)) {
    try {
      return { kind: 'returned', address: lower, destination: context.srs.reverse(given) };
    } catch (error) {
      if (error instanceof SrsError) throw new MailRefusal(550, `5.1.1 <${address}>: ${error.message}`);
      throw error;
    }
  }
  const hosted = await context.mailHost.findRecipient(lower);
  if (!hosted || !(await isLiveAddress(deps.db, lower, hosted.owner))) throw new MailRefusal(550, `5.1.1 <${address}>: no such user here`);
  if (hosted.kind === 'forward') return { kind: 'forward', address: hosted.address, destination: hosted.destination ?? '' };
  if (hosted.usedBytes >= hosted.quotaBytes) throw new MailRefusal(552, `5.2.2 <${address}>: mailbox full`);
  if (hosted.usedBytes + declaredSize > hosted.quotaBytes)
    throw new MailRefusal(552, `5.2.2 <${address}>: mailbox full, the message is larger than the space left`);
  return { kind: 'mailbox', address: hosted.address, quotaBytes: hosted.quotaBytes, usedBytes: hosted.usedBytes };
}

export function readSubject(raw: Buffer): string | null {
  const match = headerBlock(raw)
    .toString('utf8')
    .match(/^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im);
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/**
 * RFC 8601 §5: an `Authentication-Results` field naming our own authserv-id can only have been written by the sender
 * (ours is added after this), so it is removed before anyone reads it as our verdict. Everything else is kept byte
 * for byte.
 */
export function withoutForgedResults(raw: Buffer, receiverName: string): Buffer {
  const header = headerBlock(raw);
  const text = header.toString('latin1');
  const fields = text.split(/(?<=\n)(?=[^ \t])/);
  const ours = new RegExp(`^Authentication-Results:\\s*${escapeRegExp(receiverName)}\\s*(;|\\d|$)`, 'i');
  const kept = fields.filter((field) => !ours.test(field));
  if (kept.length === fields.length) return raw;
  return Buffer.concat([Buffer.from(kept.join(''), 'latin1'), raw.subarray(header.length)]);
}

/** Received: fields already on the message: more than this and it is going round in circles (Postfix's hopcount_limit). */
export const maxHops = 50;

export function countHops(raw: Buffer): number {
  return (
    headerBlock(raw)
      .toString('latin1')
      .match(/^Received:/gim)?.length ?? 0
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The envelope and connection a message came with: what the trace fields record. */
export type InboundEnvelope = {
  sender: string;
  helo: string;
  clientIp: string;
  protocol: string;
  id: string;
  arrivalDate: Date;
};

/** RFC 5321 §4.4: where the message came from, who took it, how, for whom and when. One per copy, naming its recipient. */
export function receivedField(envelope: InboundEnvelope, receiverName: string, recipient: string): string {
  const helo = envelope.helo.replace(/[^\x21-\x7e]/g, '').slice(0, 255) || 'unknown';
  return (
    `Received: from ${helo} ([${envelope.clientIp}])\r\n` +
    `\tby ${receiverName} (Dotspot) with ${envelope.protocol} id ${envelope.id}\r\n` +
    `\tfor <${recipient}>; ${mailDate(envelope.arrivalDate)}\r\n`
  );
}

/** A relay failure in SMTP terms: the next server's own 5xx refusal is permanent, anything else may pass. */
function relayFailure(address: string, error: unknown): RecipientOutcome {
  const code = (error as { responseCode?: number }).responseCode;
  if (code && code >= 500 && code < 600) {
    const said = String((error as { response?: string }).response ?? (error as Error).message).replace(/^\d{3}[ -]/, '');
    return {
      address,
      delivered: false,
      responseCode: 550,
      status: said.match(/^(5\.\d+\.\d+)/)?.[1] ?? '5.0.0',
      message: `5.0.0 <${address}>: the destination refused it: ${said}`.slice(0, 400),
    };
  }
  console.error(`mail receiver: relaying for ${address} failed:`, (error as Error).message);
  return {
    address,
    delivered: false,
    responseCode: 451,
    status: '4.4.1',
    message: `4.4.1 <${address}>: the destination could not be reached, try again later`,
  };
}

/**
 * Delivers one accepted message to each recipient and reports each outcome. `trace` holds the header fields every
 * copy gets above the Received line (Authentication-Results, Received-SPF). Forwards to one destination are relayed
 * once; a message that already passed through a forward is looping and fails for it.
 */
export async function deliverInbound(
  deps: Pick<Deps, 'providers'>,
  context: InboundMailContext,
  message: { envelope: InboundEnvelope; recipients: InboundRecipient[]; content: Buffer; trace: string },
): Promise<RecipientOutcome[]> {
  const { envelope, content } = message;
  const subject = readSubject(content);
  const header = headerBlock(content).toString('latin1');
  const outcomes: RecipientOutcome[] = [];
  const relays = new Map<string, { addresses: string[]; delivered: string[] }>();

  for (const recipient of message.recipients) {
    if (recipient.kind === 'mailbox') {
      const copy = Buffer.concat([
        Buffer.from(
          `Return-Path: <${envelope.sender}>\r\nDelivered-To: ${recipient.address}\r\n${message.trace}${receivedField(envelope, context.receiverName, recipient.address)}`,
        ),
        content,
      ]);
      try {
        const stored = await context.mailHost.storeMessage({ address: recipient.address, sender: envelope.sender, subject, content: copy });
        outcomes.push(
          stored
            ? { address: recipient.address, delivered: true }
            : { address: recipient.address, delivered: false, responseCode: 552, status: '5.2.2', message: `5.2.2 <${recipient.address}>: mailbox full` },
        );
      } catch (error) {
        console.error(`mail receiver: storing for ${recipient.address} failed:`, (error as Error).message);
        outcomes.push({
          address: recipient.address,
          delivered: false,
          responseCode: 451,
          status: '4.3.0',
          message: `4.3.0 <${recipient.address}>: could not be stored, try again later`,
        });
      }
      continue;
    }
    if (recipient.kind === 'forward' && new RegExp(`^Delivered-To:\\s*${escapeRegExp(recipient.address)}\\s*$`, 'im').test(header)) {
      outcomes.push({
        address: recipient.address,
        delivered: false,
        responseCode: 554,
        status: '5.4.6',
        message: `5.4.6 <${recipient.address}>: mail for this forward is looping`,
      });
      continue;
    }
    const key = recipient.destination.toLowerCase();
    const group = relays.get(key) ?? { addresses: [], delivered: [] };
    group.addresses.push(recipient.address);
    if (recipient.kind === 'forward') group.delivered.push(recipient.address);
    relays.set(key, group);
  }

  for (const [destination, group] of relays) {
    // Delivered-To names each forward the copy went through: a copy that comes back to one of them is a loop.
    const deliveredTo = group.delivered.map((address) => `Delivered-To: ${address}\r\n`).join('');
    const copy = Buffer.concat([Buffer.from(`${deliveredTo}${message.trace}${receivedField(envelope, context.receiverName, group.addresses[0])}`), content]);
    try {
      await deps.providers.mail.relay({ from: context.srs.forward(envelope.sender), to: destination, raw: copy, subject });
      for (const address of group.addresses) outcomes.push({ address, delivered: true });
    } catch (error) {
      for (const address of group.addresses) outcomes.push(relayFailure(address, error));
    }
  }
  return outcomes;
}

/** The reply to DATA a real MTA gives for these outcomes, and the failures to bounce (only when something was delivered). */
export function answerTransaction(outcomes: readonly RecipientOutcome[]): { refusal: MailRefusal | null; bounce: FailedRecipient[] } {
  if (outcomes.length === 0) return { refusal: new MailRefusal(554, '5.5.1 No valid recipients'), bounce: [] };
  const failed = outcomes.filter((o): o is Extract<RecipientOutcome, { delivered: false }> => !o.delivered);
  if (failed.length < outcomes.length) {
    // Taken for at least one recipient: the transaction succeeded; the rest are the sender's to hear about by DSN.
    return { refusal: null, bounce: failed.map((f) => ({ address: f.address, status: f.status, diagnostic: `${f.responseCode} ${f.message}` })) };
  }
  // Nothing delivered: a temporary failure asks the sender to try again (all of it); otherwise the first refusal.
  const first = failed.find((f) => f.responseCode < 500) ?? failed[0];
  return { refusal: new MailRefusal(first.responseCode, failed.length === 1 ? first.message : `${first.message} (and ${failed.length - 1} more)`), bounce: [] };
}

/** Tells the sender which recipients failed after the message was accepted; never for a bounce (null sender). */
export async function sendDeliveryStatus(
  deps: Pick<Deps, 'providers'>,
  context: InboundMailContext,
  input: { sender: string; arrivalDate: Date; failures: FailedRecipient[]; original: Buffer },
): Promise<void> {
  if (!input.sender || input.failures.length === 0) return;
  const raw = buildDeliveryStatusNotification({
    reportingMta: context.receiverName,
    originalSender: input.sender,
    arrivalDate: input.arrivalDate,
    failures: input.failures,
    original: input.original,
  });
  try {
    await deps.providers.mail.relay({ from: '', to: input.sender, raw, subject: 'Undelivered Mail Returned to Sender' });
  } catch (error) {
    console.error(`mail receiver: the delivery status notification to ${input.sender} could not be sent:`, (error as Error).message);
  }
}

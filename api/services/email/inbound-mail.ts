/**
 * Mail arriving for our customers' addresses (the built-in SMTP receiver, sandbox mail host): a forward's mail is
 * relayed unchanged through the mail provider, a mailbox's is stored and counted toward its usage. Only addresses
 * the mail host holds are accepted, so the receiver is no open relay.
 */
import type { Deps } from '../../deps.ts';
import type { SandboxMailHost, SandboxRecipient } from '../../providers/mailhost/sandbox.ts';

/** An SMTP refusal: the receiver answers with this code and text. */
export class MailRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export async function acceptRecipient(mailHost: SandboxMailHost, address: string): Promise<SandboxRecipient> {
  const recipient = await mailHost.findRecipient(address.trim().toLowerCase());
  if (!recipient) throw new MailRefusal(550, `5.1.1 <${address}>: no such user here`);
  if (recipient.kind === 'mailbox' && recipient.usedBytes >= recipient.quotaBytes) throw new MailRefusal(552, `5.2.2 <${address}>: mailbox full`);
  return recipient;
}

function headerBlock(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  return end === -1 ? raw : raw.slice(0, end);
}

export function readSubject(raw: string): string | null {
  const match = headerBlock(raw).match(/^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im);
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/** The envelope sender of relayed mail: our own address, so the destination's SPF check passes for our servers. */
function bounceAddress(mailFrom: string): string {
  return mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
}

export async function deliverInbound(
  deps: Pick<Deps, 'providers' | 'config'>,
  mailHost: SandboxMailHost,
  message: { sender: string; recipients: SandboxRecipient[]; raw: string },
): Promise<void> {
  const subject = readSubject(message.raw);
  for (const recipient of message.recipients) {
    if (recipient.kind === 'mailbox') {
      await mailHost.storeMessage({ address: recipient.address, sender: message.sender, subject, raw: `Delivered-To: ${recipient.address}\r\n${message.raw}` });
      continue;
    }
    // A message that already passed through this forward is looping (a forward chain pointing back): drop it.
    if (new RegExp(`^Delivered-To:\\s*${recipient.address.replace(/[.+]/g, '\\$&')}\\s*$`, 'im').test(headerBlock(message.raw))) {
      throw new MailRefusal(554, `5.4.6 Mail for <${recipient.address}> is looping`);
    }
    await deps.providers.mail.relay({
      from: bounceAddress(deps.config.MAIL_FROM),
      to: recipient.destination ?? '',
      subject,
      raw: `Delivered-To: ${recipient.address}\r\n${message.raw}`,
    });
  }
}

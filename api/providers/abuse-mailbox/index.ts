/**
 * The abuse address's mailbox, where the operator's own mail server keeps the reports mailed to it, read over IMAP
 * (imap.ts, imapflow). The other way in is the built-in SMTP receiver (api/mail-receiver.ts), which takes the abuse
 * address's mail itself when its domain's MX points at it: the default, and the sandbox's way. With ABUSE_IMAP_URL
 * set, the abuse-mailbox job reads this mailbox every minute as well.
 */
import type { Config } from '../../config.ts';
import { createImapAbuseMailbox } from './imap.ts';
import type { AbuseMailbox } from './mailbox.ts';

export type { AbuseMailbox, MailboxMessage } from './mailbox.ts';

/** The configured mailbox, or null: the built-in receiver takes the abuse address's mail. */
export function createAbuseMailbox(config: Pick<Config, 'ABUSE_IMAP_URL'>): AbuseMailbox | null {
  return config.ABUSE_IMAP_URL ? createImapAbuseMailbox(config.ABUSE_IMAP_URL) : null;
}

/**
 * Reports mailed to the abuse address and kept in its mailbox at the operator's mail server (ABUSE_IMAP_URL): each
 * unread message goes the way a message taken by the built-in SMTP receiver goes (abuse-mail.ts: the loop guard,
 * the reported domain, its attachment kept as evidence, the domain's open case joined), then is marked read.
 */
import type { AbuseMailbox } from '../../../providers/abuse-mailbox/index.ts';
import type { Deps } from '../../../deps.ts';
import { recordAbuseMail } from './abuse-mail.ts';

export type MailboxPass = { taken: number; filed: number; ignored: number; left: number };

export async function readAbuseMailbox(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, mailbox: AbuseMailbox): Promise<MailboxPass> {
  let filed = 0;
  let ignored = 0;
  const { taken, left } = await mailbox.readUnread(async ({ raw }) => {
    const outcome = await recordAbuseMail(deps, raw);
    if (outcome.filed) filed += 1;
    else ignored += 1;
  });
  return { taken, filed, ignored, left };
}

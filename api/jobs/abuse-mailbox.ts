/**
 * Every minute, with ABUSE_IMAP_URL set: reads the abuse address's mailbox and files its unread reports
 * (services/compliance/abuse/abuse-mailbox.ts). One pass at a time; a failed pass is simply the next minute's work
 * (what was not marked read is read again). Without it, the built-in SMTP receiver takes the abuse address's mail.
 */
import { createAbuseMailbox } from '../providers/abuse-mailbox/index.ts';
import { readAbuseMailbox } from '../services/compliance/abuse/abuse-mailbox.ts';
import type { JobKind } from './job-kind.ts';

export const abuseMailboxJob: JobKind = {
  name: 'abuse-mailbox',
  cron: '* * * * *',
  queue: { policy: 'singleton', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3600 },
  run: async (deps) => {
    const mailbox = createAbuseMailbox(deps.config);
    return mailbox ? readAbuseMailbox(deps, mailbox) : { configured: false };
  },
};

/**
 * The abuse mailbox over IMAP with imapflow: `imaps://user:password@host[:993]/MAILBOX` (TLS from the first byte),
 * or `imap://` for a server on this machine (STARTTLS when it offers it). The mailbox is locked while a pass reads it,
 * unread messages are searched by UID, fetched whole, handed over one at a time and flagged \Seen once taken, so a
 * pass cut short leaves the rest unread (a message handed over twice is recognised by its Message-ID downstream).
 */
import { ImapFlow } from 'imapflow';
import type { AbuseMailbox, MailboxMessage } from './mailbox.ts';

/** Messages taken per pass at most: a flood waits for the next minute rather than holding one job for an hour. */
const defaultMax = 200;

export function createImapAbuseMailbox(url: string): AbuseMailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX';
  const options = {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    logger: false as const,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
  return {
    name: 'imap',
    async readUnread(handle: (message: MailboxMessage) => Promise<void>, { max = defaultMax } = {}) {
      const client = new ImapFlow(options);
      await client.connect();
      let taken = 0;
      let left = 0;
      try {
        const lock = await client.getMailboxLock(mailbox);
        try {
          const found = await client.search({ seen: false }, { uid: true });
          const uids = (found || []).sort((a, b) => a - b);
          left = Math.max(0, uids.length - max);
          for (const uid of uids.slice(0, max)) {
            const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
            if (!message || !message.source) continue;
            await handle({ uid, raw: message.source });
            await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
            taken += 1;
          }
        } finally {
          lock.release();
        }
      } finally {
        await client.logout().catch(() => client.close());
      }
      return { taken, left };
    },
  };
}

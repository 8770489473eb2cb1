/**
 * ABUSE_IMAP_URL: the abuse address's mailbox at the operator's mail server, read every minute (providers/abuse-mailbox):
 * imaps://user:password@host/INBOX (user and password percent-encoded); imap:// only for a server on this machine.
 */
import '../zod-config.ts';
import { z } from 'zod';

export const abuseImapUrlSchema = z
  .url({
    protocol: /^imaps?$/,
    error: 'ABUSE_IMAP_URL must be an imaps:// address, such as imaps://abuse%40registrar.example:secret@imap.registrar.example/INBOX',
  })
  .refine((url) => {
    const { protocol, hostname, username } = new URL(url);
    return username !== '' && (protocol === 'imaps:' || ['127.0.0.1', 'localhost', '[::1]'].includes(hostname));
  }, 'ABUSE_IMAP_URL needs a user and password, and imaps:// unless the server is on this machine (imap:// would send the password in clear)');

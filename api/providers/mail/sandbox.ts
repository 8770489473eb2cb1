/** Email that goes to the outbox table instead of the internet; read it at /dev/outbox. */
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MailProvider } from './index.ts';

export function createSandboxMail(db: Db): MailProvider {
  return {
    name: 'sandbox',
    async send({ to, subject, text }) {
      await db.insert(outbox).values({ channel: 'email', to, subject, body: text, createdAt: now() });
    },
    async relay({ to, subject, raw }) {
      // The outbox is text for reading in a browser; bytes that are not UTF-8 show as U+FFFD there (and only there).
      await db.insert(outbox).values({ channel: 'email', to, subject, body: raw.toString('utf8'), createdAt: now() });
    },
  };
}

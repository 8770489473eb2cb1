/** Email that goes to the outbox table instead of the internet; read it at /dev/outbox. */
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MailProvider } from './index.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The relayed message as text for reading: UTF-8 when its bytes are UTF-8, otherwise one character per byte
 * (ISO-8859-1), never U+FFFD, so an 8-bit body reads back to the same bytes. The bytes themselves are kept in `raw`.
 */
export function readableMessage(raw: Buffer): string {
  try {
    return utf8.decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}

export function createSandboxMail(db: Db): MailProvider {
  return {
    name: 'sandbox',
    async send({ to, subject, text }) {
      await db.insert(outbox).values({ channel: 'email', to, subject, body: text, createdAt: now() });
    },
    async relay({ from, to, subject, raw }) {
      // What the real relay would put on the wire: MAIL FROM (the SRS address of a forward) and the bytes unchanged.
      await db.insert(outbox).values({ channel: 'email', to, subject, body: readableMessage(raw), envelopeFrom: from, raw, createdAt: now() });
    },
  };
}

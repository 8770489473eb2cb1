/**
 * Outgoing mail and SMS that nobody waits for (a recovery link, a notice): queued, then delivered by the send-message
 * job with retries. Codes a person waits for on screen (the checkout phone code, sign-in codes) are sent at once
 * instead, so a refusal reaches them as an error they can act on (verification.ts, mfa.ts).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { JobQueue } from '../../deps.ts';
import type { Providers } from '../../providers/index.ts';

export type OutgoingMessage = { channel: 'email'; to: string; subject: string; text: string } | { channel: 'sms'; to: string; body: string };

export const sendMessageQueue = 'send-message';

export async function queueMessage(jobs: JobQueue, message: OutgoingMessage): Promise<void> {
  await jobs.send(sendMessageQueue, message);
}

/**
 * One delivery attempt; a throw makes the queue try again later. Every queued email is written by the application, not
 * typed by a person: it goes out marked `Auto-Submitted: auto-generated` (RFC 3834), so vacation responders and
 * ticket systems at the other end do not answer it, and nothing loops with our own abuse mailbox.
 */
export async function deliverMessage(providers: Pick<Providers, 'mail' | 'sms'>, message: OutgoingMessage): Promise<void> {
  if (message.channel === 'email') {
    await providers.mail.send({ to: message.to, subject: message.subject, text: message.text, autoSubmitted: 'auto-generated' });
  } else await providers.sms.send({ to: message.to, body: message.body });
}

/** The newest 200 messages the sandbox mail and SMS providers kept instead of sending (read at /dev/outbox). */
export async function readOutbox(db: Db) {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
  // A relayed message's bytes are served by readOutboxMessage; here its envelope, size and where to get them.
  return rows.map(({ raw, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sizeBytes: raw ? raw.length : null,
    rawUrl: raw ? `/api/dev/outbox/${row.id}/raw` : null,
  }));
}

/** One relayed message's bytes exactly as the relay would send them, with its envelope sender; null when there are none. */
export async function readOutboxMessage(db: Db, id: number): Promise<{ raw: Buffer; envelopeFrom: string } | null> {
  const [row] = await db.select({ raw: outbox.raw, envelopeFrom: outbox.envelopeFrom }).from(outbox).where(eq(outbox.id, id));
  return row?.raw ? { raw: row.raw, envelopeFrom: row.envelopeFrom ?? '' } : null;
}

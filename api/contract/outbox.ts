/** GET /api/dev/outbox (sandbox mode only): the SMS and email messages the sandbox providers kept, newest first. */
import './zod-config.ts';
import { z } from 'zod';

export const outboxMessageSchema = z.strictObject({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  /** A relayed message: its envelope sender ('' for the null sender) and where its exact bytes are. */
  envelopeFrom: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  rawUrl: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** A renewal price rise waiting for the customer's answer (GET /api/priceRises), as the account app's banner shows it. */
import { z } from 'zod';

export const priceRiseViewSchema = z.strictObject({
  noticeId: z.number().int(),
  domainId: z.number().int(),
  domain: z.string(),
  /** The renew price before and after, in cents. */
  before: z.number().int(),
  after: z.number().int(),
  /** Auto-renew waits for the customer's answer. */
  paused: z.boolean(),
  noticeDate: z.string(),
});
export type PriceRiseView = z.infer<typeof priceRiseViewSchema>;

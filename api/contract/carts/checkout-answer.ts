/** What PATCH /api/carts/:id answers a checkout (`commit: true`): the order, or the card action it waits for. */
import '../zod-config.ts';
import { z } from 'zod';

export const checkoutAnswerSchema = z.strictObject({
  cartId: z.number().int(),
  orderId: z.number().int(),
  /** In cents, as charged. */
  totalPrice: z.number().int(),
  /** The card asks the buyer to authenticate (3-D Secure): finish it, then commit again with `paymentIntentId`. */
  requiresAction: z.boolean(),
  clientSecret: z.string().optional(),
  paymentIntentId: z.string().optional(),
  accountId: z.number().int().optional(),
  registered: z.array(z.string()).optional(),
  failedDomains: z.array(z.string()).optional(),
  /** Transfers the registry answered auth-code-needed or auth-code-rejected: recorded, not charged. */
  awaitingAuthCode: z.array(z.string()).optional(),
  /** Names whose registry answer never came: charged only once reconciliation finds them registered. */
  unconfirmedDomains: z.array(z.string()).optional(),
  message: z.string().optional(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/**
 * The answers of GET /api/orders and GET /api/orders/:id as zod schemas: order-confirmation.ts takes its types from
 * here (type-only, so the account app's receipt words carry no zod) and the front ends' document publishes them.
 */
import '../zod-config.ts';
import { z } from 'zod';

export const orderConfirmationLineSchema = z.strictObject({
  domain: z.string(),
  kind: z.enum(['registration', 'transfer', 'market']),
  outcome: z.enum(['delivered', 'failed', 'confirming', 'awaitingAuthCode']),
  years: z.number().int(),
  /** Cents: the term (or the agreed price of a name bought from its owner), protection, the plan's first month. */
  price: z.number().int(),
  protectionPrice: z.number().int(),
  monthlyPrice: z.number().int(),
  /** What the card pays for the line: price, protection and plan, less `discount` and `credit`, plus `tax`. */
  totalPrice: z.number().int(),
  /** Cents off by the order's promo code, and paid from account credit. */
  discount: z.number().int(),
  credit: z.number().int(),
  tax: z.number().int(),
  /** `refunded` or `cancelled` once all of the line's money went back. */
  refundState: z.enum(['refunded', 'cancelled']).nullable(),
  /** Whether this line is in the amount charged (only what was delivered is). */
  charged: z.boolean(),
  /** Registered until (a transfer: once it completes); null when nothing was delivered. */
  expireDate: z.string().nullable(),
  /** The buyer's domain row, for a link into My Domains. */
  domainId: z.number().int().nullable(),
  /** A name bought from its owner: locked against transfer to another registrar until then (a change of registrant). */
  transferLockUntil: z.string().nullable(),
});

const orderStatus = z.enum(['completed', 'confirming', 'processing', 'failed']);
const refundStatus = z.enum(['none', 'partlyRefunded', 'refunded']);

export const orderConfirmationSchema = z.strictObject({
  orderId: z.number().int(),
  /** `processing` while checkout still runs; `confirming` while some registry answer is awaited (nothing charged yet). */
  status: orderStatus,
  createDate: z.string(),
  lines: z.array(orderConfirmationLineSchema),
  /** The sums of the charged lines: subtotal − discount + tax = total; total − credit = what the card pays. */
  subtotal: z.number().int(),
  promoCode: z.string().nullable(),
  discount: z.number().int(),
  credit: z.number().int(),
  tax: z.number().int(),
  /** "VAT 21% (Netherlands)", "Sales tax 4% (New York)"; null when no tax was charged. */
  taxLabel: z.string().nullable(),
  /** The reverse-charge wording, or why VAT was charged to a business (VIES did not answer); null otherwise. */
  taxNote: z.string().nullable(),
  total: z.number().int(),
  /** Cents taken from the card for this order; 0 while the authorisation is held. */
  totalCharged: z.number().int(),
  /** Money that went back: to the card, and as account credit. */
  refundedToCard: z.number().int(),
  refundedAsCredit: z.number().int(),
  refundStatus,
  /** The order's invoice and credit notes. */
  documents: z.array(z.strictObject({ number: z.string(), kind: z.enum(['invoice', 'creditNote']), total: z.number().int(), createDate: z.string() })),
  /** "Visa ending in 4242", or null when the card is gone from the account. */
  card: z.string().nullable(),
  /** Where the receipt goes. */
  email: z.string().nullable(),
  error: z.string().nullable(),
});

/** One row of the account's Orders list (GET /api/orders). */
export const orderSummarySchema = z.strictObject({
  orderId: z.number().int(),
  createDate: z.string(),
  status: orderStatus,
  refundStatus,
  domains: z.array(z.string()),
  /** The receipt's sums: subtotal − discount + tax = total; total − credit = what the card paid. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  credit: z.number().int(),
  total: z.number().int(),
  totalCharged: z.number().int(),
});

export type OrderConfirmationLine = z.infer<typeof orderConfirmationLineSchema>;
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;

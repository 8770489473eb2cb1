/**
 * Orders, payments and refunds as the back office reads them (GET /api/admin/orders, /payments, their refunds), as
 * zod schemas: refunds.ts takes its types from here, and the front ends' document publishes them.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { type TransactionType, transactionTypes } from './transaction-types.ts';

/** What a refund of a registration, renewal or transfer does to the name (see services/billing/refund-names.ts). */
export const nameActions = ['cancel', 'delete', 'keep'] as const;

/** One thing a payment paid for: a charge row, and what is left of it after discounts, credits and refunds (cents). */
export const paymentChargeSchema = z.strictObject({
  transactionId: z.number().int(),
  type: z.enum(transactionTypes as [TransactionType, ...TransactionType[]]),
  domainId: z.number().int().nullable(),
  description: z.string(),
  amount: z.number().int(),
  refundable: z.number().int(),
  /** A registration's, renewal's or transfer's charge asks what happens to the name: null for other charges. */
  name: z.strictObject({ graceDaysLeft: z.number().int().nullable() }).nullable(),
  /** The order the charge belongs to: a line's tax goes back with the line's other charges of the same order. */
  orderId: z.number().int().nullable(),
  /** A tax charge's rate (0.21 for 21%); null for other charges. */
  taxRate: z.number().nullable(),
});

/**
 * A kept name whose renewal was refunded in full: the renewal's years come off its expiry where the registry can take a
 * renewal back. `pending` until the registry is asked (`sending` while it is), then `done` (the name expires on
 * `expireDate`), `refused` (the registry said no, `note` says why) or `unsupported` (its registry has no way to); the
 * name keeps `expireDate` in both.
 */
export const refundYearsSchema = z.strictObject({
  count: z.number().int(),
  state: z.enum(['pending', 'sending', 'done', 'refused', 'unsupported']),
  expireDate: z.string(),
  note: z.string().optional(),
  /** While `sending`: until when the request asking the registry has it; after that a repeat or the reconciler may. */
  leaseUntil: z.string().optional(),
});

export const refundedNameSchema = z.strictObject({
  domainId: z.number().int(),
  domain: z.string(),
  action: z.enum(nameActions),
  done: z.boolean(),
  years: refundYearsSchema.optional(),
});

export const refundViewSchema = z.strictObject({
  refundId: z.number().int(),
  paymentIntentId: z.string(),
  orderId: z.number().int().nullable(),
  amount: z.number().int(),
  /** `claimed` while the provider has not answered; then the provider's (`succeeded`, or `pending` at Stripe). */
  status: z.string(),
  /** The part given back as account credit (`amount` is the card's part). */
  creditAmount: z.number().int(),
  /** What happened to each refunded name; `done` once the registry deleted it (always for `keep`). */
  names: z.array(refundedNameSchema),
  items: z.array(z.strictObject({ transactionId: z.number().int(), amount: z.number().int(), description: z.string() })),
  reason: z.string(),
  staffId: z.number().int().nullable(),
  createDate: z.string(),
});

/** One card payment on the ledger: an order's capture, or a single charge's (a renewal, a monthly bill). */
export const paymentDetailSchema = z.strictObject({
  paymentIntentId: z.string(),
  accountId: z.number().int(),
  orderId: z.number().int().nullable(),
  /** What the card paid, what went back to it, and what still can. */
  paid: z.number().int(),
  refunded: z.number().int(),
  /** What account credit paid of the order, and what refunds gave back as credit. */
  creditPaid: z.number().int(),
  creditReturned: z.number().int(),
  /** What can still be given back: the card's part and the credit's. */
  refundable: z.number().int(),
  charges: z.array(paymentChargeSchema),
  refunds: z.array(refundViewSchema),
});

/** Whether an order's money went back: all of its delivered lines refunded, some money back, or none. */
const orderRefundStatus = z.enum(['none', 'partlyRefunded', 'refunded']);

export const orderLineViewSchema = z.strictObject({
  orderLineId: z.number().int(),
  domain: z.string(),
  kind: z.enum(['registration', 'transfer', 'market']),
  state: z.string(),
  price: z.number().int(),
  protectionPrice: z.number().int(),
  monthlyPrice: z.number().int(),
  discount: z.number().int(),
  credit: z.number().int(),
  totalPrice: z.number().int(),
  domainId: z.number().int().nullable(),
  error: z.string().nullable(),
  /** `refunded` or `cancelled` once all of the line's money went back. */
  refundState: z.enum(['refunded', 'cancelled']).nullable(),
  /** A registration's add grace period: days left to cancel it for the registry's credit (negative once over). */
  graceDaysLeft: z.number().int().nullable(),
});

export const orderDetailSchema = z.strictObject({
  orderId: z.number().int(),
  accountId: z.number().int().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  totalPrice: z.number().int(),
  paymentIntentId: z.string().nullable(),
  promoCode: z.string().nullable(),
  error: z.string().nullable(),
  refundStatus: orderRefundStatus,
  createDate: z.string(),
  lines: z.array(orderLineViewSchema),
  payment: paymentDetailSchema.nullable(),
});

export const orderListRowSchema = z.strictObject({
  orderId: z.number().int(),
  accountId: z.number().int().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  totalPrice: z.number().int(),
  paymentIntentId: z.string().nullable(),
  createDate: z.string(),
  domains: z.array(z.string()),
  refunded: z.number().int(),
});

/** A card payment of an account outside orders (renewals, monthly bills, protection), for refunds of single charges. */
export const accountPaymentRowSchema = z.strictObject({
  paymentIntentId: z.string(),
  description: z.string(),
  amount: z.number().int(),
  refunded: z.number().int(),
  date: z.string(),
});

/** A refund made (or, for a repeated request, the one the first made), the payment as it is now, and staff's sentence. */
export const refundAnswerSchema = z.strictObject({ refund: refundViewSchema, payment: paymentDetailSchema, replayed: z.boolean(), message: z.string() });

export type PaymentCharge = z.infer<typeof paymentChargeSchema>;
export type RefundYears = z.infer<typeof refundYearsSchema>;
export type RefundedName = z.infer<typeof refundedNameSchema>;
export type RefundView = z.infer<typeof refundViewSchema>;
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
export type OrderRefundStatus = z.infer<typeof orderRefundStatus>;
export type OrderLineView = z.infer<typeof orderLineViewSchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type OrderListRow = z.infer<typeof orderListRowSchema>;
export type AccountPaymentRow = z.infer<typeof accountPaymentRowSchema>;

/** Orders, payments and refunds as the back office reads and sends them (GET /api/admin/orders, payments, refunds). */
import '../zod-config.ts';
import { z } from 'zod';
import { reasonSchema } from '../audit/audit-schemas.ts';
import type { TransactionType } from './transaction-types.ts';

/** One thing a payment paid for: a charge row, and what is left of it after discounts, credits and refunds (cents). */
export type PaymentCharge = {
  transactionId: number;
  type: TransactionType;
  domainId: number | null;
  description: string;
  amount: number;
  refundable: number;
};

export type RefundView = {
  refundId: number;
  paymentIntentId: string;
  orderId: number | null;
  amount: number;
  /** `claimed` while the provider has not answered; then the provider's (`succeeded`, or `pending` at Stripe). */
  status: string;
  items: { transactionId: number; amount: number; description: string }[];
  reason: string;
  staffId: number | null;
  createDate: string;
};

/** One card payment on the ledger: an order's capture, or a single charge's (a renewal, a monthly bill). */
export type PaymentDetail = {
  paymentIntentId: string;
  accountId: number;
  orderId: number | null;
  /** What the card paid, what went back to it, and what still can. */
  paid: number;
  refunded: number;
  refundable: number;
  charges: PaymentCharge[];
  refunds: RefundView[];
};

export type OrderLineView = {
  orderLineId: number;
  domain: string;
  kind: 'registration' | 'transfer' | 'market';
  state: string;
  price: number;
  protectionPrice: number;
  monthlyPrice: number;
  discount: number;
  credit: number;
  totalPrice: number;
  domainId: number | null;
  error: string | null;
};

export type OrderDetail = {
  orderId: number;
  accountId: number | null;
  email: string | null;
  status: string;
  totalPrice: number;
  paymentIntentId: string | null;
  promoCode: string | null;
  error: string | null;
  createDate: string;
  lines: OrderLineView[];
  payment: PaymentDetail | null;
};

export type OrderListRow = {
  orderId: number;
  accountId: number | null;
  email: string | null;
  status: string;
  totalPrice: number;
  paymentIntentId: string | null;
  createDate: string;
  domains: string[];
  refunded: number;
};

/** A card payment of an account outside orders (renewals, monthly bills, protection), for refunds of single charges. */
export type AccountPaymentRow = { paymentIntentId: string; description: string; amount: number; refunded: number; date: string };

/** POST /api/admin/orders/:id/refunds and /api/admin/payments/:id/refunds. */
export const refundRequestSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        transactionId: z.number().int().positive(),
        amount: z.number({ error: 'Enter an amount' }).int('Amounts are whole cents').positive('Each amount must be more than $0.00'),
      }),
    )
    .min(1, 'Choose what to refund')
    .max(100),
  reason: reasonSchema,
  /** One per refund the staff member means (the form makes it): a repeat answers the first refund. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const orderListQuerySchema = z.object({
  /** An order number, or words of a domain or email. */
  q: z.string().trim().max(200).optional(),
  accountId: z.coerce.number().int().positive().optional(),
  status: z.enum(['pending', 'requiresAction', 'authorized', 'unconfirmed', 'completed', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

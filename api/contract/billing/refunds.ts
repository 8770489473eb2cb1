/** Orders, payments and refunds as the back office reads and sends them (GET /api/admin/orders, payments, refunds). */
import '../zod-config.ts';
import { z } from 'zod';
import { customerNoteSchema, reasonSchema } from '../audit/audit-schemas.ts';
import { formatDateUtc } from '../dates.ts';
import type { TransactionType } from './transaction-types.ts';

/** One thing a payment paid for: a charge row, and what is left of it after discounts, credits and refunds (cents). */
export type PaymentCharge = {
  transactionId: number;
  type: TransactionType;
  domainId: number | null;
  description: string;
  amount: number;
  refundable: number;
  /** A registration's, renewal's or transfer's charge asks what happens to the name: null for other charges. */
  name: { graceDaysLeft: number | null } | null;
  /** The order the charge belongs to: a line's tax goes back with the line's other charges of the same order. */
  orderId: number | null;
  /** A tax charge's rate (0.21 for 21%); null for other charges. */
  taxRate: number | null;
};

export type RefundView = {
  refundId: number;
  paymentIntentId: string;
  orderId: number | null;
  amount: number;
  /** `claimed` while the provider has not answered; then the provider's (`succeeded`, or `pending` at Stripe). */
  status: string;
  /** The part given back as account credit (`amount` is the card's part). */
  creditAmount: number;
  /** What happened to each refunded name; `done` once the registry deleted it (always for `keep`). */
  names: RefundedName[];
  items: { transactionId: number; amount: number; description: string }[];
  reason: string;
  staffId: number | null;
  createDate: string;
};

/**
 * A kept name whose renewal was refunded in full: the renewal's years come off its expiry where the registry can take a
 * renewal back. `pending` until the registry is asked (`sending` while it is), then `done` (the name expires on
 * `expireDate`), `refused` (the registry said no, `note` says why) or `unsupported` (its registry has no way to); the
 * name keeps `expireDate` in both.
 */
export type RefundYears = {
  count: number;
  state: 'pending' | 'sending' | 'done' | 'refused' | 'unsupported';
  expireDate: string;
  note?: string;
  /** While `sending`: until when the request asking the registry has it; after that a repeat or the reconciler may. */
  leaseUntil?: string;
};

export type RefundedName = { domainId: number; domain: string; action: NameAction; done: boolean; years?: RefundYears };

/** Staff's sentence about a refunded renewal's years (the refund's message, its audit row, the back office). */
export function yearsSentence(name: RefundedName): string | null {
  const years = name.years;
  if (!years) return null;
  const term = `${years.count} year${years.count === 1 ? '' : 's'}`;
  const date = formatDateUtc(years.expireDate);
  if (years.state === 'done') return `${name.domain} now expires on ${date}: the registry took the renewal (${term}) back.`;
  if (years.state === 'refused' || years.state === 'unsupported') {
    return `${name.domain} keeps its expiry of ${date}: ${years.note ?? 'the registry cannot take the renewal back'}. The money was refunded all the same.`;
  }
  return `${name.domain}: the registry has not yet taken the renewal's ${term} back.`;
}

/** One card payment on the ledger: an order's capture, or a single charge's (a renewal, a monthly bill). */
export type PaymentDetail = {
  paymentIntentId: string;
  accountId: number;
  orderId: number | null;
  /** What the card paid, what went back to it, and what still can. */
  paid: number;
  refunded: number;
  /** What account credit paid of the order, and what refunds gave back as credit. */
  creditPaid: number;
  creditReturned: number;
  /** What can still be given back: the card's part and the credit's. */
  refundable: number;
  charges: PaymentCharge[];
  refunds: RefundView[];
};

/** What a refund of a registration, renewal or transfer does to the name (see services/billing/refund-names.ts). */
export const nameActions = ['cancel', 'delete', 'keep'] as const;
export type NameAction = (typeof nameActions)[number];

/** Whether an order's money went back: all of its delivered lines refunded, some money back, or none. */
export type OrderRefundStatus = 'none' | 'partlyRefunded' | 'refunded';

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
  /** `refunded` or `cancelled` once all of the line's money went back. */
  refundState: 'refunded' | 'cancelled' | null;
  /** A registration's add grace period: days left to cancel it for the registry's credit (negative once over). */
  graceDaysLeft: number | null;
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
  refundStatus: OrderRefundStatus;
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
  /** What the customer reads in Account activity beside the refund (the reason stays internal); empty: nothing more. */
  customerNote: customerNoteSchema,
  /** `original`: the card's part to the card and the credit's part back as credit; `credit`: all of it as account credit. */
  to: z.enum(['original', 'credit']).default('original'),
  /** What happens to each refunded name (unnamed ones are kept). */
  names: z
    .array(z.strictObject({ domainId: z.number().int().positive(), action: z.enum(nameActions, { error: 'Choose cancel, delete or keep' }) }))
    .max(100)
    .default([]),
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

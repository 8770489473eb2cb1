/** Orders, payments and refunds as the back office reads and sends them (GET /api/admin/orders, payments, refunds). */
import '../zod-config.ts';
import { z } from 'zod';
import { customerNoteSchema, reasonSchema } from '../audit/audit-schemas.ts';
import { formatDateUtc } from '../dates.ts';
import { nameActions, type RefundedName } from './refund-schemas.ts';

export {
  type AccountPaymentRow,
  nameActions,
  type OrderDetail,
  type OrderLineView,
  type OrderListRow,
  type OrderRefundStatus,
  type PaymentCharge,
  type PaymentDetail,
  type RefundedName,
  type RefundView,
  type RefundYears,
} from './refund-schemas.ts';
export type NameAction = (typeof nameActions)[number];

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
  /** Orders with a line of this kind delivered (since `since`): what the dashboard's Registrations and Transfers count. */
  line: z.enum(['registration', 'transfer']).optional(),
  /** A UTC day: orders placed on it or later, or with `line`, lines delivered on it or later. */
  since: z.iso.date({ error: 'since must be a day, as 2026-11-24' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Card money in and sellers' shares out (GET /api/admin/revenue): the list behind the dashboard's Revenue figure. */
import { z } from 'zod';

export const revenueQuerySchema = z.object({
  /** A UTC day: payments taken on it or later (the dashboard's today, 7 days and 30 days start on one). */
  since: z.iso.date({ error: 'since must be a day, as 2026-11-24' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const revenueRowSchema = z.strictObject({
  transactionId: z.number().int(),
  accountId: z.number().int(),
  email: z.string().nullable(),
  /** `payment`: a card payment taken; `payout`: a seller's share of a market sale, owed to them. */
  type: z.enum(['payment', 'payout']),
  description: z.string(),
  /** Cents as Revenue counts them: a payment taken is positive, a seller's share negative. */
  amount: z.number().int(),
  orderId: z.number().int().nullable(),
  domainId: z.number().int().nullable(),
  paymentReference: z.string().nullable(),
  date: z.iso.datetime(),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

export const revenueListSchema = z.strictObject({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  /** Cents: every row's amount added up, all pages: the dashboard's Revenue for a period that starts on `since`. */
  net: z.number().int(),
  data: z.array(revenueRowSchema),
});
export type RevenueList = z.infer<typeof revenueListSchema>;

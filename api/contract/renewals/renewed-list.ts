/** Renewals that went through (GET /api/admin/renewed): the list behind the dashboard's Renewals figure. */
import { z } from 'zod';

export const renewedQuerySchema = z.object({
  /** A UTC day: renewals made on it or later (the dashboard's today, 7 days and 30 days start on one). */
  since: z.iso.date({ error: 'since must be a day, as 2026-11-24' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export type RenewedQuery = z.infer<typeof renewedQuerySchema>;

export const renewedRowSchema = z.strictObject({
  renewalId: z.number().int(),
  domainId: z.number().int(),
  domain: z.string(),
  accountId: z.number().int(),
  email: z.string().nullable(),
  years: z.number().int(),
  newExpireDate: z.iso.datetime(),
  /** Cents: the renewal, with a redemption fee and Domain Protection when they were part of it. */
  amount: z.number().int(),
  kind: z.enum(['manual', 'auto']),
  createDate: z.iso.datetime(),
});
export type RenewedRow = z.infer<typeof renewedRowSchema>;

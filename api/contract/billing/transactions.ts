/** Billing history over HTTP (control-panel spec §7 Transactions): the month query and the answer of GET /api/transactions. */
import '../zod-config.ts';
import { z } from 'zod';
import { type TransactionType, transactionTypes } from './transaction-types.ts';

export * from './transaction-types.ts';

const timestamp = z.iso.datetime();

/** `yyyymm`: a calendar month, e.g. 202611. */
export const yyyymmSchema = z
  .string({ error: 'yyyymm is required, e.g. 202611' })
  .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'yyyymm must be a year and month, e.g. 202611');

export const transactionsQuerySchema = z.object({
  yyyymm: yyyymmSchema,
  $pdf: z.enum(['true', 'false']).optional(),
});

export const transactionSchema = z.strictObject({
  transactionId: z.number().int(),
  type: z.enum(transactionTypes as [TransactionType, ...TransactionType[]]),
  startDate: timestamp,
  endDate: timestamp.nullable(),
  description: z.string(),
  /** Cents; charges positive, payments negative. */
  amount: z.number().int(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsAnswerSchema = z.strictObject({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(transactionSchema),
  metaData: z.strictObject({
    yyyymm: z.string(),
    /** The month's first instant and the next month's first instant (UTC). */
    startDate: timestamp,
    endDate: timestamp,
    /** Per-type totals of the month in cents; `start` and `balance` are the starting and ending balances. */
    totals: z.record(z.string(), z.number().int()),
  }),
});
export type TransactionsAnswer = z.infer<typeof transactionsAnswerSchema>;

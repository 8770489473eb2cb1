/**
 * Billing history (control-panel spec §3 Transaction, §9 Billing history): the month query, the answer of
 * GET /api/transactions, the type labels in the spec's order, and which months a customer may pick.
 */
import './zod-config.ts';
import { z } from 'zod';

/** The spec's transaction types in its table's order, with their labels. */
export const transactionTypeLabels = {
  start: 'Starting Balance',
  setup: 'Setup Fees',
  lnp: 'Porting Fees',
  nrc: 'Non-Recurring Charges',
  mrc: 'Recurring Charges',
  usage: 'Usage Charges',
  user: 'User Fees',
  transfer: 'Transfer Fees',
  other: 'Other Fees',
  tax: 'Taxes and Fees',
  payment: 'Payments',
  balance: 'Ending Balance',
} as const;
export type TransactionType = keyof typeof transactionTypeLabels;
export const transactionTypes = Object.keys(transactionTypeLabels) as TransactionType[];
/** The types rows of the ledger carry; start and balance are the period's computed balances. */
export const ledgerTypes = transactionTypes.filter((type) => type !== 'start' && type !== 'balance');

/** Groups with more rows than this open collapsed (spec §9). */
export const collapsedGroupRows = 5;
/** How many months back billing history offers (spec §9). */
export const selectableMonthCount = 12;

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

export function toYyyymm(date: Date): string {
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant (UTC) of a `yyyymm` month and of the month after it. */
export function monthBounds(yyyymm: string): { start: Date; end: Date } {
  const year = Number(yyyymm.slice(0, 4));
  const month = Number(yyyymm.slice(4, 6)) - 1;
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The months a customer may pick, newest first: the last 12 up to `now`, none before the account was created. */
export function selectableMonths(accountCreateDate: Date, now: Date): string[] {
  const months: string[] = [];
  const first = toYyyymm(accountCreateDate);
  for (let back = 0; back < selectableMonthCount; back++) {
    const month = toYyyymm(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
    if (month < first) break;
    months.push(month);
  }
  return months;
}

/** "November 2026" for a `yyyymm`. */
export function monthLabel(yyyymm: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(monthBounds(yyyymm).start);
}

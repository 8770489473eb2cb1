/** Recurring billing: each account's billing day and the monthly bills charged on it (one per account per month). */
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** When an account's monthly plans are charged: its billing day (1-28, from its first plan) and the next bill date. */
export const billingSchedules = pgTable('billing_schedules', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.accountId),
  billingDay: integer().notNull(),
  nextBillDate: timestamp({ withTimezone: true }).notNull(),
  createDate: timestamp({ withTimezone: true }).notNull(),
});
export type BillingScheduleRow = typeof billingSchedules.$inferSelect;

export type RecurringBillLine = { domainId: number; domain: string; plan: string; amount: number };

/**
 * One month's bill: opened on the bill date with the plans due then, charged once (the unique period is the
 * idempotency key per account per month), retried after a failure until `attempts` runs out.
 */
export const recurringBills = pgTable(
  'recurring_bills',
  {
    recurringBillId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    /** yyyymm of the bill date. */
    period: text().notNull(),
    billDate: timestamp({ withTimezone: true }).notNull(),
    /** The end of the period the bill pays for: the next bill date. */
    endDate: timestamp({ withTimezone: true }).notNull(),
    amount: integer().notNull(),
    lines: jsonb().$type<RecurringBillLine[]>().notNull(),
    /** due → charging → paid; a failed attempt goes back to due with a later nextAttemptDate, the last one to failed. */
    status: text({ enum: ['due', 'charging', 'paid', 'failed'] })
      .notNull()
      .default('due'),
    attempts: integer().notNull().default(0),
    nextAttemptDate: timestamp({ withTimezone: true }).notNull(),
    /** When the current attempt was claimed: a claim older than the lease is a crashed worker's, taken over with the same key. */
    claimDate: timestamp({ withTimezone: true }),
    paymentIntentId: text(),
    lastError: text(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    modifyDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('recurring_bills_account_period').on(t.accountId, t.period)],
);
export type RecurringBillRow = typeof recurringBills.$inferSelect;

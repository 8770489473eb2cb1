/** Renewals (manual and automatic) and the domain calendar's notices: what was charged for which term, and what was sent. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { domains } from './domains.ts';

/**
 * One charge for renewals: a customer's order (keyed by the key the browser sends, so a double click is one order) or
 * one auto-renewal of one domain's term (keyed `auto:<domainId>:<expiry>`, so two workers claim it once).
 */
export const renewalOrders = pgTable(
  'renewal_orders',
  {
    renewalOrderId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    orderKey: text().notNull(),
    kind: text({ enum: ['manual', 'auto'] }).notNull(),
    /**
     * pending: claimed, being charged; requires_action: waiting for the customer's 3-D Secure; retrying: an auto-renew
     * charge failed and is tried again at nextAttemptDate; held: authorised, a registry answer is unknown; settled:
     * captured or released; failed: nothing charged, nothing renewed.
     */
    status: text({ enum: ['pending', 'requires_action', 'retrying', 'held', 'settled', 'failed'] })
      .notNull()
      .default('pending'),
    /** An auto-renewal's domain and the expiry of the term it renews: one auto-renewal per term (the unique index). */
    domainId: integer().references(() => domains.domainId),
    termExpireDate: timestamp({ withTimezone: true }),
    renewalPeriod: integer().notNull(),
    amount: integer().notNull(),
    paymentIntentId: text(),
    paymentMethodId: integer(),
    cardDescription: text(),
    attempts: integer().notNull().default(0),
    nextAttemptDate: timestamp({ withTimezone: true }),
    lastError: text(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    modifyDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('renewal_orders_key').on(t.accountId, t.orderKey),
    uniqueIndex('renewal_orders_auto_term').on(t.domainId, t.termExpireDate),
    index('renewal_orders_status').on(t.status, t.nextAttemptDate),
  ],
);
export type RenewalOrderRow = typeof renewalOrders.$inferSelect;

/** One domain's renewal within an order: the term it renews from, what it costs, and what the registry said. */
export const renewals = pgTable(
  'renewals',
  {
    renewalId: serial().primaryKey(),
    renewalOrderId: integer()
      .notNull()
      .references(() => renewalOrders.renewalOrderId),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    domain: text().notNull(),
    /** The expiry being renewed from: a term is renewed once (the unique index), whoever asks. */
    fromExpireDate: timestamp({ withTimezone: true }).notNull(),
    renewalPeriod: integer().notNull(),
    newExpireDate: timestamp({ withTimezone: true }).notNull(),
    renewPrice: integer().notNull(),
    redemptionPrice: integer().notNull().default(0),
    protectionPrice: integer().notNull().default(0),
    protectionEnabled: boolean().notNull().default(false),
    status: text({ enum: ['claimed', 'renewed', 'failed', 'unknown', 'refunded'] })
      .notNull()
      .default('claimed'),
    error: text(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // A term renewed and then taken back by a refund (`refunded`) may be renewed again.
    uniqueIndex('renewals_one_per_term').on(t.domainId, t.fromExpireDate).where(sql`${t.status} not in ('failed', 'refunded')`),
    index('renewals_order').on(t.renewalOrderId),
  ],
);
export type RenewalRow = typeof renewals.$inferSelect;

/** Calendar notices sent (ERRP reminders, auto-renew failures), each once per domain and term. */
export const domainNotices = pgTable(
  'domain_notices',
  {
    domainNoticeId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    kind: text().notNull(),
    termExpireDate: timestamp({ withTimezone: true }).notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('domain_notices_once').on(t.domainId, t.kind, t.termExpireDate)],
);

/** Saved cards and the ledger of charges and payments. */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { carts } from './carts.ts';

export const paymentMethods = pgTable('payment_methods', {
  paymentMethodId: serial().primaryKey(),
  accountId: integer().references(() => accounts.accountId),
  /** A card set up before checkout belongs to the cart until the account exists. */
  cartId: integer().references(() => carts.cartId),
  provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
  providerPaymentMethodId: text().notNull(),
  providerCustomerId: text(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: integer().notNull(),
  expYear: integer().notNull(),
  isDefault: boolean().notNull().default(false),
  status: text({ enum: ['pending', 'active', 'deleted'] }).notNull().default('active'),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const transactionTypes = [
  'start',
  'setup',
  'lnp',
  'nrc',
  'mrc',
  'usage',
  'user',
  'transfer',
  'other',
  'tax',
  'payment',
  'balance',
] as const;

export const transactions = pgTable(
  'transactions',
  {
    transactionId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    type: text({ enum: transactionTypes }).notNull(),
    description: text().notNull(),
    /** Cents; charges positive, payments negative. */
    amount: integer().notNull(),
    domainId: integer(),
    orderId: integer(),
    paymentReference: text(),
    metaData: jsonb(),
    startDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endDate: timestamp({ withTimezone: true }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transactions_account_date').on(t.accountId, t.startDate)],
);

/**
 * Every payment intent account-charges.ts creates, with what it pays for: a client sending an intent id back (after
 * 3-D Secure) is believed only for that account, that purpose (one renewal order, one domain's protection term...)
 * and that amount.
 */
export const chargeIntents = pgTable(
  'charge_intents',
  {
    paymentIntentId: text().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    purpose: text().notNull(),
    /** Cents. */
    amount: integer().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('charge_intents_account_purpose').on(t.accountId, t.purpose)],
);

/** Saved cards and the ledger of charges and payments. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RefundedName } from '../../contract/billing/refunds.ts';
import type { TaxDecision } from '../../contract/billing/tax.ts';
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
  status: text({ enum: ['pending', 'active', 'deleted'] })
    .notNull()
    .default('active'),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When a removed card was detached at the payment provider (it can never be charged there again); null until then. */
  detachedAt: timestamp({ withTimezone: true }),
});
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

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
  /** What a seller earns from a name sold through our market: negative, a credit on their balance. */
  'payout',
  'balance',
  /** Money we give back or waive (a courtesy renewal's price): negative. */
  'credit',
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
export type TransactionRow = typeof transactions.$inferSelect;

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
    /** Cents, tax included. */
    amount: integer().notNull(),
    /** The tax decided when it was authorised (as checkout decides an order's): its capture charges and invoices that. */
    tax: jsonb().$type<TaxDecision>(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('charge_intents_account_purpose').on(t.accountId, t.purpose)],
);

/**
 * Account credit: grants (by staff, positive) and what checkouts spent of it (one row per cart, negative, reserved
 * before the card is authorised). The balance counts a spend by what its order's lines kept: nothing once the order
 * failed, the whole reservation while it runs (see api/services/billing/account-credit.ts).
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    accountCreditId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    /** `grant` by staff or a refund given back as credit; `revoke`: billing took credit back (negative, never below zero). */
    kind: text({ enum: ['grant', 'spend', 'revoke'] }).notNull(),
    /** Cents: a grant positive, a spend and a revoke negative. */
    amount: integer().notNull(),
    /** A spend's cart (its order is unique too). */
    cartId: integer()
      .unique()
      .references(() => carts.cartId),
    /** A grant's note to the customer, shown in billing history. */
    note: text(),
    /** A grant's ledger row. */
    transactionId: integer(),
    /** The staff member who granted it (the audit log has the reason). */
    staffId: integer(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('account_credits_account').on(t.accountId)],
);

/** One refund through the payments provider: of one payment (an order's capture, or a single charge's). */
export const refunds = pgTable(
  'refunds',
  {
    refundId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    paymentIntentId: text().notNull(),
    orderId: integer(),
    /**
     * `claimed` from the claim until the provider answered and the ledger was written; then the provider's status
     * (`succeeded`, or `pending` at Stripe while the bank works on it: providerRefundId is set from then on).
     */
    status: text().notNull(),
    providerRefundId: text(),
    amount: integer().notNull(),
    /** Cents of the refund given back as account credit rather than to the card (the credit the order spent, or all of it when billing chose credit). */
    creditAmount: integer().notNull().default(0),
    /**
     * What happens to each refunded name: `cancel` (deleted at the registry within its add grace period, the registry
     * credits us), `delete` (deleted after it, no registry credit), `keep` (the customer keeps it: goodwill). `done` once
     * the registry answered; a repeat of the same request finishes what a crash left undone. A kept name whose renewal
     * was refunded in full has `years`: the renewal taken back off its expiry, where its registry can.
     */
    names: jsonb().$type<RefundedName[]>().notNull().default([]),
    /** What was refunded: the ledger charge rows and the cents of each. */
    items: jsonb().$type<{ transactionId: number; amount: number }[]>().notNull(),
    /** Why (typed by staff; the audit log keeps it too). Never sent to the customer. */
    reason: text().notNull(),
    /** What billing chose to tell the customer, shown in their Account activity instead of the reason; null: nothing. */
    customerNote: text(),
    staffId: integer(),
    /** The caller's key: a repeated request answers with this refund and refunds nothing more. */
    idempotencyKey: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('refunds_key').on(t.idempotencyKey), index('refunds_payment').on(t.paymentIntentId)],
);
export type RefundRow = typeof refunds.$inferSelect;

/**
 * Invoices and credit notes: issued once, never edited (a trigger refuses updates and deletes). Each series numbers
 * its documents per year without gaps: the number comes from `document_sequences` in the transaction that records
 * the order or the refund, so a rollback takes the number back with it.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    documentId: serial().primaryKey(),
    kind: text({ enum: ['invoice', 'creditNote'] }).notNull(),
    /** `INV-2026-000001`, `CN-2026-000001`. */
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    orderId: integer(),
    /** A single charge's invoice (a renewal, a monthly bill, Domain Protection): the payment it was captured on. */
    paymentIntentId: text(),
    refundId: integer(),
    /** A credit note's invoice. */
    invoiceId: integer(),
    lines: jsonb().$type<{ description: string; amount: number; discount: number; credit: number; taxRate: number; tax: number; total: number }[]>().notNull(),
    subtotal: integer().notNull(),
    discount: integer().notNull(),
    credit: integer().notNull(),
    tax: integer().notNull(),
    /** What the document is for in all: subtotal less discount plus tax (credit is a way of paying, not a reduction). */
    total: integer().notNull(),
    /** The card's part of the total. */
    card: integer().notNull(),
    seller: jsonb().$type<{ name: string; country: string; taxId: string | null }>().notNull(),
    /** `taxNote`: what the invoice says of the buyer's tax (`VAT 21% (Netherlands)`, the reverse-charge wording). */
    buyer: jsonb().$type<{ email: string | null; country: string | null; taxId: string | null; taxNote?: string | null }>().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_documents_number').on(t.number),
    uniqueIndex('billing_documents_order_invoice').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('billing_documents_payment_invoice').on(t.paymentIntentId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('billing_documents_refund').on(t.refundId),
    index('billing_documents_account').on(t.accountId),
  ],
);
export type BillingDocumentRow = typeof billingDocuments.$inferSelect;

/** The last number used per series and year. */
export const documentSequences = pgTable('document_sequences', { series: text().notNull(), year: integer().notNull(), last: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.series, t.year] }),
]);

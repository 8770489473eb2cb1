/** Carts, their items, phone verification codes, and orders made from carts. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TaxDecision } from '../../contract/billing/tax.ts';
import type { CartContact } from '../../contract/contact.ts';
import { accounts } from './accounts.ts';

export const carts = pgTable(
  'carts',
  {
    cartId: serial().primaryKey(),
    uuid: uuid().notNull().defaultRandom().unique(),
    accountId: integer().references(() => accounts.accountId),
    /** SHA-256 of the anonymous-cart cookie; null once the cart belongs to an account. */
    anonTokenHash: text().unique(),
    status: text({ enum: ['active', 'deleted', 'checkedOut'] })
      .notNull()
      .default('active'),
    contact: jsonb().$type<CartContact>(),
    verified: boolean().notNull().default(false),
    verifiedPhone: text(),
    paymentMethodId: integer().notNull().default(-1),
    paymentSetupComplete: boolean().notNull().default(false),
    /** The payments provider's customer a visitor's cards are set up under, fixed at the first setup. */
    paymentCustomerId: text(),
    paymentStatus: text(),
    /** The promo code the buyer entered (upper case), checked again at every read and at checkout. */
    promoCode: text(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    checkoutDate: timestamp({ withTimezone: true }),
    deleteDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('carts_account').on(t.accountId, t.status)],
);
export type CartRow = typeof carts.$inferSelect;

export const cartItems = pgTable(
  'cart_items',
  {
    cartItemId: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .references(() => carts.cartId),
    type: text({ enum: ['domain'] })
      .notNull()
      .default('domain'),
    domain: text().notNull(),
    /** `market`: a name another customer of ours sells, bought from its For Sale page at `marketPrice`. */
    domainType: text({ enum: ['new', 'transfer', 'premium', 'market'] }).notNull(),
    authCode: text(),
    years: integer().notNull().default(1),
    /** Registry premium price per year in cents; null for catalogue-priced names. */
    premiumPrice: integer(),
    /** A premium registration's renewal price per year in cents, as its registry quoted it; null when it renews at the catalogue price. */
    premiumRenewPrice: integer(),
    /** A market purchase's price in cents: the list price, or the accepted offer's amount (`offerId`). */
    marketPrice: integer(),
    offerId: integer(),
    emailEnabled: boolean().notNull().default(false),
    hostingEnabled: boolean().notNull().default(false),
    protectionEnabled: boolean().notNull().default(false),
    status: text({ enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cart_items_cart').on(t.cartId),
    /** A name is in a cart once: two adds racing each other (a double click) meet here. */
    uniqueIndex('cart_items_active_domain').on(t.cartId, sql`lower(${t.domain})`).where(sql`${t.status} = 'active'`),
  ],
);
export type CartItemRow = typeof cartItems.$inferSelect;

export const verificationCodes = pgTable('verification_codes', {
  verificationCodeId: serial().primaryKey(),
  cartId: integer()
    .notNull()
    .references(() => carts.cartId),
  phone: text().notNull(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expireDate: timestamp({ withTimezone: true }).notNull(),
  useDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One order per committed cart; the unique cart id makes checkout exactly-once. `unconfirmed`: recorded, but the
 * registry has not confirmed some lines, so the authorisation is held until reconcileUnknownOrders settles them.
 * While `pending` or `authorized`, a checkout works on it under a lease (services/checkout/checkout-leases.ts).
 */
export const orders = pgTable(
  'orders',
  {
    orderId: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .unique()
      .references(() => carts.cartId),
    accountId: integer().references(() => accounts.accountId),
    status: text({ enum: ['pending', 'requiresAction', 'authorized', 'unconfirmed', 'completed', 'failed'] }).notNull(),
    totalPrice: integer().notNull(),
    paymentIntentId: text(),
    /**
     * The idempotency key the current attempt authorises with, written before the payments provider is asked: a
     * takeover finds the authorisation by it even when the intent's id never came back.
     */
    authorizeKey: text(),
    /** The card the order was authorised on (its brand and last 4 go into the ledger when it is captured later). */
    paymentMethodId: integer(),
    /** The process whose checkout works on the order (`host:pid:nonce`), or the one that took it over. */
    leaseOwner: text(),
    /** Until when the lease holds without another heartbeat; past it, any process may take the order over. */
    leaseExpireDate: timestamp({ withTimezone: true }),
    error: text(),
    detail: jsonb(),
    /** The tax the order carries (rate, included or added, reverse charge, the buyer's VAT number), decided at checkout. */
    tax: jsonb().$type<TaxDecision>(),
    /** When the buyer's emailed receipt was queued (services/checkout/order-receipts.ts); null until the order completes. */
    receiptDate: timestamp({ withTimezone: true }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_receipt_due').on(t.orderId).where(sql`${t.status} = 'completed' and ${t.receiptDate} is null`),
    index('orders_unconfirmed').on(t.accountId).where(sql`${t.status} = 'unconfirmed'`),
    // Orders a checkout is still working on: every few seconds a worker looks for ones whose lease lapsed.
    index('orders_in_progress').on(t.leaseExpireDate).where(sql`${t.status} in ('pending', 'authorized')`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

export const orderLineStates = ['pending', 'delivered', 'failed', 'unknown', 'auth-code-needed', 'auth-code-rejected'] as const;
export type OrderLineState = (typeof orderLineStates)[number];

/** What the registry was asked for one cart item of an order, what it answered, and what that costs. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderLineId: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.orderId),
    cartItemId: integer()
      .notNull()
      .references(() => cartItems.cartItemId),
    /** The order's attempt that asked for it (`orders.detail.attempt`): a retaken order's earlier lines stay apart. */
    attempt: integer().notNull().default(1),
    domain: text().notNull(),
    /** `market`: a name bought from another customer of ours, moved between accounts rather than asked of the registry. */
    kind: text({ enum: ['registration', 'transfer', 'market'] }).notNull(),
    /** pending: about to be asked; unknown: asked and no answer came (settled by asking the registry again). */
    state: text({ enum: orderLineStates }).notNull().default('pending'),
    /** Cents for the term, protection and the plan's first month; charged only for what the registry delivered. */
    price: integer().notNull(),
    protectionPrice: integer().notNull(),
    monthlyPrice: integer().notNull(),
    totalPrice: integer().notNull(),
    /** Cents off `price` by the order's promo code, and paid from account credit; `totalPrice` is net of both. */
    discount: integer().notNull().default(0),
    credit: integer().notNull().default(0),
    /** Cents of tax on the line's price less its discount, at the order's rate (`orders.tax`); paid by the card on top. */
    tax: integer().notNull().default(0),
    /** The registry's expiry once delivered (for a transfer: the current expiry plus the term). */
    expireDate: timestamp({ withTimezone: true }),
    /** The account's domain row, once recorded. */
    domainId: integer(),
    error: text(),
    /** After a refund of all of the line: `cancelled` (the name was deleted at the registry) or `refunded` (kept). */
    refundState: text({ enum: ['refunded', 'cancelled'] }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_lines_order').on(t.orderId, t.attempt)],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

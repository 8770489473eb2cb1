/** Promo codes and their redemptions: one redemption per checked-out cart, counted against the code's caps. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { carts } from './carts.ts';

export const promoCodes = pgTable(
  'promo_codes',
  {
    promoCodeId: serial().primaryKey(),
    /** Upper case, as customers may type it in any case. */
    code: text().notNull(),
    kind: text({ enum: ['percent', 'amount'] }).notNull(),
    /** Percent off (1-100) for `percent`, cents off a year's price for `amount`. */
    value: integer().notNull(),
    /** Extensions without the dot (`com`, `co.uk`); empty: every extension we sell. */
    tlds: text().array().notNull().default(sql`'{}'::text[]`),
    /** `first`: the first year of the term only; `every`: each year of the term bought with the code. */
    years: text({ enum: ['first', 'every'] }).notNull(),
    startDate: timestamp({ withTimezone: true }).notNull(),
    /** The code stops applying at this instant; null: no end. Expiring a code early sets it to now. */
    endDate: timestamp({ withTimezone: true }),
    /** Redemptions across all customers; null: unlimited. */
    maxRedemptions: integer(),
    /** Redemptions by one customer (account, or checkout email for a visitor); null: unlimited. */
    maxPerCustomer: integer(),
    /** The staff member who created it (the audit log has the rest). */
    createdBy: integer(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    modifyDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('promo_codes_code').on(t.code)],
);
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * A code reserved by a cart's checkout (before any money moves) and kept by its order. It counts against the caps unless
 * the order failed, or no order came of it within the reservation window (a checkout that never got past its checks).
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    promoRedemptionId: serial().primaryKey(),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.promoCodeId),
    /** One code per order: the cart's order is unique too. */
    cartId: integer()
      .notNull()
      .unique()
      .references(() => carts.cartId),
    accountId: integer().references(() => accounts.accountId),
    /** Lower-cased; a visitor's checkout email, or the account's login. */
    email: text().notNull(),
    /** Cents taken off the order when it was reserved (the order lines say what was delivered). */
    discount: integer().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('promo_redemptions_code').on(t.promoCodeId), index('promo_redemptions_email').on(t.promoCodeId, t.email)],
);

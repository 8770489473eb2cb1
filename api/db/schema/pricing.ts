/**
 * Wholesale costs and retail pricing rules: what each extension costs us per action (from the upstream's reseller
 * prices, or the sandbox's defaults), every change of it kept, and the rules staff set to make retail prices from it.
 */
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains.ts';

import { type PricedAction, pricedActions } from '../../contract/pricing/pricing.ts';

export { type PricedAction, pricedActions };

export const wholesaleCosts = pgTable(
  'wholesale_costs',
  {
    tld: text().notNull(),
    action: text({ enum: pricedActions }).notNull(),
    /** Cents for one year (restore: the fee). */
    cents: integer().notNull(),
    /** `openprovider`, `sandbox` (the catalogue's defaults): where the figure came from. */
    source: text().notNull(),
    syncDate: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tld, table.action] })],
);

/** Every cost as it changed: a row per change seen by a sync (the first sync records every cost). */
export const wholesaleCostHistory = pgTable(
  'wholesale_cost_history',
  {
    id: serial().primaryKey(),
    tld: text().notNull(),
    action: text({ enum: pricedActions }).notNull(),
    previousCents: integer(),
    cents: integer().notNull(),
    recordDate: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('wholesale_cost_history_tld_idx').on(table.tld, table.action, table.recordDate)],
);

/**
 * One rule per extension override, and the default (`tld` = '*'). Retail = cost + cost × margin + fixed, rounded
 * up to the rounding, and at least cost + floor margin.
 */
export const pricingRules = pgTable('pricing_rules', {
  tld: text().primaryKey(),
  /** Basis points: 2500 is 25%. */
  marginBasisPoints: integer().notNull().default(0),
  marginFixedCents: integer().notNull().default(0),
  /** `none`, `99` (up to the next .99), `whole` (up to the next whole unit). */
  rounding: text({ enum: ['none', '99', 'whole'] })
    .notNull()
    .default('none'),
  floorMarginCents: integer().notNull().default(0),
  modifyDate: timestamp({ withTimezone: true }).notNull(),
});

/** The owner's pricing settings: one row (id 1). */
export const pricingSettings = pgTable('pricing_settings', {
  id: integer().primaryKey(),
  /** A renewal price rise above this share (basis points) pauses auto-renew until the customer accepts. */
  pauseAboveBasisPoints: integer().notNull().default(2000),
  modifyDate: timestamp({ withTimezone: true }).notNull(),
});

/** The renewal price customers were last told, per extension: a rise above it sends price-rise notices. */
export const renewalPriceMarks = pgTable('renewal_price_marks', {
  tld: text().primaryKey(),
  cents: integer().notNull(),
  modifyDate: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A renewal price rise told to the holder of one auto-renewing domain. `paused`: the rise was over the owner's
 * threshold (or the renewal too near for 30 days' notice), so auto-renew is off until the customer accepts.
 */
export const priceRiseNotices = pgTable(
  'price_rise_notices',
  {
    id: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    accountId: integer().notNull(),
    beforeCents: integer().notNull(),
    afterCents: integer().notNull(),
    paused: boolean().notNull(),
    noticeDate: timestamp({ withTimezone: true }).notNull(),
    acceptDate: timestamp({ withTimezone: true }),
  },
  (table) => [index('price_rise_notices_account_idx').on(table.accountId, table.domainId)],
);

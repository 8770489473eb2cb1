/** Transfers away (requests from other registrars, with their approval links) and offers made on For Sale pages. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { domains } from './domains.ts';

/**
 * A transfer of one of our customers' names to another registrar, as the registry told us of it. The approval email
 * carries a random token; only its SHA-256 is kept, so a database reader cannot approve or cancel anything.
 */
export const outboundTransfers = pgTable(
  'outbound_transfers',
  {
    outboundTransferId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    domain: text().notNull(),
    gainingRegistrar: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'cancelled', 'completed'] })
      .notNull()
      .default('pending'),
    tokenHash: text().notNull().unique(),
    requestDate: timestamp({ withTimezone: true }).notNull(),
    /** When the registry completes it without an answer (5 days after the request). */
    deadline: timestamp({ withTimezone: true }).notNull(),
    settleDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbound_transfers_domain').on(t.domainId)],
);
export type OutboundTransferRow = typeof outboundTransfers.$inferSelect;

/**
 * An offer a visitor made on a domain's For Sale page, in cents. Every offer gets the same answer; the for-sale-offers
 * job then emails the owner (at or above the floor) or, hours later, declines it to the offerer (below the floor).
 */
export const domainOffers = pgTable(
  'domain_offers',
  {
    offerId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    amount: integer().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    message: text(),
    clientIp: text().notNull(),
    /** Under the owner's floor price when made: declined to the offerer later, never shown to the owner. */
    belowFloor: boolean().notNull().default(false),
    /** When the owner was emailed, or the offerer sent the decline; null while that is still to do. */
    followUpDate: timestamp({ withTimezone: true }),
    /**
     * The owner's answer in the account app's Offers list (services/selling/offers.ts): `accepted` sends the offerer a
     * link to buy at the offer's amount through checkout, which makes it `sold`; `declined` tells them no.
     */
    status: text({ enum: ['open', 'accepted', 'declined', 'sold'] })
      .notNull()
      .default('open'),
    answerDate: timestamp({ withTimezone: true }),
    /** SHA-256 of the token in an accepted offer's buy link; the link works until `acceptExpireDate`. */
    acceptTokenHash: text().unique(),
    acceptExpireDate: timestamp({ withTimezone: true }),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('domain_offers_domain').on(t.domainId), index('domain_offers_follow_up').on(t.createDate).where(sql`${t.followUpDate} is null`)],
);
export type DomainOfferRow = typeof domainOffers.$inferSelect;

/**
 * A name bought through the market (a For Sale page's Buy it now, or an accepted offer's link), one row per order line
 * that claimed it. `claimed` while its checkout runs: a live claim (its order not failed) keeps a second buyer and the
 * seller's own changes off the listing. `completed` once the order is recorded: the seller's row left their account,
 * the buyer's row joined theirs, the seller's payout is in their ledger; `handoverDate` once the registry has the
 * buyer's contacts and our nameservers (services/selling/market-handover.ts).
 */
export const marketSales = pgTable(
  'market_sales',
  {
    saleId: serial().primaryKey(),
    /** The seller's domain row (it becomes `deleted` when the sale is recorded). */
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    domain: text().notNull(),
    sellerAccountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    buyerAccountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    orderId: integer().notNull(),
    orderLineId: integer().notNull().unique(),
    offerId: integer(),
    /** Cents the buyer pays, the seller's percentage of it and the payout in cents (api/contract/selling/sale.ts). */
    price: integer().notNull(),
    payoutPercent: integer().notNull(),
    payout: integer().notNull(),
    status: text({ enum: ['claimed', 'completed', 'released'] })
      .notNull()
      .default('claimed'),
    buyerDomainId: integer(),
    claimDate: timestamp({ withTimezone: true }).notNull(),
    completeDate: timestamp({ withTimezone: true }),
    handoverDate: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A domain row is sold once.
    uniqueIndex('market_sales_sold_once').on(t.domainId).where(sql`${t.status} = 'completed'`),
    index('market_sales_handover_due').on(t.saleId).where(sql`${t.status} = 'completed' and ${t.handoverDate} is null`),
  ],
);

/**
 * Money paid out to a seller of what their market sales earned them: through the payouts provider (`claimed` until
 * it answered, then `paid`) or by hand with a bank reference (`paid` at once). Each one is audited.
 */
export const sellerPayouts = pgTable(
  'seller_payouts',
  {
    sellerPayoutId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    amount: integer().notNull(),
    method: text({ enum: ['provider', 'manual'] }).notNull(),
    status: text({ enum: ['claimed', 'paid'] }).notNull(),
    /** The provider's transfer id, or the bank transfer's reference typed by staff. */
    reference: text(),
    destination: text(),
    staffId: integer(),
    idempotencyKey: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('seller_payouts_key').on(t.idempotencyKey), index('seller_payouts_account').on(t.accountId)],
);
export type SellerPayoutRow = typeof sellerPayouts.$inferSelect;

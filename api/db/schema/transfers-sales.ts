/** Transfers away (requests from other registrars, with their approval links) and offers made on For Sale pages. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    status: text({ enum: ['pending', 'approved', 'cancelled', 'completed'] }).notNull().default('pending'),
    tokenHash: text().notNull().unique(),
    requestDate: timestamp({ withTimezone: true }).notNull(),
    /** When the registry completes it without an answer (5 days after the request). */
    deadline: timestamp({ withTimezone: true }).notNull(),
    settleDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbound_transfers_domain').on(t.domainId)],
);

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
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('domain_offers_domain').on(t.domainId), index('domain_offers_follow_up').on(t.createDate).where(sql`${t.followUpDate} is null`)],
);

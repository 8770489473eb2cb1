/** Account changes waiting for the registrant's approval (TDRP): one pending request per account, approved by an emailed link. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Contact } from '../../contract/contact.ts';
import { accounts } from './accounts.ts';

export const tdrpRequests = pgTable(
  'tdrp_requests',
  {
    tdrpRequestId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    /** SHA-256 of the emailed link's token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    /** The new registrant contact, when the request changes it. */
    registrantContact: jsonb().$type<Contact>(),
    /** Set when the request turns the TDRP lock off for the account (tdrpOptOut true). */
    tdrpOptOut: boolean(),
    /** The registrant email the link went to. */
    sentTo: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'expired'] })
      .notNull()
      .default('pending'),
    expireDate: timestamp({ withTimezone: true }).notNull(),
    decideDate: timestamp({ withTimezone: true }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tdrp_requests_one_pending').on(t.accountId).where(sql`${t.status} = 'pending'`),
    index('tdrp_requests_pending_expiry').on(t.expireDate).where(sql`${t.status} = 'pending'`),
  ],
);

/** API tokens (issue #15): the secret is only ever stored as its SHA-256 hash. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

export const apiTokens = pgTable(
  'api_tokens',
  {
    apiTokenId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    /** Who created it. */
    userId: integer()
      .notNull()
      .references(() => users.userId),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** The first characters of the secret (`dsp_AbCd`), so a list can tell tokens apart without holding them. */
    displayPrefix: text().notNull(),
    scopes: text().array().notNull(),
    /** Addresses and CIDRs the token may be used from; empty: anywhere. */
    allowedIps: text().array().notNull().default([]),
    expireDate: timestamp({ withTimezone: true }),
    lastUsedDate: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokeDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_tokens_account').on(t.accountId)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

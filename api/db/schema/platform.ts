/** Cross-cutting tables: shared secrets, sandbox outbox, rate limits, spent bot-check tokens, the sandbox registry. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys every process must agree on (the bot-check HMAC key, the admin JWT key) when configuration does not give
 * them: the first process to start inserts a random value, every process reads the same row.
 */
export const secrets = pgTable('secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createDate: timestamp({ withTimezone: true }).notNull(),
});

/** Messages the sandbox SMS and mail providers "sent", readable at /api/dev/outbox. */
export const outbox = pgTable('outbox', {
  id: serial().primaryKey(),
  channel: text({ enum: ['sms', 'email'] }).notNull(),
  to: text().notNull(),
  subject: text(),
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every API process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Bot-check solutions already used once; a replay is refused. UNLOGGED (migration 0002): no fsync per search. */
export const spentBotTokens = pgTable('spent_bot_tokens', {
  signature: text().primaryKey(),
  expireDate: timestamp({ withTimezone: true }).notNull(),
});

/** Names the sandbox registry holds for registrars, including those registered through this product. */
export const registryDomains = pgTable(
  'registry_domains',
  {
    domain: text().primaryKey(),
    registrarName: text().notNull(),
    /** Registered through this product (its registrar of record is us). */
    ours: boolean().notNull().default(false),
    locked: boolean().notNull().default(true),
    authCode: text().notNull(),
    nameservers: text().array().notNull().default([]),
    statuses: text().array().notNull().default([]),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expireDate: timestamp({ withTimezone: true }).notNull(),
    /** Pending inbound transfer: when it completes. */
    transferCompleteDate: timestamp({ withTimezone: true }),
  },
  // A search asks about one label (and a few variants) in every extension: looked up by label, not by 500 names.
  (t) => [index('registry_domains_label_idx').on(sql`split_part(${t.domain}, '.', 1)`)],
);

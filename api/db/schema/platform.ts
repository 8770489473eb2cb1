/** Cross-cutting tables: shared secrets, sandbox outbox, rate limits, spent bot-check tokens, the sandbox registry. */
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DomainContacts as RegistryContacts } from '../../contract/accounts/account-info.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';

/**
 * Keys every process must agree on (the bot-check HMAC key, the admin JWT key) when configuration does not give
 * them: the first process to start inserts a random value, every process reads the same row.
 */
export const secrets = pgTable('secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createDate: timestamp({ withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Messages the sandbox SMS and mail providers "sent", readable at /api/dev/outbox. */
export const outbox = pgTable('outbox', {
  id: serial().primaryKey(),
  channel: text({ enum: ['sms', 'email'] }).notNull(),
  to: text().notNull(),
  subject: text(),
  body: text().notNull(),
  /** A relayed message (a forward, a bounce): its envelope sender (MAIL FROM, '' for `<>`) and its bytes as sent. */
  envelopeFrom: text(),
  raw: bytea(),
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
    /** Pending inbound transfer: when the registry settles it (completes it, or the losing registrar rejects it). */
    transferCompleteDate: timestamp({ withTimezone: true }),
    /** Pending outbound transfer (a name of ours another registrar asked for): who gains it. */
    gainingRegistrar: text(),
    /** WHOIS shows the registrant's contact only with privacy off (disclose flags at a real registry). */
    privacy: boolean().notNull().default(true),
    registrantContact: jsonb(),
    /** The registrant, admin, tech and billing contacts the registrar last sent (EPP contact objects, flattened). */
    contacts: jsonb().$type<RegistryContacts>(),
    /** Whether WHOIS may publish them (RFC 5733 disclose); redacted unless the registrar says so. */
    contactsDisclosed: boolean().notNull().default(false),
    /** The DS set the registry publishes (RFC 5910 secDNS dsData); empty: an unsigned delegation. */
    dsRecords: jsonb().$type<DsRecord[]>().notNull().default([]),
    /** Renewals still in their renew grace period (RFC 3915 renewPeriod), newest last: what an unrenew may take back. */
    renewals: jsonb().$type<{ at: string; years: number }[]>().notNull().default([]),
  },
  // A search asks about one label (and a few variants) in every extension: looked up by label, not by 500 names.
  (t) => [
    index('registry_domains_label_idx').on(sql`split_part(${t.domain}, '.', 1)`),
    // Every info and poll looks for transfers that fell due.
    index('registry_domains_transfer_due').on(t.transferCompleteDate).where(sql`${t.transferCompleteDate} is not null`),
  ],
);
export type RegistryDomainRow = typeof registryDomains.$inferSelect;

/**
 * The sandbox registry's message queue (EPP `<poll>`): a transfer's outcome waits here until the registrar reads it
 * and acknowledges it (which deletes it).
 */
export const registryMessages = pgTable('registry_messages', {
  messageId: serial().primaryKey(),
  domain: text().notNull(),
  /** RFC 5731 trStatus of the transfer the message reports. */
  transferStatus: text({ enum: ['pending', 'clientApproved', 'clientCancelled', 'clientRejected', 'serverApproved', 'serverCancelled'] }).notNull(),
  /** We are the gaining registrar (false: a name of ours is leaving). */
  inbound: boolean().notNull().default(true),
  /** The other registrar (the gaining one of an outbound transfer). */
  otherRegistrar: text(),
  text: text().notNull(),
  /** The name's expiry after the transfer (completed transfers). */
  expireDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull(),
});

/**
 * What the sandbox payments provider keeps in place of Stripe's servers: cards, setup and payment intents, refunds.
 * In PostgreSQL, so a card authentication started on one process can be finished on another.
 */
export const sandboxPaymentObjects = pgTable('sandbox_payment_objects', {
  /** Creation order (the ledger lists intents in it). */
  objectId: serial().primaryKey(),
  id: text().notNull().unique(),
  kind: text({ enum: ['card', 'setupIntent', 'paymentIntent', 'refund'] }).notNull(),
  /** An authorisation's or refund's idempotency key: the same key answers with the same object. */
  idempotencyKey: text().unique(),
  data: jsonb().notNull(),
  createDate: timestamp({ withTimezone: true }).notNull(),
});
export type SandboxPaymentObjectRow = typeof sandboxPaymentObjects.$inferSelect;

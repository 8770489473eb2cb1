/** The sandbox mail host's own state (what Stalwart keeps on its side): hosted domains, addresses, stored messages. */
import { bigint, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Bytes as received: 8-bit bodies in any charset are kept exactly, never decoded. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const sandboxMailDomains = pgTable('sandbox_mail_domains', {
  domain: text().primaryKey(),
  /** Whose domain this is (mailDomainOwner: our domains row); null for one hosted before owners were recorded. */
  owner: text(),
  createDate: timestamp({ withTimezone: true }).notNull(),
});

/** A mailbox (an account with a password hash and a quota) or a forward (a list with one outside member). */
export const sandboxMailAddresses = pgTable('sandbox_mail_addresses', {
  address: text().primaryKey(),
  domain: text()
    .notNull()
    .references(() => sandboxMailDomains.domain, { onDelete: 'cascade' }),
  kind: text({ enum: ['mailbox', 'forward'] }).notNull(),
  secret: text(),
  destination: text(),
  quotaBytes: bigint({ mode: 'number' }).notNull().default(0),
  /** Bytes the mailbox holds: the messages the receiver stored (the demo seed starts some above the quota). */
  usedBytes: bigint({ mode: 'number' }).notNull().default(0),
  createDate: timestamp({ withTimezone: true }).notNull(),
});

/** Mail the built-in SMTP receiver stored in a sandbox mailbox. Deleted with the mailbox. */
export const sandboxMailMessages = pgTable(
  'sandbox_mail_messages',
  {
    messageId: serial().primaryKey(),
    address: text()
      .notNull()
      .references(() => sandboxMailAddresses.address, { onDelete: 'cascade' }),
    sender: text().notNull(),
    subject: text(),
    sizeBytes: integer().notNull(),
    /** The message as stored, trace headers first: byte for byte what the mailbox holds. */
    content: bytea(),
    /** Messages stored before bytes were kept (decoded as UTF-8); migration 0025_sandbox_mail_bytes moved them to `content`. Always null now. */
    raw: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_mail_messages_address').on(t.address)],
);

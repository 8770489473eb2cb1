/**
 * The audit log (append-only: a trigger in migrations refuses UPDATE, DELETE and TRUNCATE) and the customer's
 * Account activity list, which staff entries about an account feed and the customer's own events join; staff notes.
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { activitySources } from '../../contract/accounts/account-activity.ts';
import { accounts } from './accounts.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    auditId: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** Who, as they were then (a later rename or role change does not rewrite history); null: a job or the command line. */
    staffId: integer(),
    staffEmail: text(),
    staffRole: text(),
    clientIp: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    targetLabel: text(),
    /** The customer account concerned, if any. */
    accountId: integer(),
    before: jsonb(),
    after: jsonb(),
    reason: text(),
    /**
     * The hash chain (set by the database's trigger, never by the app): `hash` is SHA-256 over the previous row's hash
     * and this row's fields, so a row changed, removed or inserted around the app breaks the chain from there on.
     */
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_account').on(t.accountId, t.at),
    index('audit_log_staff').on(t.staffId, t.at),
    index('audit_log_target').on(t.targetType, t.targetId),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

export const accountActivity = pgTable(
  'account_activity',
  {
    activityId: bigserial({ mode: 'number' }).primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    at: timestamp({ withTimezone: true }).notNull(),
    source: text({ enum: activitySources }).notNull(),
    kind: text().notNull(),
    summary: text().notNull(),
    /** Who, in words the customer reads ("Support team"); never a staff member's name. Null: the customer or the system. */
    actor: text(),
    reason: text(),
    /** The customer's own address and browser; never set for staff entries. */
    ip: text(),
    userAgent: text(),
    /** The audit entry it shows, for staff entries. */
    auditId: bigint({ mode: 'number' }),
  },
  (t) => [index('account_activity_account').on(t.accountId, t.at)],
);

/** Staff notes on a customer (support, billing, compliance): never shown to the customer. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    noteId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    staffId: integer(),
    staffEmail: text(),
    body: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('customer_notes_account').on(t.accountId, t.createDate)],
);

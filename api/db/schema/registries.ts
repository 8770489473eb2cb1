/**
 * Registry connections' records: every EPP command sent with its transaction ids (a registrar is asked for them in
 * disputes), and the connections the owner paused (their extensions stop selling until resumed).
 */
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const registryCommands = pgTable(
  'registry_commands',
  {
    commandId: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The connection's name in content/registries.csv. */
    connection: text().notNull(),
    /** The EPP command: check, info, create, renew, transfer, update, delete, poll, ... */
    command: text().notNull(),
    /** The object it concerned (domain, host or contact id), when one. */
    domain: text(),
    clTRID: text('cl_trid'),
    /** Null when no answer came back (the outcome is unknown until an info settles it). */
    svTRID: text('sv_trid'),
    resultCode: integer(),
    message: text(),
  },
  (t) => [index('registry_commands_domain').on(t.domain, t.at), index('registry_commands_connection').on(t.connection, t.at)],
);

export const registryPauses = pgTable('registry_pauses', {
  connection: text().primaryKey(),
  reason: text().notNull(),
  pausedAt: timestamp({ withTimezone: true }).notNull(),
  staffId: integer(),
});

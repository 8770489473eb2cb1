/** DNS served for customer zones (the SOA serial and what was last published) and the sandbox registry's host objects (glue). */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { type ZoneRecordSnapshot, zoneChangeSources } from '../../contract/dns/zone-history.ts';
import { domains } from './domains.ts';

/**
 * One row per zone we have published: the SOA serial and a hash of the content it numbers, so a domain change that
 * leaves the zone as it was does not bump the serial (secondaries would transfer it for nothing).
 */
export const dnsZones = pgTable('dns_zones', {
  domainId: integer()
    .primaryKey()
    .references(() => domains.domainId),
  serial: integer().notNull(),
  contentHash: text().notNull(),
  modifyDate: timestamp({ withTimezone: true }).notNull(),
});

/** Host objects the sandbox registry holds (EPP `host:create` with addresses: glue for nameservers under a domain). */
export const registryHosts = pgTable('registry_hosts', {
  host: text().primaryKey(),
  addresses: text().array().notNull(),
  createDate: timestamp({ withTimezone: true }).notNull(),
  modifyDate: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The change history of each zone's records (issue #25): one row per change, whoever made it (the panel, an API
 * token, an import, a template, a bulk action, a restore, staff), with the records added and removed and the whole
 * set after it, so any two points can be compared and any point restored.
 */
export const dnsChanges = pgTable(
  'dns_changes',
  {
    changeId: bigserial({ mode: 'number' }).primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    at: timestamp({ withTimezone: true }).notNull(),
    source: text({ enum: zoneChangeSources }).notNull(),
    /** Who, in words: the signed-in user's email, an API token's name and prefix, "Support team". */
    actor: text().notNull(),
    summary: text().notNull(),
    added: jsonb().$type<ZoneRecordSnapshot[]>().notNull(),
    removed: jsonb().$type<ZoneRecordSnapshot[]>().notNull(),
    /** The customer's records after the change. */
    records: jsonb().$type<ZoneRecordSnapshot[]>().notNull(),
    /** For a restore: the change whose records it put back. */
    restoredFrom: bigint({ mode: 'number' }),
  },
  (t) => [index('dns_changes_domain').on(t.domainId, t.changeId)],
);
export type DnsChangeRow = typeof dnsChanges.$inferSelect;

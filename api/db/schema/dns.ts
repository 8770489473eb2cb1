/** DNS served for customer zones (the SOA serial and what was last published) and the sandbox registry's host objects (glue). */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

/** What the sandbox registry's EPP server keeps beside registry_domains: contact objects, and which simulated registries are down. */
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** An RFC 5733 contact object as a registrar created it at the sandbox registry (the fields it sent, as sent). */
export type SandboxContactData = {
  postalInfo: { type: 'int' | 'loc'; name: string; org?: string; street: string[]; city: string; sp?: string; pc?: string; cc: string }[];
  voice?: string;
  fax?: string;
  email: string;
  /** RFC 5733 §2.9 disclose flag last sent (undefined: the registry's policy). */
  disclose?: boolean;
};

export const registryContacts = pgTable(
  'registry_contacts',
  {
    /** The simulated registry that holds it: contact ids are per registry. */
    registry: text().notNull(),
    /** The registrar's contact id (eppcom clIDType, 3-16 characters). */
    id: text().notNull(),
    /** The sponsoring registrar's login at the simulated registry. */
    clientId: text().notNull(),
    roid: text().notNull(),
    authCode: text().notNull(),
    data: jsonb().$type<SandboxContactData>().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    modifyDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.registry, t.id] })],
);

/**
 * Simulated registries a tester stopped (`npm run admin -- sandbox-registry stop NAME`, or the dev route): kept here so
 * every process and the admin command agree; the EPP server refuses their logins until they start again.
 */
export const sandboxRegistryStates = pgTable('sandbox_registry_states', {
  name: text().primaryKey(),
  downSince: timestamp({ withTimezone: true }).notNull(),
});

/** The contact objects a name at the sandbox registry names, by role (RFC 5731 registrant and domain:contact). */
export const registryDomainContacts = pgTable('registry_domain_contacts', {
  domain: text().primaryKey(),
  registrant: text(),
  /** admin, tech and billing contact ids. */
  roles: jsonb().$type<Partial<Record<'admin' | 'tech' | 'billing', string>>>().notNull().default({}),
});

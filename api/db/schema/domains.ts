/** Domains owned by accounts, with their DNS records, custom nameservers and mailboxes. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import { dnsRecordTypes } from '../../contract/domains/domain.ts';
import { accounts } from './accounts.ts';

export const domains = pgTable(
  'domains',
  {
    domainId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    domain: text().notNull(),
    status: text({ enum: ['active', 'transfer', 'expired', 'redemption', 'pendingDelete', 'deleted'] })
      .notNull()
      .default('active'),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expireDate: timestamp({ withTimezone: true }).notNull(),
    autoRenewEnabled: boolean().notNull().default(true),
    autoRenewDate: timestamp({ withTimezone: true }),
    locked: boolean().notNull().default(true),
    authCode: text(),
    authCodeExpireDate: timestamp({ withTimezone: true }),
    privacyEnabled: boolean().notNull().default(true),
    protectionEnabled: boolean().notNull().default(false),
    /** Domain Protection is paid up to here (the end of the term it was bought for): re-adding it before then is free. */
    protectionPaidUntil: timestamp({ withTimezone: true }),
    websiteType: text({ enum: ['builder', 'forward', 'park', 'custom'] })
      .notNull()
      .default('park'),
    forwardUrl: text(),
    parkType: text({ enum: ['blank', 'default'] })
      .notNull()
      .default('default'),
    builderEnabled: boolean().notNull().default(false),
    builderUrl: text(),
    emailEnabled: boolean().notNull().default(false),
    /** Monthly recurring charge in cents for the domain's plan. */
    mrc: integer().notNull().default(0),
    ns: text().array().notNull().default([]),
    forSale: boolean().notNull().default(false),
    listPrice: integer(),
    floorPrice: integer(),
    acceptOffers: boolean().notNull().default(true),
    forSalePage: boolean().notNull().default(true),
    outboundTransferStatus: text(),
    inboundTransferStatus: text(),
    /**
     * Cents owed once a pending registry step goes ahead and not charged yet: an inbound transfer waiting for a new
     * auth code carries its order line's price here, to be charged when the customer's code gets it going.
     */
    pendingCharge: integer(),
    outboundTransferApprovalDeadline: timestamp({ withTimezone: true }),
    redemptionPeriodStartDate: timestamp({ withTimezone: true }),
    tdrpHoldDate: timestamp({ withTimezone: true }),
    /** DS records (RFC 4034) the registry holds for the domain: empty when it is not signed. RDAP's secureDNS shows them. */
    dsRecords: jsonb().$type<DsRecord[]>().notNull().default([]),
    /**
     * On hold (EPP clientHold): the registry takes the name out of its zone and our DNS stops answering for it. Set
     * and cleared only by services/domains/suspensions.ts, from the domain's active rows in domain_suspensions.
     */
    suspendedAt: timestamp({ withTimezone: true }),
    /** Why, in words the customer reads in My Domains (the oldest active suspension's). */
    suspensionReason: text(),
  },
  (t) => [index('domains_account').on(t.accountId), index('domains_name').on(t.domain), index('domains_expiry').on(t.expireDate)],
);
export type DomainRow = typeof domains.$inferSelect;

export const dnsRecords = pgTable(
  'dns_records',
  {
    dnsRecordId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    type: text({ enum: dnsRecordTypes }).notNull(),
    host: text().notNull(),
    data: text().notNull(),
    priority: integer(),
    weight: integer(),
    port: integer(),
    ttl: integer().notNull().default(3600),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The DNS server reloads a domain's zone by these (and loads all zones a range of domain ids at a time).
  (t) => [index('dns_records_domain').on(t.domainId)],
);
export type DnsRecordRow = typeof dnsRecords.$inferSelect;

export const registeredNameservers = pgTable(
  'registered_nameservers',
  {
    registeredNameserverId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    hostname: text().notNull(),
    ipAddress: text().notNull(),
    status: text({ enum: ['pending', 'active', 'deleted'] })
      .notNull()
      .default('pending'),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A pending one is reviewed, and if approved made active at the registry, once this time has come (up to 48 hours). */
    reviewDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('registered_nameservers_domain').on(t.domainId)],
);
export type RegisteredNameserverRow = typeof registeredNameservers.$inferSelect;

export const emails = pgTable(
  'emails',
  {
    emailId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    address: text().notNull(),
    type: text({ enum: ['mailbox', 'forward'] }).notNull(),
    passwordHash: text(),
    destination: text(),
    /** Gigabytes used and allowed. */
    size: real().notNull().default(0),
    quota: real().notNull().default(5),
    status: text({ enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One live mailbox or forward per address: two adds racing for a name cannot both win.
  (t) => [uniqueIndex('emails_address_active').on(sql`lower(${t.address})`).where(sql`${t.status} = 'active'`), index('emails_domain').on(t.domainId)],
);
export type EmailRow = typeof emails.$inferSelect;

/**
 * Why a domain is on hold: one row per suspension (staff, an abuse case, an unverified registrant), lifted rather than
 * deleted. The domain is suspended while any row of it is active; at most one active row per kind.
 */
export const domainSuspensions = pgTable(
  'domain_suspensions',
  {
    suspensionId: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    kind: text({ enum: ['staff', 'abuse', 'verification'] }).notNull(),
    /** What the customer reads. */
    reason: text().notNull(),
    /** What it belongs to: an abuse case number, the staff member, the registrant email waiting for verification. */
    reference: text(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    liftDate: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('domain_suspensions_active_kind').on(t.domainId, t.kind).where(sql`${t.liftDate} is null`),
    index('domain_suspensions_domain').on(t.domainId),
  ],
);
export type DomainSuspensionRow = typeof domainSuspensions.$inferSelect;

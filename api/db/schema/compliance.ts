/**
 * A registrar's duties to ICANN (DESIGN "Registrar duties"): abuse cases and their reports and timeline, registrant
 * verification (RAA 2013 WAPS), the yearly WDRP reminder, and data escrow deposits.
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { abuseCategories, abuseOutcomes } from '../../contract/compliance/abuse.ts';
import { accounts } from './accounts.ts';
import { domains } from './domains.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * One case per reported domain while it is open: a second report about the same name joins it. The clocks run from
 * `createDate`: the reporter acknowledged (`acknowledgedAt`) and a first action taken (`firstActionAt`).
 */
export const abuseCases = pgTable(
  'abuse_cases',
  {
    caseId: serial().primaryKey(),
    /** The reported name, lower-case A-label. */
    domain: text().notNull(),
    /** Our domain of that name when we sponsor it (null: not ours, kept so the reporter still gets an answer). */
    domainId: integer().references(() => domains.domainId),
    /** The first report's category; later reports keep theirs on the report. */
    category: text({ enum: abuseCategories }).notNull(),
    status: text({ enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createDate: timestamp({ withTimezone: true }).notNull(),
    /** When a staff member opened the case and acknowledged it (the automatic email to the reporter does not count). */
    acknowledgedAt: timestamp({ withTimezone: true }),
    /** The staff member's email who acknowledged it. */
    acknowledgedBy: text(),
    firstActionAt: timestamp({ withTimezone: true }),
    /** When the registrant was asked to answer by, after a notice from the desk. */
    registrantReplyBy: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    outcome: text({ enum: abuseOutcomes }),
    outcomeNote: text(),
    modifyDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('abuse_cases_open_domain').on(t.domain).where(sql`${t.status} = 'open'`), index('abuse_cases_created').on(t.createDate)],
);
export type AbuseCaseRow = typeof abuseCases.$inferSelect;

/** What one reporter sent, through the Report abuse page or by mail to the abuse address. */
export const abuseReports = pgTable(
  'abuse_reports',
  {
    reportId: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => abuseCases.caseId),
    source: text({ enum: ['web', 'email'] }).notNull(),
    category: text({ enum: abuseCategories }).notNull(),
    reporterEmail: text().notNull(),
    description: text().notNull(),
    evidenceLinks: text().array().notNull().default([]),
    evidenceFileName: text(),
    evidenceFileType: text(),
    evidenceFile: bytea(),
    clientIp: text(),
    /** The Message-ID of a mailed report: the same message delivered twice makes one report. */
    messageId: text(),
    /** A report from law enforcement: who sent it and how to check it came from them. */
    lawEnforcement: jsonb().$type<{ agency: string; officer: string; jurisdiction: string; contact: string }>(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    acknowledgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('abuse_reports_case').on(t.caseId), uniqueIndex('abuse_reports_message').on(t.messageId).where(sql`${t.messageId} is not null`)],
);

/** A case's timeline: every report, acknowledgement and action, with who did it and why. Append-only. */
export const abuseCaseEvents = pgTable(
  'abuse_case_events',
  {
    eventId: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => abuseCases.caseId),
    kind: text().notNull(),
    /** `system`, `reporter`, or the staff member's email. */
    actor: text().notNull(),
    reason: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('abuse_case_events_case').on(t.caseId)],
);

/** Settings the compliance staff own (one row). */
export const complianceSettings = pgTable('compliance_settings', {
  settingsId: integer().primaryKey().default(1),
  /** Hours from a report to the desk's first action before the case counts as overdue. */
  firstActionHours: integer().notNull().default(48),
  modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Registrant verification (WAPS): the account's registrant email is asked to click a link; unverified past
 * `deadline`, the account's domains are suspended until it is. At most one request waits per account.
 */
export const registrantVerifications = pgTable(
  'registrant_verifications',
  {
    verificationId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    email: text().notNull(),
    /** The registrant name the request was made for ("First Last, Company"): a new name asks again. */
    registrantName: text().notNull(),
    trigger: text({ enum: ['registration', 'transfer', 'registrant-change'] }).notNull(),
    status: text({ enum: ['pending', 'verified', 'superseded'] })
      .notNull()
      .default('pending'),
    tokenHash: text().notNull().unique(),
    /** What the format checks found wrong with the registrant data (shown to the customer and to staff). */
    problems: jsonb().$type<string[]>().notNull().default([]),
    createDate: timestamp({ withTimezone: true }).notNull(),
    deadline: timestamp({ withTimezone: true }).notNull(),
    lastSentAt: timestamp({ withTimezone: true }),
    sendCount: integer().notNull().default(0),
    verifiedAt: timestamp({ withTimezone: true }),
    /** Set when compliance marked the registrant verified by other means: who, on what evidence, and why. */
    verifiedBy: text(),
    verifyEvidence: text(),
    verifyReason: text(),
    /** When the job suspended the account's domains for it (null: not suspended). */
    suspendedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('registrant_verifications_pending').on(t.accountId).where(sql`${t.status} = 'pending'`),
    index('registrant_verifications_email').on(sql`lower(${t.email})`),
  ],
);
export type RegistrantVerificationRow = typeof registrantVerifications.$inferSelect;

/** WDRP reminders sent: one per account and account-year, however many workers run the job. */
export const wdrpNotices = pgTable(
  'wdrp_notices',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    /** Years since the account was opened (1 for the first anniversary). */
    accountYear: integer().notNull(),
    sentTo: text().notNull(),
    domainCount: integer().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.accountYear] })],
);

/**
 * Escrow deposits made: one scheduled deposit a day (full or incremental), however many workers run the job, and any
 * made on demand beside it (the next sequence number of the day).
 */
export const escrowDeposits = pgTable(
  'escrow_deposits',
  {
    depositId: serial().primaryKey(),
    kind: text({ enum: ['full', 'inc'] }).notNull(),
    /** YYYYMMDD (UTC) of the deposit. */
    depositDay: text().notNull(),
    /** The deposit's number within its day, in its file names (1 for the scheduled one unless one was made on demand first). */
    sequence: integer().notNull().default(1),
    trigger: text({ enum: ['schedule', 'manual'] })
      .notNull()
      .default('schedule'),
    /** The data is as of this time; the next incremental deposit holds what changed after it. */
    watermark: timestamp({ withTimezone: true }).notNull(),
    rowCount: integer().notNull().default(0),
    /** Deleted names in an incremental deposit (also counted in rowCount). */
    deletionCount: integer().notNull().default(0),
    /** Bytes of every file of the deposit together. */
    totalBytes: integer().notNull().default(0),
    files: text().array().notNull().default([]),
    destination: text({ enum: ['directory', 'sftp'] }).notNull(),
    status: text({ enum: ['started', 'done', 'failed'] })
      .notNull()
      .default('started'),
    error: text(),
    /** Whether compliance was told of the failure (once per failed deposit). */
    failureNotifiedAt: timestamp({ withTimezone: true }),
    createDate: timestamp({ withTimezone: true }).notNull(),
    finishDate: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('escrow_deposits_day_sequence').on(t.depositDay, t.sequence),
    uniqueIndex('escrow_deposits_scheduled_day').on(t.depositDay).where(sql`${t.trigger} = 'schedule'`),
  ],
);
export type EscrowDepositRow = typeof escrowDeposits.$inferSelect;

/**
 * A deposit's sealed files, kept so a retried upload sends the very bytes it sent before (encryption is randomised:
 * sealing again would make a file that differs from the one already at the agent).
 */
export const escrowDepositFiles = pgTable(
  'escrow_deposit_files',
  {
    depositId: integer()
      .notNull()
      .references(() => escrowDeposits.depositId, { onDelete: 'cascade' }),
    /** Upload order: data files first, their signatures, then the hash file and the manifest last. */
    position: integer().notNull(),
    name: text().notNull(),
    content: bytea().notNull(),
    sha256: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.depositId, t.position] })],
);

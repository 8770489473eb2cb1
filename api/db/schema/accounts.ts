/** Accounts, their users, sessions, two-factor methods and sign-in records. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Contact } from '../../contract/contact.ts';

export const accounts = pgTable('accounts', {
  accountId: serial().primaryKey(),
  role: text({ enum: ['customer', 'admin'] })
    .notNull()
    .default('customer'),
  registrantContact: jsonb().$type<Contact>(),
  whoisAdminContact: jsonb().$type<Contact>(),
  whoisTechContact: jsonb().$type<Contact>(),
  whoisBillingContact: jsonb().$type<Contact>(),
  whoisRedactionOptOut: boolean().notNull().default(false),
  tdrpOptOut: boolean().notNull().default(false),
  advancedEnabled: boolean().notNull().default(false),
  pendingChanges: boolean().notNull().default(false),
  statedSource: text(),
  referrer: text(),
  landing: text(),
  paymentCustomerId: text(),
  /** The seeded demo account: its password is printed at start, so it may only sign in in sandbox mode. */
  isDemo: boolean().notNull().default(false),
  /**
   * Staff reset the second factors (a lost phone, after an identity check): until a new method or passkey is added,
   * a signed-in session may do nothing else (api/http/auth.ts `mfaEnrolmentGate`).
   */
  mfaEnrolmentRequired: boolean().notNull().default(false),
  /** Staff closed the account at the customer's request (it held no domains): no session can start or last. */
  closedAt: timestamp({ withTimezone: true }),
  /** A business's EU VAT number (as VIES spells it, `NL800000006B01`) and what VIES said of it when it was saved. */
  vatNumber: text(),
  vatStatus: text({ enum: ['confirmed', 'invalid', 'unavailable'] }),
  vatName: text(),
  vatCheckDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type AccountRow = typeof accounts.$inferSelect;

export const users = pgTable(
  'users',
  {
    userId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    email: text().notNull(),
    passwordHash: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifyDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`)],
);

/** A browser session; the token is only ever stored as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: integer().references(() => users.userId),
    accountId: integer().references(() => accounts.accountId),
    /** 'active': signed in; 'mfa': password checked, second factor pending; 'recovery': may only set a new password. */
    state: text({ enum: ['active', 'mfa', 'recovery'] }).notNull(),
    postLoginUrl: text(),
    ip: text(),
    userAgent: text(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expireDate: timestamp({ withTimezone: true }).notNull(),
    revokeDate: timestamp({ withTimezone: true }),
    /** When the holder last proved who they are (password, second factor or passkey): sign-in or a later confirmation. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** A staff member viewing the customer's control panel (read-only, every page audited): who, by id and email. */
    viewAsStaffId: integer(),
    viewAsStaffEmail: text(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const mfas = pgTable('mfas', {
  mfaId: serial().primaryKey(),
  accountId: integer()
    .notNull()
    .references(() => accounts.accountId),
  type: text({ enum: ['totp', 'sms', 'email'] }).notNull(),
  /** Phone number, email address, or the base32 TOTP secret. */
  data: text().notNull(),
  status: text({ enum: ['pending', 'active', 'deleted'] })
    .notNull()
    .default('pending'),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type MfaRow = typeof mfas.$inferSelect;

/** A one-time code sent by SMS or email for a second factor; stored hashed, single use. */
export const mfaChallenges = pgTable('mfa_challenges', {
  mfaChallengeId: serial().primaryKey(),
  mfaId: integer()
    .notNull()
    .references(() => mfas.mfaId),
  sessionId: integer().references(() => sessions.sessionId),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expireDate: timestamp({ withTimezone: true }).notNull(),
  useDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * TOTP time steps already accepted for a method. The primary key makes spending a step atomic: of two requests
 * with one code, only the one whose insert lands signs in.
 */
export const totpSpentSteps = pgTable(
  'totp_spent_steps',
  {
    mfaId: integer()
      .notNull()
      .references(() => mfas.mfaId),
    /** Seconds since the epoch divided by the 30-second period. */
    step: integer().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mfaId, t.step] })],
);

export const recoveryTokens = pgTable('recovery_tokens', {
  recoveryTokenId: serial().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.userId),
  tokenHash: text().notNull().unique(),
  expireDate: timestamp({ withTimezone: true }).notNull(),
  /** Set when the link is opened, or when a newer link or a completed reset makes it worthless. */
  useDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every sign-in attempt, failed or not. */
export const signInEvents = pgTable('sign_in_events', {
  signInEventId: serial().primaryKey(),
  email: text(),
  userId: integer(),
  ip: text(),
  kind: text().notNull(),
  success: boolean().notNull(),
  reason: text(),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

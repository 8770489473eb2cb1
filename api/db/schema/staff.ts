/** The registrar's staff: accounts apart from customers', their sessions, second factors and enrolment links. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffRoles } from '../../contract/staff/roles.ts';

export const staffMembers = pgTable(
  'staff_members',
  {
    staffId: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    role: text({ enum: staffRoles }).notNull(),
    /** Set at enrolment; null until then. */
    passwordHash: text(),
    /** The authenticator app's base32 secret once its first code confirmed it. */
    totpSecret: text(),
    /** A secret shown for scanning, not yet confirmed by a code. */
    totpPendingSecret: text(),
    /** invited: the enrolment link is not used yet; disabled: may not sign in, sessions revoked. */
    status: text({ enum: ['invited', 'active', 'disabled'] })
      .notNull()
      .default('invited'),
    invitedBy: integer(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enrolDate: timestamp({ withTimezone: true }),
    lastSignInDate: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_members_email_lower').on(sql`lower(${t.email})`)],
);
export type StaffMemberRow = typeof staffMembers.$inferSelect;

/** A one-time enrolment link (printed by the command line or emailed with an invitation); only its hash is kept. */
export const staffEnrolments = pgTable('staff_enrolments', {
  staffEnrolmentId: serial().primaryKey(),
  staffId: integer()
    .notNull()
    .references(() => staffMembers.staffId),
  tokenHash: text().notNull().unique(),
  expireDate: timestamp({ withTimezone: true }).notNull(),
  /** Used, or made worthless by a newer link. */
  useDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff browser session (cookie `ds_staff`), its token stored only hashed. It ends at `expireDate` (8 hours after
 * sign-in) or 30 minutes after `lastSeenDate`, whichever comes first.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    staffSessionId: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.staffId),
    tokenHash: text().notNull().unique(),
    state: text({ enum: ['enrol', 'mfa', 'active'] }).notNull(),
    ip: text(),
    userAgent: text(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expireDate: timestamp({ withTimezone: true }).notNull(),
    lastSeenDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokeDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/** TOTP steps a staff member already signed in with: each code works once. */
export const staffTotpSteps = pgTable(
  'staff_totp_steps',
  {
    staffId: integer()
      .notNull()
      .references(() => staffMembers.staffId),
    step: integer().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.step] })],
);

export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    staffPasskeyId: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.staffId),
    credentialId: text().notNull().unique(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    deviceType: text().notNull(),
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('staff_passkeys_staff').on(t.staffId)],
);

/** A WebAuthn challenge issued to a staff session, spent by the answer that uses it. */
export const staffWebauthnChallenges = pgTable('staff_webauthn_challenges', {
  staffWebauthnChallengeId: serial().primaryKey(),
  challenge: text().notNull().unique(),
  purpose: text({ enum: ['register', 'second-factor'] }).notNull(),
  staffSessionId: integer()
    .notNull()
    .references(() => staffSessions.staffSessionId, { onDelete: 'cascade' }),
  expireDate: timestamp({ withTimezone: true }).notNull(),
  useDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type StaffWebauthnChallengeRow = typeof staffWebauthnChallenges.$inferSelect;

/**
 * A code emailed to a staff member who lost their authenticator: with the password it lets them replace or add a
 * second factor. Stored hashed, single use, a few tries each.
 */
export const staffEmailCodes = pgTable(
  'staff_email_codes',
  {
    staffEmailCodeId: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.staffId),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expireDate: timestamp({ withTimezone: true }).notNull(),
    useDate: timestamp({ withTimezone: true }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_email_codes_staff').on(t.staffId)],
);

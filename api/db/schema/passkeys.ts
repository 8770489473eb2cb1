/** Passkeys (WebAuthn credentials) and the single-use challenges their ceremonies sign. */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, sessions, users } from './accounts.ts';

export const passkeys = pgTable(
  'passkeys',
  {
    passkeyId: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.accountId),
    userId: integer()
      .notNull()
      .references(() => users.userId),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter; an answer that does not raise it (when it counts) is a clone's. */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** The WebAuthn user handle, base64url: one per user, so an authenticator keeps one passkey per account. */
    userHandle: text().notNull(),
    /** 'singleDevice' or 'multiDevice' (synced). */
    deviceType: text().notNull(),
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('passkeys_user').on(t.userId)],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * A challenge handed to the browser for one ceremony. Spent by the conditional update that accepts its answer, so
 * an answer replayed (or a challenge of another ceremony, session or purpose) is refused.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  webauthnChallengeId: serial().primaryKey(),
  challenge: text().notNull().unique(),
  /** register: a new passkey; sign-in: passkey instead of password; second-factor: after a password; confirm: "confirm it's you". */
  purpose: text({ enum: ['register', 'sign-in', 'second-factor', 'confirm'] }).notNull(),
  /** The session the ceremony belongs to (none for a sign-in from a browser without one). */
  sessionId: integer().references(() => sessions.sessionId, { onDelete: 'cascade' }),
  userId: integer().references(() => users.userId),
  /** For registration: the user handle the new passkey gets (the one the user's passkeys share, or a fresh one). */
  userHandle: text(),
  expireDate: timestamp({ withTimezone: true }).notNull(),
  useDate: timestamp({ withTimezone: true }),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type WebauthnChallengeRow = typeof webauthnChallenges.$inferSelect;

/** A customer's own security: recovery codes for a lost second factor, and the devices they have signed in from. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Ten single-use codes made when the first second factor is added (issue #25), stored as their SHA-256: each has 80
 * random bits, so the hash alone gives nothing away. A new set replaces the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    recoveryCodeId: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.userId),
    codeHash: text().notNull(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    useDate: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_hash').on(t.codeHash), index('recovery_codes_user').on(t.userId)],
);

/** Browsers a user has signed in from (a long-lived random cookie, stored hashed): a sign-in from any other is emailed. */
export const knownDevices = pgTable(
  'known_devices',
  {
    knownDeviceId: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.userId),
    deviceHash: text().notNull(),
    description: text().notNull(),
    firstSeen: timestamp({ withTimezone: true }).notNull(),
    lastSeen: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('known_devices_user_device').on(t.userId, t.deviceHash)],
);

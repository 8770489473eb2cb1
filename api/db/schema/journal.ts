/**
 * The journal of actions with effects at a registry (DESIGN "Journal"): each is recorded as an intent in the
 * transaction that records the action and its audit row; the registry call runs after commit and its outcome is
 * written back; an intent left pending (a process cut, an answer lost) is settled by the reconciling job.
 */
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains.ts';

export const registryIntents = pgTable(
  'registry_intents',
  {
    intentId: serial().primaryKey(),
    /** What the registry is to do: `lock`, `unlock`, `hold`, `privacy`, `restore`, `transfer-approve`... (services/journal/intent-kinds.ts). */
    kind: text().notNull(),
    domainId: integer()
      .notNull()
      .references(() => domains.domainId),
    domain: text().notNull(),
    /** The call's arguments and what our record said before (to put back if the registry refuses). */
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    state: text({ enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** While this is ahead, the process that recorded the intent is making the call; after it, the reconciler may. */
    leaseExpireDate: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    /** The registry's refusal or the last error, for staff. */
    outcome: text(),
    /** The audit entry of the action. */
    auditId: bigint({ mode: 'number' }),
    createDate: timestamp({ withTimezone: true }).notNull(),
    settleDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('registry_intents_pending').on(t.state, t.leaseExpireDate), index('registry_intents_domain').on(t.domainId, t.state)],
);
export type RegistryIntentRow = typeof registryIntents.$inferSelect;

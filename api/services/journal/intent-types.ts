/** What an intent is and what carrying one out needs: shared by the journal's mechanism and its kinds. */
import type { Tx } from '../../db/client.ts';
import type { RegistryIntentRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';

export type Intent = RegistryIntentRow;
export type JournalDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

export type Checked = { state: 'done'; result: unknown } | { state: 'not-done' };

/** One kind of journalled registry change (intent-kinds.ts lists them). */
export type IntentKindSpec = {
  call(deps: JournalDeps, intent: Intent): Promise<unknown>;
  done(deps: JournalDeps, tx: Tx, intent: Intent, result: unknown): Promise<void>;
  undo(tx: Tx, intent: Intent): Promise<void>;
  check(deps: JournalDeps, intent: Intent): Promise<Checked>;
  safeToRepeat: boolean;
  /** After the outcome committed: what goes outside the database (the zone, an email). */
  afterSettle?(deps: JournalDeps, intent: Intent, state: 'done' | 'failed'): Promise<void>;
};

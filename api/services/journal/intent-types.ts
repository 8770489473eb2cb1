/** What an intent is and what carrying one out needs: shared by the journal's mechanism and its kinds. */
import type { Tx } from '../../db/client.ts';
import type { RegistryIntentRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { AppError } from '../../errors.ts';

export type Intent = RegistryIntentRow;
export type JournalDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

export type Checked = { state: 'done'; result: unknown } | { state: 'not-done' };

/** One kind of journalled registry change (intent-kinds.ts lists them). */
export type IntentKindSpec = {
  call(deps: JournalDeps, intent: Intent): Promise<unknown>;
  done(deps: JournalDeps, tx: Tx, intent: Intent, result: unknown): Promise<void>;
  /** `refusal`: the registry's words (or the reconciler's finding) for what is put back. */
  undo(tx: Tx, intent: Intent, refusal: string): Promise<void>;
  /** The answer a refusal gets instead of the journal's 502, when the registry's refusal means the customer must act. */
  refusalAnswer?(intent: Intent, error: Error): AppError | null;
  check(deps: JournalDeps, intent: Intent): Promise<Checked>;
  safeToRepeat: boolean;
  /** After the outcome committed: what goes outside the database (the zone, an email). */
  afterSettle?(deps: JournalDeps, intent: Intent, state: 'done' | 'failed'): Promise<void>;
};

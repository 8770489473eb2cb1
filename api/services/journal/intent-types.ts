/** What an intent is and what carrying one out needs: shared by the journal's mechanism and its kinds. */
import type { RegistryIntentRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';

export type Intent = RegistryIntentRow;
export type JournalDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

/** A job kind of this application: queued with pg-boss (queue.ts), run with the application's Deps. */
import type { Deps } from '../deps.ts';
import type { QueueKind } from './queue.ts';

export type JobKind<Data extends object = object> = QueueKind<Data, Deps>;

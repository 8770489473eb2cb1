/** Delivers one queued email or SMS; a failure is retried with growing delays for about a quarter of an hour. */
import { deliverMessage, type OutgoingMessage, sendMessageQueue } from '../services/platform/messages.ts';
import type { JobKind } from './job-kind.ts';

export const sendMessageJob: JobKind<OutgoingMessage> = {
  name: sendMessageQueue,
  queue: {
    // 15 s, 30 s, 1 min ... capped at 10 min: past that a recovery link (valid for an hour) arrives too late to help.
    retryLimit: 6,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
    // The payload holds the message itself (a reset link): kept a day for diagnosis, not pg-boss's default week.
    deleteAfterSeconds: 24 * 3600,
  },
  // Someone may be watching their inbox: look every second (pg-boss's default is every two).
  work: { localConcurrency: 2, pollingIntervalSeconds: 1 },
  run: (deps, message) => deliverMessage(deps.providers, message),
};

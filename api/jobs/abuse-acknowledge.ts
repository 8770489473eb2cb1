/** Acknowledges one abuse report to its reporter with the case number (queued when the report is filed). */
import { abuseAcknowledgeQueue } from '../services/compliance/abuse/abuse-cases.ts';
import { acknowledgeAbuseReport } from '../services/compliance/abuse/abuse-acknowledge.ts';
import type { JobKind } from './job-kind.ts';

export const abuseAcknowledgeJob: JobKind<{ reportId: number }> = {
  name: abuseAcknowledgeQueue,
  // The acknowledgement clock is 24 hours: retries from 30 s up to an hour keep well inside it.
  queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
  work: { pollingIntervalSeconds: 2 },
  run: (deps, data) => acknowledgeAbuseReport(deps, data.reportId),
};

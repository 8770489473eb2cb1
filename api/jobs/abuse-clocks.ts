/** Daily at 08:05 UTC: the list of overdue abuse cases to compliance staff (nothing when none is overdue). */
import { sendOverdueCaseDigest } from '../services/compliance/abuse/abuse-clocks.ts';
import type { JobKind } from './job-kind.ts';

export const abuseClocksJob: JobKind = {
  name: 'abuse-clocks',
  cron: '5 8 * * *',
  queue: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
  run: (deps) => sendOverdueCaseDigest(deps),
};

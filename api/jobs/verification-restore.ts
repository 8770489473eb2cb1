/**
 * Takes the hold off a verified registrant's names the registry did not release when they verified
 * (services/compliance/verification/verification-restore.ts): retried with backoff, from a minute to six hours apart,
 * for about three days; one job per account at a time. A job that runs out of retries is on the dashboard's failed jobs.
 */
import { retryVerificationRestore, verificationRestoreQueue } from '../services/compliance/verification/verification-restore.ts';
import type { JobKind } from './job-kind.ts';

export const verificationRestoreJob: JobKind<{ accountId: number }> = {
  name: verificationRestoreQueue,
  queue: { policy: 'stately', retryLimit: 20, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600, expireInSeconds: 300 },
  run: (deps, data) => retryVerificationRestore(deps, data.accountId),
};

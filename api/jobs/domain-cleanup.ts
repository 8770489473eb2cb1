/**
 * On demand, when a domain leaves an account (transfer away, expiry purge): removes its services at the providers
 * and in our rows (services/domains/departed-domains.ts). Every step sets a final state, so retries are harmless.
 */
import { cleanUpDepartedDomain, domainCleanupQueue } from '../services/domains/departed-domains.ts';
import type { JobKind } from './job-kind.ts';

export const domainCleanupJob: JobKind<{ domainId: number }> = {
  name: domainCleanupQueue,
  // A mail host or registry that is down delays the cleanup (backoff up to an hour, about a day in all), never skips it.
  queue: { retryLimit: 30, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
  run: (deps, { domainId }) => cleanUpDepartedDomain(deps, domainId),
};

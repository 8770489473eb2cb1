/**
 * Every 5 minutes: custom nameservers whose review time has come are made active at the registry (spec §4 "Custom
 * nameserver add": reviewed for up to 48 hours, not active at once), and zones never published yet are published.
 */
import { reviewDueNameservers } from '../services/journal/nameserver-changes.ts';
import type { JobKind } from './job-kind.ts';

export const glueReviewJob: JobKind = {
  name: 'glue-review',
  cron: '*/5 * * * *',
  // A failed run is the next run's work: each nameserver's claim lapses and it is reviewed again.
  queue: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 24 * 3600 },
  run: (deps) => reviewDueNameservers(deps),
};

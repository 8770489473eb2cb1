/**
 * Every hour: opens the monthly bills whose date came and charges the due ones (first tries and retries of declined
 * ones) on the default card. Each bill is claimed by one worker, so two workers never charge one twice.
 */
import { runRecurringBilling } from '../services/billing/recurring-billing.ts';
import type { JobKind } from './job-kind.ts';

export const recurringBillingJob: JobKind = {
  name: 'recurring-billing',
  cron: '20 * * * *',
  // A failed run is the next run's work: every bill it left is still due or claimed with a lease.
  queue: { retryLimit: 0, expireInSeconds: 1800, deleteAfterSeconds: 7 * 24 * 3600 },
  run: (deps) => runRecurringBilling(deps),
};

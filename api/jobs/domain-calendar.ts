/**
 * Hourly: the domain calendar (api/services/renewals/domain-calendar.ts) — auto-renewals due, their retries, ERRP reminders and
 * expiry phases, all as of the one clock. Each step claims its work once, so overlapping runs and several workers
 * charge, remind and delete once.
 */
import { runDomainCalendar } from '../services/renewals/domain-calendar.ts';
import type { JobKind } from './job-kind.ts';

export const domainCalendarJob: JobKind = {
  name: 'domain-calendar',
  cron: '41 * * * *',
  // A failed run is the next run's work: everything it left is still due then.
  queue: { retryLimit: 0, expireInSeconds: 1800, deleteAfterSeconds: 7 * 24 * 3600 },
  run: (deps) => runDomainCalendar(deps),
};

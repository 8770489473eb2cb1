/** Daily: deletes what has expired as of now (sessions, codes, spent bot tokens, rate-limit windows, old outbox rows). */
import { now } from '../clock.ts';
import { deleteExpiredRecords } from '../services/platform/housekeeping.ts';
import type { JobKind } from './job-kind.ts';

export const housekeepingJob: JobKind = {
  name: 'housekeeping',
  cron: '17 3 * * *',
  queue: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
  run: (deps) => deleteExpiredRecords(deps.db, now()),
};

/**
 * Every 15 minutes: transfers away past their 5 days (or approved) are settled from the registry (the domain leaves
 * the account), and unlocked domains whose auth code expired (14 days) are locked again.
 */
import { runTransferAwayDuties } from '../services/transfers/outbound-transfers.ts';
import type { JobKind } from './job-kind.ts';

export const transferAwayJob: JobKind = {
  name: 'transfer-away',
  cron: '7,22,37,52 * * * *',
  // A failed run is the next run's work.
  queue: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 24 * 3600 },
  run: (deps) => runTransferAwayDuties(deps),
};

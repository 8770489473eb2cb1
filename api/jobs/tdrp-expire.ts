/** Every 15 minutes: registrant-change approvals whose link lapsed (7 days) are let go, and their accounts unlocked. */
import { expireTdrpRequests } from '../services/transfers/tdrp.ts';
import type { JobKind } from './job-kind.ts';

export const tdrpExpireJob: JobKind = {
  name: 'tdrp-expire',
  cron: '*/15 * * * *',
  queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
  run: (deps) => expireTdrpRequests(deps.db),
};

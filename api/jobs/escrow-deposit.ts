/** Daily at 01:30 UTC: the registrar data escrow deposit (full on ESCROW_FULL_DAY, incremental the other days). */
import { makeEscrowDeposit } from '../services/compliance/escrow/escrow-deposit.ts';
import type { JobKind } from './job-kind.ts';

export const escrowDepositJob: JobKind = {
  name: 'escrow-deposit',
  cron: '30 1 * * *',
  // Retried within the day: the agent expects the deposit the same day.
  queue: { retryLimit: 4, retryDelay: 900, retryBackoff: true, expireInSeconds: 1800 },
  // A reseller's names are escrowed by the upstream registrar that sponsors them.
  run: async (deps) => {
    if (deps.config.roleInMarket === 'reseller') return;
    await makeEscrowDeposit(deps);
  },
};

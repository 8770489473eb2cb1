/**
 * Every 15 minutes: reads the registry's message queue (transfer approved or rejected, each acknowledged once on
 * record; notices about names of ours leaving go to outbound-transfers.ts) and asks the registry how every pending inbound transfer stands; completed ones become active, rejected ones
 * wait for the customer again with their charge refunded.
 */
import { pollInboundTransfers } from '../services/transfers/inbound-transfers.ts';
import { recordOutboundTransferNotice } from '../services/journal/held-transfer-refusal.ts';
import type { JobKind } from './job-kind.ts';

export const transferPollJob: JobKind = {
  name: 'transfer-poll',
  cron: '*/15 * * * *',
  // A failed run is the next run's work: nothing is lost by not retrying.
  queue: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 24 * 3600 },
  run: (deps) => pollInboundTransfers(deps, { onOutboundNotice: (message) => recordOutboundTransferNotice(deps, message) }),
};

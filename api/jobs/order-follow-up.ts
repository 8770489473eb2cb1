/**
 * After orders complete: receipts to buyers, sale notices to sellers and the registrant's verification
 * (services/orders/order-receipts.ts, services/compliance/verification/order-verification.ts), then the registry
 * handover of names sold through the market (services/selling/market-handover.ts). Queued after each checkout and each
 * reconciliation that settled an order, and every minute for whatever a takeover completed or a failed run left: every
 * path that completes an order ends here.
 */
import { queueOrderVerification } from '../services/compliance/verification/order-verification.ts';
import { orderFollowUpQueue, sendDueReceipts } from '../services/orders/order-receipts.ts';
import { handOverDueSales } from '../services/selling/market-handover.ts';
import type { JobKind } from './job-kind.ts';

export const orderFollowUpJob: JobKind<object> = {
  name: orderFollowUpQueue,
  cron: '* * * * *',
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
  run: async (deps) => ({
    ...(await sendDueReceipts(deps, [(order) => queueOrderVerification(deps, order)])),
    ...(await handOverDueSales(deps)),
  }),
};

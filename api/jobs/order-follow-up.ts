/**
 * After orders complete: receipts to buyers and sale notices to sellers (services/orders/order-receipts.ts), then the
 * registry handover of names sold through the market (services/selling/market-handover.ts). Queued after each
 * checkout, and every minute for whatever a takeover or a reconciliation completed, or a failed run left.
 */
import { orderFollowUpQueue, sendDueReceipts } from '../services/orders/order-receipts.ts';
import { handOverDueSales } from '../services/selling/market-handover.ts';
import type { JobKind } from './job-kind.ts';

export const orderFollowUpJob: JobKind<object> = {
  name: orderFollowUpQueue,
  cron: '* * * * *',
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
  run: async (deps) => ({ ...(await sendDueReceipts(deps)), ...(await handOverDueSales(deps)) }),
};

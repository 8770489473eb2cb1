/**
 * Every 5 minutes: settles orders whose outcome is not known yet, through reconcileUnknownOrders: registry answers that
 * never came, and checkouts whose process died (their lease lapsed; takeover-watch.ts looks for those every 5 s too).
 * Asks the registry, never registers again. Also settles journalled registry changes (staff locks, suspensions,
 * courtesy renewals) whose answer was lost or whose process died (services/journal/registry-intents.ts), and refunds
 * whose names were still to be deleted or whose renewal was still to be taken back at the registry; and removed cards
 * the payments provider has not detached yet.
 */
import { detachRemovedCards } from '../services/billing/card-detach.ts';
import { finishRefundRegistryWork } from '../services/billing/refund-reconcile.ts';
import { reconcileUnknownOrders } from '../services/checkout/reconcile-orders.ts';
import { queueOrderFollowUp } from '../services/orders/order-receipts.ts';
import { settleLapsedIntents } from '../services/journal/registry-intents.ts';
import type { JobKind } from './job-kind.ts';

export const orderReconcileJob: JobKind = {
  name: 'order-reconcile',
  cron: '*/5 * * * *',
  // Each order is settled (or left for the next run) on its own; a failed run is simply the next run's work.
  queue: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 24 * 3600 },
  run: async (deps) => {
    const orders = await reconcileUnknownOrders(deps);
    // What it completed is receipted and its registrant asked to verify now, not at the follow-up's next minute.
    if (orders.settled > 0) await queueOrderFollowUp(deps.jobs);
    const intents = await settleLapsedIntents(deps);
    const refunds = await finishRefundRegistryWork(deps);
    const cards = await detachRemovedCards(deps);
    return { ...orders, intents, refunds, cards };
  },
};

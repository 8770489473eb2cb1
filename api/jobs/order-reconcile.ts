/**
 * Every 5 minutes: settles orders whose outcome is not known yet, through reconcileUnknownOrders: registry answers that
 * never came, and checkouts whose process died (their lease lapsed; takeover-watch.ts looks for those every 5 s too).
 * Asks the registry, never registers again.
 */
import { reconcileUnknownOrders } from '../services/checkout/reconcile-orders.ts';
import type { JobKind } from './job-kind.ts';

export const orderReconcileJob: JobKind = {
  name: 'order-reconcile',
  cron: '*/5 * * * *',
  // Each order is settled (or left for the next run) on its own; a failed run is simply the next run's work.
  queue: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 24 * 3600 },
  run: (deps) => reconcileUnknownOrders(deps),
};

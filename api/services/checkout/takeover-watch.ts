/**
 * Where jobs run: every heartbeat (5 s), takes over the orders whose checkout's lease lapsed (reconcile-orders.ts), so
 * an order cut by a process that died is settled about 30 s later whether or not its buyer comes back. An in-process
 * timer, not a queued job: pg-boss schedules by the minute, and the query finds nothing almost every time. What it
 * completes is followed up like any completed order (jobs/order-follow-up.ts).
 */
import type { Deps } from '../../deps.ts';
import { queueOrderFollowUp } from '../orders/order-receipts.ts';
import { heartbeatMs } from './checkout-leases.ts';
import { type ReconcileDeps, reconcileUnknownOrders } from './reconcile-orders.ts';

export type TakeoverWatch = { stop(): Promise<void> };

export function watchLapsedLeases(deps: ReconcileDeps & Pick<Deps, 'jobs'>, options: { everyMs?: number } = {}): TakeoverWatch {
  let pass: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    pass ??= reconcileUnknownOrders(deps, { lapsedOnly: true })
      // A completed takeover is followed up at once: the receipt, the registrant's verification.
      .then(async (report) => {
        if (report.settled > 0) await queueOrderFollowUp(deps.jobs);
      })
      .catch((error) => console.error('taking over cut orders failed:', error))
      .finally(() => {
        pass = null;
      });
  }, options.everyMs ?? heartbeatMs);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await pass;
    },
  };
}

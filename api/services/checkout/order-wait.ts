/**
 * A commit of a cart whose order another request is checking out waits for that checkout's answer. Should the
 * checkout's lease lapse meanwhile (its process died), this request takes the order over and answers with what the
 * takeover settled: the buyer retrying after a crash gets the outcome, not a 409 to wait out.
 */
import { AppError } from '../../errors.ts';
import { now } from '../../clock.ts';
import { leaseMs } from './checkout-leases.ts';
import {
  type CheckoutResult,
  checkoutFailedMessage,
  completedAnswer,
  findOrder,
  isAnswered,
  isInProgress,
  requiresActionAnswer,
  stillProcessingMessage,
} from './orders.ts';
import { type ReconcileDeps, reconcileOrder } from './reconcile-orders.ts';
import type { OrderRow } from '../../db/schema/index.ts';

const waitStepMs = 100;
/** After a takeover that could not settle yet (the registry or payments provider did not answer). */
const retakeStepMs = 1_000;
/** Longer than a lease, so a retry that comes just after a crash outlasts it; under the server's 60 s idle timeout. */
const waitLimitMs = leaseMs + 15_000;

export async function waitForOrder(deps: ReconcileDeps, cartId: number): Promise<CheckoutResult> {
  // Real elapsed time, not the clock: this is a wait, however a test sets the date.
  const deadline = performance.now() + waitLimitMs;
  while (performance.now() < deadline) {
    const order = await findOrder(deps.db, cartId);
    if (!order) break;
    if (isAnswered(order)) return completedAnswer(order);
    if (order.status === 'failed') throw new AppError(402, order.error ?? checkoutFailedMessage);
    if (order.status === 'requiresAction') return requiresActionAnswer(order);
    if (hasLapsed(deps, order)) {
      const settled = await reconcileOrder(deps, order.orderId).catch((error) => {
        console.error(`order ${order.orderId}: could not be taken over yet`, error);
        return false;
      });
      if (!settled) await pause(retakeStepMs);
      continue;
    }
    await pause(waitStepMs);
  }
  throw new AppError(409, stillProcessingMessage);
}

function hasLapsed(deps: ReconcileDeps, order: OrderRow): boolean {
  if (!isInProgress(order) || deps.checkoutLeases.isRunning(order.orderId)) return false;
  return order.leaseExpireDate == null || order.leaseExpireDate.getTime() < now().getTime();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

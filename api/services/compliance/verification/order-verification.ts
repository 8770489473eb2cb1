/**
 * Registrant verification for a completed order, whichever way it completed (a checkout's answer, the takeover of a
 * cut checkout, the reconciliation of unconfirmed names): the order follow-up calls it once for every order it finds
 * completed (jobs/order-follow-up.ts), so no completing path has to remember it, and a process that dies between
 * completing an order and queueing this leaves it for the next run.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { orderLines, type OrderRow } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { queueRegistrantVerification, type VerificationTrigger } from './registrant-verification.ts';

/** Queues the account's verification when the order left a name in it: `transfer` when transfers are all it brought. */
export async function queueOrderVerification(deps: Pick<Deps, 'db' | 'jobs'>, order: Pick<OrderRow, 'orderId' | 'accountId'>): Promise<boolean> {
  if (order.accountId == null) return false;
  const lines = await deps.db
    .select({ kind: orderLines.kind })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.orderId), inArray(orderLines.state, ['delivered', 'auth-code-needed', 'auth-code-rejected'])));
  if (lines.length === 0) return false;
  const trigger: VerificationTrigger = lines.every((line) => line.kind === 'transfer') ? 'transfer' : 'registration';
  await queueRegistrantVerification(deps.jobs, order.accountId, trigger);
  return true;
}

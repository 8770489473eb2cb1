/** Refunds whose registry work a cut left undone (names to delete, renewals to take back), finished by the reconciler. */
import type { Deps } from '../../deps.ts';
import { deleteRefundedNames } from './refund-names.ts';
import { refundsWithRegistryWork, takeBackRefundedYears } from './refund-renewals.ts';

/**
 * The reconciler's part (the order-reconcile job): refunds whose registry work a cut left undone are finished, as the
 * same request sent again would. Answers how many still wait for the registry.
 */
export async function finishRefundRegistryWork(deps: Deps): Promise<{ refunds: number; waiting: number }> {
  const ids = await refundsWithRegistryWork(deps.db);
  let waiting = 0;
  for (const refundId of ids) {
    const left = [...(await deleteRefundedNames(deps, refundId)), ...(await takeBackRefundedYears(deps, refundId))];
    if (left.length > 0) waiting += 1;
  }
  return { refunds: ids.length, waiting };
}

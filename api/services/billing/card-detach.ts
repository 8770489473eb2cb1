/**
 * A card removed here (by its owner, or with an account staff closed) is detached at the payment provider too, so no
 * one, not even a mistake of ours, can charge it again. The removal commits first; the provider is called after
 * commit, outside any row lock. A call that fails or is cut (the provider down, the process gone) leaves the card
 * removed but not yet detached: the order-reconcile job comes back for it every 5 minutes until the provider has
 * done it. Detaching twice is harmless (the provider answers that it is already done).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';

/** Cards detached per run; the rest wait for the next. */
const batchSize = 100;

export type DetachReport = { detached: number; failed: number };

/**
 * Detaches removed cards at the provider: those of `paymentMethodIds`, or (without) every removed card of the
 * configured provider still attached. Never throws for the provider: what failed is counted and left for later.
 */
export async function detachRemovedCards(deps: Pick<Deps, 'db' | 'providers'>, paymentMethodIds?: number[]): Promise<DetachReport> {
  const { payments } = deps.providers;
  if (paymentMethodIds?.length === 0) return { detached: 0, failed: 0 };
  const waiting = await deps.db
    .select({ paymentMethodId: paymentMethods.paymentMethodId, providerPaymentMethodId: paymentMethods.providerPaymentMethodId })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.status, 'deleted'),
        isNull(paymentMethods.detachedAt),
        // A card saved with another provider (a switch from the sandbox to Stripe) cannot be reached from here.
        eq(paymentMethods.provider, payments.name),
        paymentMethodIds ? inArray(paymentMethods.paymentMethodId, paymentMethodIds) : undefined,
      ),
    )
    .orderBy(paymentMethods.paymentMethodId)
    .limit(batchSize);
  const report: DetachReport = { detached: 0, failed: 0 };
  for (const card of waiting) {
    try {
      await payments.detachCard(card.providerPaymentMethodId);
    } catch (error) {
      report.failed++;
      console.error(`card ${card.paymentMethodId}: the payments provider did not detach it; tried again in 5 minutes`, error);
      continue;
    }
    await deps.db
      .update(paymentMethods)
      .set({ detachedAt: now() })
      .where(and(eq(paymentMethods.paymentMethodId, card.paymentMethodId), isNull(paymentMethods.detachedAt)));
    report.detached++;
  }
  return report;
}

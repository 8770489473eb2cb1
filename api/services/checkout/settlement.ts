/** Checkout's money phase: capture what the registry delivered, or give it back when the order cannot be recorded. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Db } from '../../db/client.ts';
import { orderLines } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Providers } from '../../providers/index.ts';
import type { PaymentIntent } from '../../providers/payments/index.ts';
import { releaseMarketClaims } from './market-lines.ts';
import { isRecordedState } from './order-delivery.ts';
import { captureKey, failOrder, type OrderRun, refundKey } from './orders.ts';
import type { Outcome } from './registry-lines.ts';
import { type Owner, releaseReservedAccount } from './visitor-account.ts';

/** What happened to the money after the registry answered. */
export type Settlement = { captured: number; held: boolean };

/**
 * Capture only what the registry delivered. While any answer is unknown the authorisation is held whole, for
 * reconcileUnknownOrders to capture or release once the registry has been asked again.
 */
export async function settlePayment(
  db: Db,
  providers: Providers,
  run: OrderRun,
  intent: PaymentIntent,
  owner: Owner,
  outcomes: Outcome[],
): Promise<Settlement> {
  const { orderId, leaseOwner } = run;
  const delivered = outcomes.filter((o) => o.state === 'delivered').reduce((sum, o) => sum + o.line.prices.totalPrice, 0);
  if (outcomes.some((o) => o.state === 'unknown')) return { captured: 0, held: true };
  if (!outcomes.some((o) => isRecordedState(o.state))) {
    await providers.payments.cancel(intent.id).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
    const failedNames = outcomes.map((o) => o.line.item.domain);
    const message = `We could not register ${failedNames.join(', ')}. Your card was not charged. Please try again later or contact support.`;
    await releaseReservedAccount(db, owner, orderId);
    await failOrder(db, orderId, message, leaseOwner);
    throw new AppError(502, message, { failedDomains: failedNames });
  }
  if (delivered === 0) {
    // Only transfers waiting for an auth code: nothing to charge until the code comes.
    await providers.payments.cancel(intent.id).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
    return { captured: 0, held: false };
  }
  await providers.payments.capture(intent.id, captureKey(orderId, run.attempt), delivered < intent.amount ? delivered : undefined);
  return { captured: delivered, held: false };
}

export type Fulfilment = OrderRun & { intent: Pick<PaymentIntent, 'id'>; owner: Owner; outcomes: Outcome[]; settlement: Settlement };

/**
 * The record transaction failed after the registry delivered: give back what was captured (or release the hold),
 * mark the lines as not recorded for support, free a visitor's reserved email, and fail the order with a message.
 */
export async function undoUnrecordedOrder(db: Db, providers: Providers, fulfilment: Fulfilment, cause: unknown): Promise<AppError> {
  const { orderId, attempt, intent, owner, outcomes, settlement } = fulfilment;
  const delivered = outcomes.filter((o) => o.state === 'delivered' || o.state === 'unknown').map((o) => o.line.item.domain);
  console.error(`order ${orderId}: recording failed after the registry answered (${delivered.join(', ') || 'nothing delivered'}); undoing the payment`, cause);
  let message = 'We could not record your order. Your card was not charged. Please contact support.';
  if (settlement.captured > 0) {
    try {
      await providers.payments.refund(intent.id, settlement.captured, refundKey(orderId, attempt));
      message = `We could not record your order, so the ${formatMoney(settlement.captured)} charged to your card was refunded. Please contact support.`;
    } catch (refundError) {
      console.error(`order ${orderId}: refund failed`, refundError);
      message = `We could not record your order after charging your card, and the refund did not go through yet. Please contact support about order ${orderId}.`;
    }
  } else {
    await providers.payments.cancel(intent.id).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
  }
  try {
    await db
      .update(orderLines)
      .set({ state: 'failed', error: sql`concat('not recorded (was ', ${orderLines.state}, '); ', ${orderLines.error})`, modifyDate: now() })
      .where(
        and(
          eq(orderLines.orderId, orderId),
          eq(orderLines.attempt, attempt),
          inArray(orderLines.state, ['delivered', 'unknown', 'auth-code-needed', 'auth-code-rejected']),
        ),
      );
    await releaseMarketClaims(db, orderId);
    await releaseReservedAccount(db, owner, orderId);
    await failOrder(db, orderId, message, fulfilment.leaseOwner);
  } catch (error) {
    console.error(`order ${orderId}: could not mark the order failed`, error);
  }
  return new AppError(500, message);
}

/**
 * Settles orders whose registry answer never came (DESIGN "Jobs and time": recorded as unknown, reconciled by asking
 * the outside system, never retried blindly). For each unknown line the registry is asked what it holds (`info`):
 * a name that is ours (or a transfer to us it is holding) is recorded in the account; anything else was not done
 * and goes back to the account's cart. Once no line is unknown, the order's held authorisation is captured for
 * what was delivered, or released when nothing was.
 *
 * Called at start-up, before the customer's domain list is answered, and (later) by the job queue. Several
 * processes may run it at once: each order is taken under a row lock that others skip, and the capture carries the
 * order's one idempotency key, so money moves once.
 */
import { addYears } from 'date-fns';
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { cartItems, orderLines, orders } from '../db/schema/index.ts';
import type { Providers } from '../providers/index.ts';
import type { RegistryRecord } from '../providers/registry/index.ts';
import { captureKey } from './checkout.ts';
import { accountCart, copyItemsToCart, type OrderLineRow, recordDomain, recordPayment } from './order-delivery.ts';

export type ReconcileDeps = { db: Db; providers: Pick<Providers, 'registry' | 'payments'> };

export type ReconcileReport = { settled: number; waiting: number };

/** Settles every unconfirmed order (or one account's); registry or payment trouble leaves an order for next time. */
export async function reconcileUnknownOrders(deps: ReconcileDeps, options: { accountId?: number } = {}): Promise<ReconcileReport> {
  const unconfirmed = eq(orders.status, 'unconfirmed');
  const candidates = await deps.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(options.accountId == null ? unconfirmed : and(unconfirmed, eq(orders.accountId, options.accountId)))
    .orderBy(orders.orderId);
  const report: ReconcileReport = { settled: 0, waiting: 0 };
  for (const { orderId } of candidates) {
    try {
      if (await reconcileOrder(deps, orderId)) report.settled += 1;
      else report.waiting += 1;
    } catch (error) {
      console.error(`order ${orderId}: could not be reconciled yet`, error);
      report.waiting += 1;
    }
  }
  return report;
}

/** True when the order is settled; false when it is still waiting (or another process holds it). */
async function reconcileOrder({ db, providers }: ReconcileDeps, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The lock is held across the registry and payment calls: a second process skips this order meanwhile.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, orderId), eq(orders.status, 'unconfirmed')))
      .for('update', { skipLocked: true });
    if (!order || order.accountId == null || !order.paymentIntentId) return false;
    const accountId = order.accountId;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const unknown = lines.filter((line) => line.state === 'unknown');
    const items = new Map(
      unknown.length ? (await tx.select().from(cartItems).where(inArray(cartItems.cartItemId, unknown.map((l) => l.cartItemId)))).map((i) => [i.cartItemId, i]) : [],
    );
    const today = now();
    let stillUnknown = false;
    for (const line of unknown) {
      const item = items.get(line.cartItemId);
      if (!item) throw new Error(`order ${orderId}: cart item ${line.cartItemId} of ${line.domain} is missing`);
      let record: RegistryRecord | null;
      try {
        record = await providers.registry.info(line.domain);
      } catch (error) {
        console.warn(`order ${orderId}: the registry could not say what happened to ${line.domain} yet:`, (error as Error).message);
        stillUnknown = true;
        continue;
      }
      if (isDelivered(line, record)) {
        const expireDate =
          line.kind === 'registration' && record && !Number.isNaN(record.expireDate.getTime()) ? record.expireDate : (line.expireDate ?? addYears(today, item.years));
        const domainId = await recordDomain(tx, {
          accountId,
          orderId,
          item,
          prices: line,
          state: 'delivered',
          expireDate,
          nameservers: providers.registry.defaultNameservers,
          today,
        });
        await tx.update(orderLines).set({ state: 'delivered', expireDate, domainId, modifyDate: today }).where(eq(orderLines.orderLineId, line.orderLineId));
      } else {
        await tx
          .update(orderLines)
          .set({ state: 'failed', error: `${line.error ?? 'no answer'}; the registry has no record of it`, modifyDate: today })
          .where(eq(orderLines.orderLineId, line.orderLineId));
        await copyItemsToCart(tx, await accountCart(tx, accountId), [item]);
      }
    }
    if (stillUnknown) return false;

    const delivered = (await tx.select({ totalPrice: orderLines.totalPrice }).from(orderLines).where(and(eq(orderLines.orderId, orderId), eq(orderLines.state, 'delivered')))).reduce(
      (sum, line) => sum + line.totalPrice,
      0,
    );
    if (delivered > 0) {
      // A failure here rolls the whole settlement back; the next run asks again and captures with the same key.
      await providers.payments.capture(order.paymentIntentId, captureKey(orderId), delivered < order.totalPrice ? delivered : undefined);
      await recordPayment(tx, { accountId, orderId, paymentIntentId: order.paymentIntentId, paymentMethodId: order.paymentMethodId, amount: delivered, today });
    } else {
      await providers.payments.cancel(order.paymentIntentId).catch((error) => console.error(`order ${orderId}: cancel failed`, error));
    }
    await tx.update(orders).set({ status: 'completed', modifyDate: today }).where(eq(orders.orderId, orderId));
    return true;
  });
}

/** Whether the registry now holds what the line asked for. */
function isDelivered(line: OrderLineRow, record: RegistryRecord | null): boolean {
  if (!record) return false;
  if (line.kind === 'registration') return record.ours;
  return record.ours || record.transferPending === true;
}

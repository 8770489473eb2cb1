/**
 * After an order completes: the buyer's emailed receipt (the confirmation page as text), for each name bought from
 * its owner the seller's notice of the sale with their payout, and the duties of a higher area the job passes in
 * (registrant verification). Done by the order-follow-up job for every completed order not yet receipted, whichever
 * process completed it (a checkout, a takeover, a reconciliation); each order is claimed before its work is queued, so
 * it is done once.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { orderNumber, receiptText } from '../../contract/orders/order-confirmation.ts';
import { formatMoney } from '../../contract/money.ts';
import { marketSales, type OrderRow, orders, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { type OutgoingMessage, queueMessage } from '../platform/messages.ts';
import { buildOrderConfirmation } from './order-confirmation.ts';

export const orderFollowUpQueue = 'order-follow-up';

/** After a checkout answered: the receipt goes out within seconds rather than at the next minute's run. */
export async function queueOrderFollowUp(jobs: Pick<Deps['jobs'], 'send'>): Promise<void> {
  await jobs.send(orderFollowUpQueue, {}).catch((error) => console.error('order-follow-up could not be queued; the next scheduled run sends it', error));
}

/** What else follows each completed order, passed in by the job (an area above this one's: compliance). */
export type CompletedOrderDuty = (order: OrderRow) => Promise<unknown>;

export async function sendDueReceipts(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  duties: readonly CompletedOrderDuty[] = [],
): Promise<{ receipts: number; saleNotices: number }> {
  const { db } = deps;
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'completed'), isNull(orders.receiptDate)))
    .orderBy(asc(orders.orderId))
    .limit(200);
  let receipts = 0;
  let saleNotices = 0;
  for (const order of due) {
    const [claimed] = await db
      .update(orders)
      .set({ receiptDate: now() })
      .where(and(eq(orders.orderId, order.orderId), isNull(orders.receiptDate)))
      .returning({ orderId: orders.orderId });
    if (!claimed) continue;
    try {
      const confirmation = await buildOrderConfirmation(db, order);
      if (confirmation.email) {
        await queueMessage(deps.jobs, {
          channel: 'email',
          to: confirmation.email,
          subject: `Your ${brand.name} receipt for order ${orderNumber(order.orderId)}`,
          text: receiptText(confirmation, brand.name, deps.config.publicOrigin),
        });
        receipts += 1;
      }
      for (const notice of await saleNoticesOf(deps, order.orderId)) {
        await queueMessage(deps.jobs, notice);
        saleNotices += 1;
      }
      for (const duty of duties) await duty(order);
    } catch (error) {
      // Not queued: the next run tries again (a message queued before the failure may then go twice, never none; a
      // verification queued twice starts once).
      await db.update(orders).set({ receiptDate: null }).where(eq(orders.orderId, order.orderId));
      throw error;
    }
  }
  return { receipts, saleNotices };
}

async function saleNoticesOf(deps: Pick<Deps, 'db' | 'config'>, orderId: number): Promise<OutgoingMessage[]> {
  const sales = await deps.db
    .select({ sale: marketSales, email: users.email })
    .from(marketSales)
    .innerJoin(users, eq(users.accountId, marketSales.sellerAccountId))
    .where(and(eq(marketSales.orderId, orderId), eq(marketSales.status, 'completed')));
  return sales.map(({ sale, email }) => ({
    channel: 'email',
    to: email,
    subject: `${sale.domain} sold for ${formatMoney(sale.price)}`,
    text:
      `${sale.domain} sold for ${formatMoney(sale.price)} through its ${brand.name} For Sale page.\n\n` +
      `Your share is ${formatMoney(sale.payout)} (${sale.payoutPercent}% of the price). It is in your billing history as Sale Proceeds: ` +
      `${deps.config.publicOrigin}/account/summary?view=billing\n\n` +
      `${sale.domain} has left your account, and with it its email, website and DNS records. ` +
      `If you used its mail, move it to another domain now.\n\n${brand.name}`,
  }));
}

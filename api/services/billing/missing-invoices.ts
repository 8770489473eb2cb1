/**
 * Invoices for orders delivered before Dotspot issued invoices (migration 0038 added them; nothing was back-filled):
 * `npm run admin -- issue-missing-invoices` lists such orders, and with `--issue` gives each its invoice, numbered in
 * today's series and dated today (an invoice is never backdated: it is a late invoice for the order's date of sale,
 * which it names), each in its own transaction with an audit row. Orders recorded since get theirs when recorded.
 */
import { and, eq, exists, isNotNull, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingDocuments, orderLines, orders } from '../../db/schema/index.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { issueOrderInvoice } from './billing-documents.ts';

export type OrderWithoutInvoice = { orderId: number; accountId: number; orderDate: Date; totalPrice: number };

/** Completed orders with a delivered line and no invoice, oldest first. */
export async function ordersWithoutInvoice(db: Db): Promise<OrderWithoutInvoice[]> {
  const delivered = db
    .select({ one: sql`1` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orders.orderId), eq(orderLines.state, 'delivered')));
  const invoiced = db
    .select({ one: sql`1` })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orders.orderId), eq(billingDocuments.kind, 'invoice')));
  const rows = await db
    .select({ orderId: orders.orderId, accountId: orders.accountId, orderDate: orders.createDate, totalPrice: orders.totalPrice })
    .from(orders)
    .where(and(eq(orders.status, 'completed'), isNotNull(orders.accountId), exists(delivered), not(exists(invoiced))))
    .orderBy(orders.orderId);
  return rows.map((row) => ({ ...row, accountId: row.accountId as number }));
}

/** Issues the missing invoices; an order another run invoiced meanwhile is skipped (the invoice is issued once). */
export async function issueMissingInvoices(db: Db, actor: StaffActor, today: Date): Promise<{ orderId: number; number: string }[]> {
  const issued: { orderId: number; number: string }[] = [];
  for (const order of await ordersWithoutInvoice(db)) {
    const invoice = await db.transaction(async (tx) => {
      // The order's row is held so two runs at once issue one invoice, not two numbers.
      await tx.select({ orderId: orders.orderId }).from(orders).where(eq(orders.orderId, order.orderId)).for('update');
      const [already] = await tx
        .select({ id: billingDocuments.documentId })
        .from(billingDocuments)
        .where(and(eq(billingDocuments.orderId, order.orderId), eq(billingDocuments.kind, 'invoice')));
      if (already) return null;
      const document = await issueOrderInvoice(tx, order.orderId, today, { late: true });
      if (!document) return null;
      await recordAudit(tx, actor, {
        action: 'invoice.issue',
        targetType: 'order',
        targetId: order.orderId,
        targetLabel: `Order #${order.orderId}`,
        accountId: order.accountId,
        after: { number: document.number, orderDate: order.orderDate.toISOString() },
        reason: 'A late invoice for an order delivered before invoices were issued',
      });
      return document;
    });
    if (invoice) issued.push({ orderId: order.orderId, number: invoice.number });
  }
  return issued;
}

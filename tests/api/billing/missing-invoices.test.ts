/**
 * Orders delivered before invoices existed get theirs late, on the operator's word (`npm run admin --
 * issue-missing-invoices --issue`): numbered in today's series, naming the day of sale, audited, once even when two
 * runs overlap; orders that have one, or delivered nothing, are left alone.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingDocuments, cartItems, carts, orderLines, orders } from '../../../api/db/schema/index.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { issueMissingInvoices, ordersWithoutInvoice } from '../../../api/services/billing/missing-invoices.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** An order as Dotspot recorded it before invoices: completed, its line delivered, no invoice. */
async function oldOrder(accountId: number, domain: string, state: 'delivered' | 'failed', at: Date): Promise<number> {
  const dates = { createDate: at, modifyDate: at };
  const [cart] = await t.db
    .insert(carts)
    .values({ accountId, status: 'checkedOut', verified: true, checkoutDate: at, ...dates })
    .returning();
  const [order] = await t.db
    .insert(orders)
    .values({ cartId: cart.cartId, accountId, status: state === 'delivered' ? 'completed' : 'failed', totalPrice: 1128, receiptDate: at, ...dates })
    .returning();
  const [item] = await t.db.insert(cartItems).values({ cartId: cart.cartId, domain, domainType: 'new', years: 1, createDate: at }).returning();
  await t.db.insert(orderLines).values({
    orderId: order.orderId,
    cartItemId: item.cartItemId,
    domain,
    kind: 'registration',
    state,
    price: 1128,
    protectionPrice: 0,
    monthlyPrice: 0,
    totalPrice: 1128,
    ...dates,
  });
  return order.orderId;
}

describe('invoices for orders sold before invoices existed', () => {
  it('are listed, then issued once, today, naming the day of sale, with an audit row', async () => {
    const buyer = await signedInBuyer(t, 'bought-long-ago@example.org');
    const sold = new Date('2025-06-01T10:00:00Z');
    const orderId = await oldOrder(buyer.accountId, 'qwzxv-old-sale.com', 'delivered', sold);
    const failedId = await oldOrder(buyer.accountId, 'qwzxv-old-failure.com', 'failed', sold);

    const waiting = (await ordersWithoutInvoice(t.db)).map((order) => order.orderId);
    expect(waiting).toContain(orderId);
    expect(waiting).not.toContain(failedId);

    // Two runs at once (two operators, or a retry): one invoice, one number.
    const [first, second] = await Promise.all([issueMissingInvoices(t.db, systemActor, new Date()), issueMissingInvoices(t.db, systemActor, new Date())]);
    expect([...first, ...second].filter((invoice) => invoice.orderId === orderId)).toHaveLength(1);
    const invoices = await t.db
      .select()
      .from(billingDocuments)
      .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, 'invoice')));
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice.number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(invoice.lines).toEqual([expect.objectContaining({ description: 'Registration of qwzxv-old-sale.com, sold 2025-06-01', amount: 1128, total: 1128 })]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.issue'), eq(auditLog.targetId, String(orderId))));
    expect(audit).toHaveLength(1);

    // The customer finds it under the order, and nothing is left to issue.
    const page = await buyer.client.get(`/api/orders/${orderId}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain(invoice.number);
    expect((await ordersWithoutInvoice(t.db)).map((order) => order.orderId)).not.toContain(orderId);
    expect(await t.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, failedId))).toEqual([]);
  });
});

/**
 * The demo's billing history tells one story an operator can practise on: every seeded charge was captured by the
 * payments provider and belongs to an order or a single charge with its invoice, so billing refunds a monthly bill and
 * a renewal (which takes the year back at the registry), an order's line can be refunded, and the dashboard counts the
 * revenue. The statement still balances to $0.00.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, domains, orders, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { seedDemoBilling } from '../../../api/services/billing/demo-billing.ts';
import { demoEmail, findDemoAccountId, seedDemoAccount } from '../../../api/services/platform/seed.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let billing: TestStaff;
let accountId: number;
beforeAll(async () => {
  t = await createTestContext();
  billing = await staffClient(t, 'billing');
  expect(await seedDemoAccount(t.db, { email: demoEmail, password: 'pw-for-demo-billing', totpSecret: 'JBSWY3DPEHPK3PXP' }, undefined, seedDemoBilling)).toBe(
    true,
  );
  accountId = (await findDemoAccountId(t.db)) as number;
});
afterAll(() => t.close());

type Payment = { paymentIntentId: string; amount: number; description: string };
type Charge = { transactionId: number; description: string; refundable: number };
const payments = () => t.deps.providers.payments as SandboxPayments;
let keys = 0;
const key = () => `demo-billing-${++keys}-${Math.random().toString(36).slice(2, 8)}`;

async function paymentFor(description: RegExp): Promise<{ paymentIntentId: string; charges: Charge[] }> {
  const list = await billing.client.get(`/api/admin/payments?accountId=${accountId}`);
  expect(list.status).toBe(200);
  for (const payment of list.body.data as Payment[]) {
    const detail = await billing.client.get(`/api/admin/payments/${payment.paymentIntentId}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const charges: Charge[] = detail.body.charges;
    if (charges.some((charge) => description.test(charge.description))) return { paymentIntentId: payment.paymentIntentId, charges };
  }
  throw new Error(`No payment of the demo pays for ${description}`);
}

describe("the demo's seeded billing", () => {
  it('balances to $0.00, and every card payment is a capture the payments provider knows, with an invoice', async () => {
    const [{ balance }] = await t.db
      .select({ balance: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
      .from(transactions)
      .where(eq(transactions.accountId, accountId));
    expect(balance).toBe(0);
    const cardPayments = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, accountId), eq(transactions.type, 'payment')));
    expect(cardPayments.length).toBeGreaterThanOrEqual(16);
    for (const row of cardPayments) {
      expect(row.paymentReference).toBeTruthy();
      const intent = await payments().retrieve(row.paymentReference as string);
      expect(intent).toMatchObject({ status: 'succeeded', amountReceived: -row.amount });
    }
    const invoices = await t.db
      .select()
      .from(billingDocuments)
      .where(and(eq(billingDocuments.accountId, accountId), eq(billingDocuments.kind, 'invoice')));
    expect(invoices).toHaveLength(cardPayments.length);
    const demoOrders = await t.db.select().from(orders).where(eq(orders.accountId, accountId));
    expect(demoOrders.map((order) => order.status)).toEqual(['completed', 'completed']);
    // The dashboard's revenue is the card payments of its windows (UTC days: today and the 6 or 29 before it): this
    // week's transfer, the last monthly bill (three to four weeks ago) and, early in a month, last month's registrations.
    const today = new Date();
    const since = (days: number) => Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days);
    const paidSince = (days: number) => cardPayments.filter((row) => row.startDate.getTime() >= since(days)).reduce((sum, row) => sum - row.amount, 0);
    expect(paidSince(6)).toBe(4498);
    expect(paidSince(29)).toBeGreaterThanOrEqual(4498 + 899);
    const dashboard = await billing.client.get('/api/admin/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.revenue).toMatchObject({ last7Days: paidSince(6), last30Days: paidSince(29) });
    expect(dashboard.body.transfers.last7Days).toBe(1);
  });

  it('lets billing refund a monthly bill to the card', async () => {
    const { paymentIntentId, charges } = await paymentFor(/^Website & Email plan/);
    const refunded = await billing.client.post(`/api/admin/payments/${paymentIntentId}/refunds`, {
      items: [{ transactionId: charges[0].transactionId, amount: charges[0].refundable }],
      reason: 'Practising a refund of a monthly bill',
      idempotencyKey: key(),
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(await payments().retrieve(paymentIntentId)).toMatchObject({ amountRefunded: 899 });
  });

  it("lets billing refund last month's auto-renewal to the card; past the renew grace period the registry keeps the year, and billing is told", async () => {
    const [before] = await t.db.select().from(domains).where(eq(domains.domain, 'brightbeancoffee.net'));
    const { paymentIntentId, charges } = await paymentFor(/^Renewal: brightbeancoffee\.net/);
    const renewal = charges.find((charge) => /^Renewal: brightbeancoffee\.net/.test(charge.description)) as Charge;
    const refunded = await billing.client.post(`/api/admin/payments/${paymentIntentId}/refunds`, {
      items: [{ transactionId: renewal.transactionId, amount: renewal.refundable }],
      reason: 'Practising a refund of a renewal',
      idempotencyKey: key(),
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.message).toContain('Refunded $11.98');
    expect(refunded.body.message).toContain('the registry refused to take the renewal back (2304 The renew grace period of brightbeancoffee.net ended on');
    expect(await payments().retrieve(paymentIntentId)).toMatchObject({ amountRefunded: 1198 });
    const [after] = await t.db.select().from(domains).where(eq(domains.domain, 'brightbeancoffee.net'));
    expect(after.expireDate.toISOString()).toBe(before.expireDate.toISOString());
  });

  it("shows the transfer order's line as refundable on its order page", async () => {
    const [transfer] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), sql`${orders.createDate} > now() - interval '7 days'`));
    const detail = await billing.client.get(`/api/admin/orders/${transfer.orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.lines).toMatchObject([{ domain: 'northwindlabs.io' }]);
    expect(detail.body.payment.charges[0].refundable).toBe(4498);
  });
});

/**
 * The back office's money routes as staff call them: orders and a partial refund (reason required, audited, the
 * customer's Account activity), account credit, promo codes, the failed auto-renewal queue and the dashboard; support
 * gets no money.
 */
import { addDays } from 'date-fns/addDays';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountActivity, auditLog, transactions } from '../../../api/db/schema/index.ts';
import { type AppOperationKey, appOperations } from '../../../api/openapi/app-operations.ts';
import { runDomainCalendar } from '../../../api/services/renewals/domain-calendar.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

/** An answer checked against the schema the front ends' document gives it (api/openapi/app-operations.ts). */
function documented<T>(key: AppOperationKey, body: T): T {
  appOperations[key].response.schema.parse(body);
  return body;
}

let t: TestContext;
let billing: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createTestContext();
  billing = await staffClient(t, 'billing', { ip: '198.51.100.7' });
  support = await staffClient(t, 'support');
});
afterAll(() => t.close());

let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function customerOrder(domains: string[]) {
  const email = `${label('admin')}@example.org`;
  const buyer = await signedInBuyer(t, email);
  let cartId = 0;
  for (const domain of domains) cartId = (await buyer.client.post('/api/cartItems', { domain })).body.cartId;
  const order = await buyer.client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(order.status).toBe(200);
  return { ...buyer, email, orderId: order.body.orderId as number };
}

const auditEntries = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('orders and refunds', () => {
  it('finds an order by number, domain or email, and refunds part of it with a reason that the audit log keeps', async () => {
    const domain = `${label('refund')}.com`;
    const { orderId, accountId } = await customerOrder([domain, `${label('keep')}.net`]);
    documented('GET /admin/session', (await billing.client.get('/api/admin/session')).body);
    const byNumber = await billing.client.get(`/api/admin/orders?q=%23${orderId}`);
    documented('GET /admin/orders', byNumber.body);
    expect(byNumber.body.data.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);
    expect((await billing.client.get(`/api/admin/orders?q=${domain.slice(0, 20)}`)).body.data[0].orderId).toBe(orderId);

    const order = await billing.client.get(`/api/admin/orders/${orderId}`);
    expect(order.body).toMatchObject({ orderId, accountId, status: 'completed', payment: { paid: 1028 + 1198, refundable: 1028 + 1198 } });
    documented('GET /admin/orders/:id', order.body);
    const charge = order.body.payment.charges.find((c: { description: string }) => c.description.includes(domain));
    const body = {
      items: [{ transactionId: charge.transactionId, amount: 500 }],
      reason: 'Price match with a competitor',
      idempotencyKey: `key-${label('k')}`,
    };

    const forbidden = await support.client.post(`/api/admin/orders/${orderId}/refunds`, body);
    expect(forbidden.status).toBe(403);
    const noReason = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, { ...body, reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('Give a reason');

    const refunded = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, body);
    expect(refunded.status).toBe(201);
    expect(refunded.body.payment).toMatchObject({ refunded: 500, refundable: 1028 + 1198 - 500 });
    documented('POST /admin/orders/:id/refunds', refunded.body);
    const again = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, body);
    expect(again.status).toBe(200);
    expect(again.body.refund.refundId).toBe(refunded.body.refund.refundId);

    const [entry] = (await auditEntries('order.refund')).filter((e) => e.targetId === String(orderId));
    expect(entry).toMatchObject({
      staffId: billing.staffId,
      staffEmail: billing.email,
      staffRole: 'billing',
      clientIp: '198.51.100.7',
      reason: 'Price match with a competitor',
      accountId,
    });
    const [activity] = await t.db
      .select()
      .from(accountActivity)
      .where(and(eq(accountActivity.accountId, accountId), eq(accountActivity.kind, 'order.refund')));
    expect(activity).toMatchObject({
      actor: 'Billing team',
      // The reason stays internal; no note to the customer was written.
      reason: null,
      summary: `We refunded $5.00 of order #${orderId} to your Visa ending in 4242.`,
    });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(ledger.map((row) => row.description)).toContain('Refund to Visa ending in 4242');
  });

  it('lists each order with its own domains and its own customer', async () => {
    const first = `${label('first')}.com`;
    const second = `${label('second')}.net`;
    const one = await customerOrder([first]);
    const two = await customerOrder([second]);
    const list = await billing.client.get('/api/admin/orders?limit=200');
    const row = (orderId: number) => list.body.data.find((o: { orderId: number }) => o.orderId === orderId);
    expect(row(one.orderId)).toMatchObject({ domains: [first], email: one.email, refunded: 0 });
    expect(row(two.orderId)).toMatchObject({ domains: [second], email: two.email, refunded: 0 });
    const byDomain = await billing.client.get(`/api/admin/orders?q=${first}`);
    expect(byDomain.body.data.map((o: { orderId: number }) => o.orderId)).toEqual([one.orderId]);
  });

  it('refunds a single charge (a renewal) from the account payments', async () => {
    const buyer = await signedInBuyer(t, `${label('single')}@example.org`);
    const domain = await ownDomain(t, buyer.accountId, `${label('single')}.com`, { expireDate: addDays(new Date(), 200) });
    expect(
      (await buyer.client.post('/api/renewals', { renewalPeriod: 1, domains: [{ domainId: domain.domainId }], commit: true, orderKey: label('o') })).status,
    ).toBe(200);
    const payments = await billing.client.get(`/api/admin/payments?accountId=${buyer.accountId}`);
    expect(payments.body.data).toEqual([expect.objectContaining({ amount: 1128, refunded: 0, description: expect.stringContaining(domain.domain) })]);
    const { paymentIntentId } = payments.body.data[0];
    documented('GET /admin/payments', payments.body);
    const payment = await billing.client.get(`/api/admin/payments/${paymentIntentId}`);
    documented('GET /admin/payments/:paymentIntentId', payment.body);
    const refund = await billing.client.post(`/api/admin/payments/${paymentIntentId}/refunds`, {
      items: [{ transactionId: payment.body.charges[0].transactionId, amount: 1128 }],
      reason: 'Renewed by mistake, domain not wanted',
      idempotencyKey: `key-${label('k')}`,
    });
    expect(refund.status).toBe(201);
    expect((await auditEntries('payment.refund')).map((e) => e.targetId)).toContain(paymentIntentId);
    expect((await billing.client.get(`/api/admin/payments/nothing%20here`)).status).toBe(400);
  });
});

describe('account credit', () => {
  it('grants credit with a note and a reason; the customer sees it in the cart; support may read but not grant', async () => {
    const buyer = await signedInBuyer(t, `${label('credit')}@example.org`);
    const body = { accountId: buyer.accountId, amount: 700, note: 'Sorry about the outage', reason: 'DNS outage on the 3rd' };
    expect((await support.client.post('/api/admin/credits', body)).status).toBe(403);
    expect((await billing.client.post('/api/admin/credits', { ...body, amount: 0 })).body.message).toBe('amount: The credit must be more than $0.00');
    expect((await billing.client.post('/api/admin/credits', { ...body, accountId: 987654 })).status).toBe(404);
    const granted = await billing.client.post('/api/admin/credits', body);
    expect(granted.status).toBe(201);
    documented('POST /admin/credits', granted.body);
    expect(granted.body.credit).toMatchObject({ accountId: buyer.accountId, balance: 700, entries: [expect.objectContaining({ kind: 'grant', amount: 700 })] });
    expect(documented('GET /admin/credits', (await support.client.get(`/api/admin/credits?accountId=${buyer.accountId}`)).body).balance).toBe(700);
    const [entry] = (await auditEntries('account.credit')).filter((e) => e.accountId === buyer.accountId);
    expect(entry).toMatchObject({ reason: 'DNS outage on the 3rd', after: { balance: 700, granted: 700 } });
    await buyer.client.post('/api/cartItems', { domain: `${label('credit')}.com` });
    expect((await buyer.client.get('/api/carts/0')).body).toMatchObject({ creditPrice: 700, totalPrice: 328 });
  });
});

describe('promo codes', () => {
  it('creates, lists and ends a code; the messages say what is wrong; support cannot create one', async () => {
    const body = { code: `spring-${counter++}`, kind: 'percent', value: 15, tlds: ['.COM', 'net'], years: 'first', maxRedemptions: 100, maxPerCustomer: 1 };
    expect((await support.client.post('/api/admin/promoCodes', body)).status).toBe(403);
    const bad = await billing.client.post('/api/admin/promoCodes', { ...body, value: 150 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('value: A percent discount is at most 100');
    const created = await billing.client.post('/api/admin/promoCodes', { ...body, reason: 'Spring newsletter' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: body.code.toUpperCase(),
      tlds: ['com', 'net'],
      status: 'active',
      description: '15% off the first year of .com and .net',
    });
    expect((await billing.client.post('/api/admin/promoCodes', body)).status).toBe(409);
    const list = await support.client.get('/api/admin/promoCodes');
    expect(list.body.data.map((p: { code: string }) => p.code)).toContain(body.code.toUpperCase());
    const ended = await billing.client.post(`/api/admin/promoCodes/${created.body.promoCodeId}/expire`, { reason: 'Campaign over' });
    expect(ended.body.status).toBe('expired');
    expect((await billing.client.post(`/api/admin/promoCodes/${created.body.promoCodeId}/expire`, {})).status).toBe(409);
    expect((await auditEntries('promo.create')).find((e) => e.targetLabel === body.code.toUpperCase())?.reason).toBe('Spring newsletter');
    expect((await auditEntries('promo.expire')).find((e) => e.targetLabel === body.code.toUpperCase())?.reason).toBe('Campaign over');
  });
});

describe('failed auto-renewals and the dashboard', () => {
  it('lists a declined auto-renewal and retries it after the card is fixed', async () => {
    const buyer = await signedInBuyer(t, `${label('auto')}@example.org`);
    await useCard(t, buyer.accountId, '0341');
    const domain = await ownDomain(t, buyer.accountId, `${label('auto')}.com`, { expireDate: addDays(new Date(), 10) });
    await runDomainCalendar(t.deps);
    const queue = await billing.client.get('/api/admin/failedRenewals');
    const entry = documented('GET /admin/failedRenewals', queue.body).data.find((row: { domainId: number }) => row.domainId === domain.domainId);
    expect(entry).toMatchObject({ status: 'retrying', lastError: 'Your card was declined.' });
    expect((await support.client.post(`/api/admin/failedRenewals/${entry.renewalOrderId}/retry`)).status).toBe(403);
    await useCard(t, buyer.accountId, '4242');
    const retried = await billing.client.post(`/api/admin/failedRenewals/${entry.renewalOrderId}/retry`);
    expect(documented('POST /admin/failedRenewals/:id/retry', retried.body)).toMatchObject({ renewed: true, status: 'settled' });
    expect((await auditEntries('renewal.retry')).find((e) => e.targetId === String(domain.domainId))?.staffId).toBe(billing.staffId);
  });

  it('shows every role the dashboard; only the owner puts a failed job back', async () => {
    const viewer = await staffClient(t, 'viewer');
    const dashboard = await viewer.client.get('/api/admin/dashboard');
    documented('GET /admin/dashboard', dashboard.body);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({
      registrations: { today: expect.any(Number) },
      jobs: { queues: expect.any(Array) },
      openAbuseCases: expect.any(Number),
    });
    expect(dashboard.body.registrations.today).toBeGreaterThanOrEqual(2);
    await t.jobs.send('glue-review', {});
    const [job] = await t.jobs.boss.fetch<object>('glue-review');
    await t.jobs.boss.fail('glue-review', job.id, { message: 'Registry unreachable' });
    expect((await billing.client.post(`/api/admin/dashboard/jobs/glue-review/${job.id}/retry`)).status).toBe(403);
    const owner = await staffClient(t, 'owner');
    expect((await owner.client.post(`/api/admin/dashboard/jobs/glue-review/${job.id}/retry`)).status).toBe(200);
    expect((await owner.client.post(`/api/admin/dashboard/jobs/glue-review/${job.id}/retry`)).status).toBe(404);
    expect((await auditEntries('job.retry')).map((e) => e.targetId)).toContain(job.id);
  });
});

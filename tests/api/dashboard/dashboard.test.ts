/**
 * The back office dashboard: registrations, transfers, renewals and card revenue (net of refunds) today, in 7 and in 30
 * days on the one clock; failed charges; pending transfers; and the job queue's depths, failed jobs (with retry) and
 * the last run of each schedule.
 */
import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { findPayment, refundPayment } from '../../../api/services/billing/refunds.ts';
import { readDashboard } from '../../../api/services/dashboard/dashboard.ts';
import { runDomainCalendar } from '../../../api/services/renewals/domain-calendar.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const today = new Date(Date.UTC(2026, 6, 20, 15));
const clock = new ManualClock(today);
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function checkout(client: TestClient, items: { domain: string; domainType?: string; authCode?: string }[]) {
  let cartId = 0;
  for (const item of items) cartId = (await client.post('/api/cartItems', item)).body.cartId;
  const answer = await client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { orderId: number; paymentIntentId: string; totalPrice: number };
}

describe('the dashboard', () => {
  it('counts what happened today, in the last 7 days and in the last 30, and nothing from before', async () => {
    const { client, accountId } = await signedInBuyer(t, 'dashboard@example.org');
    clock.set(subDays(today, 40));
    await checkout(client, [{ domain: `${label('ancient')}.com` }]);
    clock.set(subDays(today, 20));
    await checkout(client, [{ domain: `${label('month')}.com` }]);
    clock.set(subDays(today, 3));
    const week = await checkout(client, [{ domain: `${label('week')}.net` }]);
    const [charge] = (await findPayment(t.db, week.paymentIntentId)).charges;
    await refundPayment(t.deps, {
      paymentIntentId: week.paymentIntentId,
      items: [{ transactionId: charge.transactionId, amount: 198 }],
      reason: 'Price match',
      idempotencyKey: 'dash-1',
      actor: systemActor,
    });
    clock.set(subDays(today, 0));
    await checkout(client, [
      { domain: `${label('today')}.com` },
      { domain: `transfer-${label('in')}.com`, domainType: 'transfer', authCode: 'Str0ng!Auth#Code' },
    ]);
    const renewing = await ownDomain(t, accountId, `${label('renew')}.org`, { expireDate: addYears(today, 1) });
    const renewed = await client.post('/api/renewals', { renewalPeriod: 1, domains: [{ domainId: renewing.domainId }], commit: true, orderKey: 'dash-renew' });
    expect(renewed.status).toBe(200);

    const dashboard = await readDashboard(t.deps);
    expect(dashboard.asOf).toBe(today.toISOString());
    expect(dashboard.registrations).toEqual({ today: 1, last7Days: 2, last30Days: 3 });
    expect(dashboard.transfers).toEqual({ today: 1, last7Days: 1, last30Days: 1 });
    expect(dashboard.renewals).toEqual({ today: 1, last7Days: 1, last30Days: 1 });
    const todayRevenue = 1028 + 1128 + 1098;
    expect(dashboard.revenue).toEqual({ today: todayRevenue, last7Days: todayRevenue + 1198 - 198, last30Days: todayRevenue + 1198 - 198 + 1028 });
    expect(dashboard.refunds).toEqual({ today: 0, last7Days: 198, last30Days: 198 });
    expect(dashboard.pendingTransfers).toMatchObject({ inbound: 1 });
    expect(dashboard.openAbuseCases).toBe(0);

    // The list each figure opens holds what the figure counts, from the UTC day its period starts on.
    const billing = await staffClient(t, 'billing');
    const periods = [
      ['today', 0],
      ['last7Days', 6],
      ['last30Days', 29],
    ] as const;
    for (const [period, daysBack] of periods) {
      const since = subDays(today, daysBack).toISOString().slice(0, 10);
      const registrations = await billing.client.get(`/api/admin/orders?line=registration&since=${since}`);
      expect(registrations.body.lineCount, period).toBe(dashboard.registrations[period]);
      const transfers = await billing.client.get(`/api/admin/orders?line=transfer&since=${since}`);
      expect(transfers.body.lineCount, period).toBe(dashboard.transfers[period]);
      const renewals = await billing.client.get(`/api/admin/renewed?since=${since}`);
      expect(renewals.body.total, period).toBe(dashboard.renewals[period]);
      // Revenue's list adds up to the figure, its rows (every page) to its sum.
      const revenue = await billing.client.get(`/api/admin/revenue?since=${since}&limit=200`);
      expect(revenue.body.net, period).toBe(dashboard.revenue[period]);
      expect(
        revenue.body.data.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0),
        period,
      ).toBe(revenue.body.net);
      expect(revenue.body.total, period).toBe(revenue.body.data.length);
    }
    const renewalsToday = await billing.client.get(`/api/admin/renewed?since=${today.toISOString().slice(0, 10)}`);
    expect(renewalsToday.body.data).toEqual([expect.objectContaining({ domain: renewing.domain, years: 1, kind: 'manual', accountId })]);
    // Today's registration and transfer were one order: the transfer's list is that order, with both its names.
    const todayOrders = await billing.client.get(`/api/admin/orders?line=transfer&since=${today.toISOString().slice(0, 10)}`);
    expect(todayOrders.body.total).toBe(1);
    expect(todayOrders.body.data[0].domains).toHaveLength(2);
    // A day that is not one is refused in words, not a 500.
    for (const bad of ['2026-13-01', 'yesterday']) {
      const refused = await billing.client.get(`/api/admin/renewed?since=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/since must be a day/);
      expect((await billing.client.get(`/api/admin/orders?since=${bad}`)).status).toBe(400);
      expect((await billing.client.get(`/api/admin/revenue?since=${bad}`)).status).toBe(400);
    }
  });

  it('lists charges that failed in the last 7 days, newest first', async () => {
    clock.set(subDays(today, 2));
    const declined = await signedInBuyer(t, 'dashboard-declined@example.org');
    await useCard(t, declined.accountId, '0341');
    await ownDomain(t, declined.accountId, `${label('declined')}.com`, { expireDate: addDays(subDays(today, 2), 15) });
    await runDomainCalendar(t.deps);
    clock.set(today);
    const cartId = (await declined.client.post('/api/cartItems', { domain: `${label('nope')}.com` })).body.cartId;
    expect((await declined.client.patch(`/api/carts/${cartId}`, { commit: true })).status).toBe(402);

    const { failedCharges } = await readDashboard(t.deps);
    const mine = failedCharges.recent.filter((row) => row.accountId === declined.accountId);
    expect(mine.map((row) => [row.kind, row.amount, row.reason])).toEqual([
      ['order', 1028, 'Your card was declined.'],
      ['auto-renewal', 1128, 'Your card was declined.'],
    ]);
    expect(failedCharges.last7Days).toBeGreaterThanOrEqual(2);
  });

  it('shows the queues, a failed job that staff put back to run, and when each schedule last ran', async () => {
    await t.jobs.send('glue-review', {});
    const [job] = await t.jobs.boss.fetch<object>('glue-review');
    await t.jobs.boss.fail('glue-review', job.id, { message: 'The registry was unreachable' });
    const before = await readDashboard(t.deps);
    expect(before.jobs.failedJobs).toContainEqual(expect.objectContaining({ id: job.id, name: 'glue-review', error: 'The registry was unreachable' }));
    expect(before.jobs.queues.find((q) => q.name === 'glue-review')).toMatchObject({ failed: 1, ready: 0 });
    const scheduleNames = before.jobs.schedules.map((s) => s.name);
    expect(scheduleNames).toEqual(expect.arrayContaining(['domain-calendar', 'order-reconcile', 'housekeeping']));
    expect(before.jobs.schedules.find((s) => s.name === 'housekeeping')).toMatchObject({ cron: expect.any(String), lastRun: null });

    expect(await t.jobs.retryFailedJob('glue-review', job.id)).toBe(true);
    expect(await t.jobs.retryFailedJob('glue-review', job.id)).toBe(false);
    const after = await readDashboard(t.deps);
    expect(after.jobs.failedJobs.map((j) => j.id)).not.toContain(job.id);
    expect(after.jobs.queues.find((q) => q.name === 'glue-review')).toMatchObject({ failed: 0, ready: 1 });

    await t.jobs.send('housekeeping', {});
    await t.runJobs();
    const ran = await readDashboard(t.deps);
    expect(ran.jobs.schedules.find((s) => s.name === 'housekeeping')?.lastRun).toMatchObject({ state: 'completed', completedOn: expect.any(String) });
  });
});

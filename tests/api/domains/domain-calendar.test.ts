/**
 * The domain calendar with the clock moved day by day: auto-renew once per term however many workers run, failed
 * charges retried and emailed, ERRP reminders once each, and an expired name through redemption to deletion.
 */
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../api/db/client.ts';
import { domains, outbox, registryDomains, renewalOrders } from '../../../api/db/schema/index.ts';
import type { Deps } from '../../../api/deps.ts';
import { runDomainCalendar } from '../../../api/services/renewals/domain-calendar.ts';
import { useFileClock, useFileTestContext } from '../../fixtures/file-test-context.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';

const start = new Date(Date.UTC(2026, 4, 1, 3));
const clock = useFileClock(start);
const { t, nextBuyer, ledgerOf } = useFileTestContext();

const rowOf = async (domainId: number) => (await t.db.select().from(domains).where(eq(domains.domainId, domainId)))[0];

/** Delivers queued mail, then answers the subjects sent to `to`. */
async function mailTo(to: string): Promise<string[]> {
  await t.runJobs();
  return (await t.db.select().from(outbox).where(eq(outbox.to, to))).map((m) => m.subject ?? '');
}

describe('auto-renew', () => {
  it('renews about 15 days before expiry once, with two workers running at the same moment', async () => {
    clock.set(start);
    const { accountId } = await nextBuyer('auto');
    const expiry = addDays(start, 20);
    const row = await ownDomain(t, accountId, 'qwzx-auto.com', { expireDate: expiry, protectionEnabled: true, protectionPaidUntil: expiry });
    expect(row.autoRenewDate).toBeNull();
    const other = createDb(t.databaseUrl, { max: 5 });
    const secondWorker: Deps = { ...t.deps, db: other };
    try {
      await runDomainCalendar(t.deps);
      expect(await rowOf(row.domainId)).toMatchObject({ expireDate: expiry, autoRenewDate: subDays(expiry, 15) });
      clock.set(addDays(start, 5));
      const [a, b] = await Promise.all([runDomainCalendar(t.deps), runDomainCalendar(secondWorker)]);
      expect(a.autoRenewed + b.autoRenewed).toBe(1);
      await Promise.all([runDomainCalendar(t.deps), runDomainCalendar(secondWorker)]);
    } finally {
      await other.$end();
    }
    const renewed = await rowOf(row.domainId);
    expect(renewed.expireDate).toEqual(addYears(expiry, 1));
    expect(renewed.autoRenewDate).toEqual(subDays(addYears(expiry, 1), 15));
    const ledger = await ledgerOf(accountId);
    expect(ledger.filter((r) => r.type === 'payment').map((r) => r.amount)).toEqual([-(1128 + 500)]);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'qwzx-auto.com'));
    expect(registry.expireDate).toEqual(addYears(expiry, 1));
  });

  it('emails the customer when the charge fails and tries again 3 times, a day apart, then stops', async () => {
    clock.set(start);
    const { accountId, email } = await nextBuyer('calendar-declined');
    await useCard(t, accountId, '0341');
    const expiry = addDays(start, 15);
    const row = await ownDomain(t, accountId, 'qwzx-declines.com', { expireDate: expiry });
    for (let day = 0; day <= 6; day++) {
      clock.set(addDays(start, day));
      await runDomainCalendar(t.deps);
      await runDomainCalendar(t.deps);
    }
    const failures = (await mailTo(email)).filter((s) => s === 'We could not renew qwzx-declines.com');
    expect(failures).toHaveLength(4);
    expect((await rowOf(row.domainId)).expireDate).toEqual(expiry);
    expect(await ledgerOf(accountId)).toEqual([]);
  });

  it('takes over an auto-renewal whose worker stopped after claiming it, and charges it once', async () => {
    clock.set(start);
    const { accountId } = await nextBuyer('stalled');
    const expiry = addDays(start, 10);
    const row = await ownDomain(t, accountId, 'qwzx-stalled.com', { expireDate: expiry });
    // What a worker that died right after its claim leaves behind.
    await t.db.insert(renewalOrders).values({
      accountId,
      orderKey: `auto:${row.domainId}:${expiry.toISOString()}`,
      kind: 'auto',
      status: 'pending',
      domainId: row.domainId,
      termExpireDate: expiry,
      renewalPeriod: 1,
      amount: 0,
      attempts: 1,
      createDate: start,
      modifyDate: start,
    });
    await runDomainCalendar(t.deps);
    expect((await rowOf(row.domainId)).expireDate).toEqual(expiry);
    clock.set(addMinutes(start, 31));
    await Promise.all([runDomainCalendar(t.deps), runDomainCalendar(t.deps)]);
    await runDomainCalendar(t.deps);
    expect((await rowOf(row.domainId)).expireDate).toEqual(addYears(expiry, 1));
    expect((await ledgerOf(accountId)).filter((r) => r.type === 'payment').map((r) => r.amount)).toEqual([-1128]);
  });

  it('leaves a domain with auto-renew off to expire, charging nothing', async () => {
    clock.set(start);
    const { accountId } = await nextBuyer('manual');
    const expiry = addDays(start, 10);
    const row = await ownDomain(t, accountId, 'qwzx-manual.com', { expireDate: expiry, autoRenewEnabled: false });
    for (const day of [0, 5, 11]) {
      clock.set(addDays(start, day));
      await runDomainCalendar(t.deps);
    }
    expect(await rowOf(row.domainId)).toMatchObject({ status: 'expired', expireDate: expiry });
    expect(await ledgerOf(accountId)).toEqual([]);
  });
});

describe('reminders and expiry', () => {
  // Every scheduled job runs 84 times (twice a day for six weeks): 7-10 s on a quiet machine, over 20 s on a busy one.
  it('sends the 30-day, 7-day and expired reminders once each as the scheduled job runs day by day', { timeout: 60_000 }, async () => {
    clock.set(start);
    const { accountId, email } = await nextBuyer('calendar-reminders');
    const expiry = addDays(start, 35);
    await ownDomain(t, accountId, 'qwzx-remind.com', { expireDate: expiry, autoRenewEnabled: false });
    const scheduled = scheduledJobRunner(t.deps);
    for (let hour = 1; hour <= 42 * 24; hour += 12) {
      clock.set(new Date(start.getTime() + hour * 3600_000));
      await scheduled.runDue();
    }
    const subjects = await mailTo(email);
    expect(subjects.sort()).toEqual(['qwzx-remind.com expires in about 30 days', 'qwzx-remind.com expires in about 7 days', 'qwzx-remind.com has expired']);
  });

  it('moves an expired domain to redemption after 30 days, pending delete after 30 more, then deletes it and frees the name', async () => {
    clock.set(start);
    const { accountId } = await nextBuyer('expiry');
    const row = await ownDomain(t, accountId, 'qwzx-lapse.com', { expireDate: addDays(start, 1), autoRenewEnabled: false });
    const protectedRow = await ownDomain(t, accountId, 'qwzx-guarded.com', {
      expireDate: addDays(start, 1),
      autoRenewEnabled: false,
      protectionEnabled: true,
      protectionPaidUntil: addDays(start, 1),
    });
    const statuses: Record<number, string> = {};
    for (const day of [2, 30, 32, 40, 62, 64, 67]) {
      clock.set(addDays(start, day));
      await runDomainCalendar(t.deps);
      statuses[day] = (await rowOf(row.domainId)).status;
    }
    expect(statuses).toEqual({ 2: 'expired', 30: 'expired', 32: 'redemption', 40: 'redemption', 62: 'pendingDelete', 64: 'pendingDelete', 67: 'deleted' });
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'qwzx-lapse.com'))).toEqual([]);
    const check = await t.deps.providers.registry.check(['qwzx-lapse.com']);
    expect(check[0].available).toBe(true);
    // Domain Protection extends the Renewal Grace Period by a year.
    expect((await rowOf(protectedRow.domainId)).status).toBe('expired');
  });

  it('prices a domain in redemption with its redemption fee', async () => {
    clock.set(start);
    const { accountId, client } = await nextBuyer('redeem');
    const row = await ownDomain(t, accountId, 'qwzx-redeem.com', { expireDate: subDays(start, 31), autoRenewEnabled: false, status: 'expired' });
    await runDomainCalendar(t.deps);
    expect((await rowOf(row.domainId)).status).toBe('redemption');
    const listed = await client.get('/api/renewals');
    expect(listed.body.data.find((d: { domainId: number }) => d.domainId === row.domainId)).toMatchObject({ renewPrice: 1128, redemptionPrice: 8000 });
    const done = await client.post('/api/renewals', { domains: [{ domainId: row.domainId }], commit: true, orderKey: 'redeem-order-1' });
    expect(done.status).toBe(200);
    expect(done.body.totalPrice).toBe(1128 + 8000);
    expect(await rowOf(row.domainId)).toMatchObject({ status: 'active', redemptionPeriodStartDate: null });
  });
});

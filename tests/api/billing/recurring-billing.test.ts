/**
 * Recurring billing across bill dates, with the clock moved and the due jobs run twice at once (two workers): each
 * month's plans charged once on the default card with one mrc row per plan and one payment row, a receipt emailed; a
 * plan cancelled mid-month not charged the next month; a declined charge retried 3 times over the following days, each
 * failure emailed; and the account's recurringBillDate and recurringBillAmount telling what the next bill will be.
 */
import { addDays } from 'date-fns/addDays';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { billingSchedules, domains, outbox, paymentMethods, recurringBills, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { accountView } from '../../../api/services/accounts/account-summary.ts';
import { authorizeDefaultCard } from '../../../api/services/billing/account-charges.ts';
import { ensureBillingSchedule, runRecurringBilling } from '../../../api/services/billing/recurring-billing.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const start = new Date('2026-01-10T15:00:00Z');
const clock = new ManualClock(start);
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const payments = () => t.deps.providers.payments as SandboxPayments;
let buyers = 0;

/** A customer who bought two plans at checkout today: its first 30 days are paid, as checkout records them. */
async function customerWithPlans() {
  const email = `recurring-${++buyers}@example.org`;
  const buyer = await signedInBuyer(t, email);
  const today = clock.now();
  const rows = await t.db
    .insert(domains)
    .values([
      {
        accountId: buyer.accountId,
        domain: `suite-${buyers}.com`,
        expireDate: addDays(today, 365),
        emailEnabled: true,
        builderEnabled: true,
        websiteType: 'builder',
        mrc: 899,
      },
      { accountId: buyer.accountId, domain: `mail-${buyers}.com`, expireDate: addDays(today, 365), emailEnabled: true, mrc: 500 },
    ])
    .returning();
  await t.db.insert(transactions).values(
    rows.map((row) => ({
      accountId: buyer.accountId,
      domainId: row.domainId,
      type: 'mrc' as const,
      description: `first month ${row.domain}`,
      amount: row.mrc,
      startDate: today,
      endDate: addDays(today, 30),
    })),
  );
  return { ...buyer, email, suite: rows[0], mail: rows[1] };
}

/** Two workers running the due work at the same moment, then the scheduled harness once more. */
async function runDueTwice() {
  await Promise.all([runRecurringBilling(t.deps), runRecurringBilling(t.deps)]);
  await scheduledJobRunner(t.deps).runDue();
  await t.runJobs();
}

const charges = (accountId: number) =>
  t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(asc(transactions.startDate), asc(transactions.transactionId));
const mailTo = (to: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.channel, 'email')))
    .orderBy(asc(outbox.id));

describe('recurring billing', () => {
  it('charges each month once on the bill date, and not a plan cancelled during the month', async () => {
    const customer = await customerWithPlans();
    const declined = await customerWithPlans();
    const card = await payments().createPaymentMethod({ number: '4000000000000341', expMonth: 1, expYear: 2035, cvc: '123' });
    await t.db.update(paymentMethods).set({ providerPaymentMethodId: card.id, last4: '0341' }).where(eq(paymentMethods.accountId, declined.accountId));

    const before = (await customer.client.get('/api/accounts/0')).body;
    expect(before).toMatchObject({ recurringBillDate: '2026-02-10T00:00:00.000Z', recurringBillAmount: 1399 });

    // The day before: nothing.
    clock.set(new Date('2026-02-09T23:00:00Z'));
    await runDueTwice();
    expect(await charges(customer.accountId)).toHaveLength(2);

    // The bill date: 13.99 once, one row per plan and one payment.
    clock.set(new Date('2026-02-10T00:20:00Z'));
    await runDueTwice();
    await runDueTwice();
    const february = (await charges(customer.accountId)).slice(2);
    expect(february.map((row) => [row.type, row.amount, row.domainId])).toEqual([
      ['mrc', 500, customer.mail.domainId],
      ['mrc', 899, customer.suite.domainId],
      ['payment', -1399, null],
    ]);
    expect(february[1].description).toBe(`Website & Email plan for ${customer.suite.domain} (Feb 10, 2026 – Mar 9, 2026)`);
    const intents = (await payments().ledger()).filter((p) => p.id === february[2].paymentReference);
    expect(intents).toMatchObject([{ amount: 1399, amountReceived: 1399 }]);
    const receipts = await mailTo(customer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Your Dotspot receipt: monthly plans, Feb 10, 2026');
    expect(receipts[0].body).toContain('$13.99');
    expect(await accountView(t.db, customer.accountId)).toMatchObject({ recurringBillDate: '2026-03-10T00:00:00.000Z', recurringBillAmount: 1399 });

    // The email plan is cancelled mid-month: it runs to the end of the paid month and is not charged again.
    clock.set(new Date('2026-02-20T12:00:00Z'));
    await t.db.update(domains).set({ emailEnabled: false, mrc: 0 }).where(eq(domains.domainId, customer.mail.domainId));
    expect(await accountView(t.db, customer.accountId)).toMatchObject({ recurringBillDate: '2026-03-10T00:00:00.000Z', recurringBillAmount: 899 });
    clock.set(new Date('2026-03-10T01:00:00Z'));
    await runDueTwice();
    const march = (await charges(customer.accountId)).slice(5);
    expect(march.map((row) => [row.type, row.amount])).toEqual([
      ['mrc', 899],
      ['payment', -899],
    ]);
    expect(await mailTo(customer.email)).toHaveLength(2);

    // The other customer's card declines: each month's bill waits for a retry (the job ran on Feb 10 and Mar 10), uncharged.
    const bills = await t.db.select().from(recurringBills).where(eq(recurringBills.accountId, declined.accountId)).orderBy(asc(recurringBills.billDate));
    expect(bills.map((bill) => [bill.period, bill.status, bill.attempts, bill.amount])).toEqual([
      ['202602', 'due', 2, 1399],
      ['202603', 'due', 1, 1399],
    ]);
    expect((await charges(declined.accountId)).filter((row) => row.type === 'payment')).toEqual([]);
  });

  it('retries a declined charge 3 times over the following days, emails each failure, and stops', async () => {
    clock.set(new Date('2026-04-05T09:00:00Z'));
    const customer = await customerWithPlans();
    const card = await payments().createPaymentMethod({ number: '4000000000000341', expMonth: 1, expYear: 2035, cvc: '123' });
    await t.db.update(paymentMethods).set({ providerPaymentMethodId: card.id, last4: '0341' }).where(eq(paymentMethods.accountId, customer.accountId));
    const recovers = await customerWithPlans();
    const badCard = await payments().createPaymentMethod({ number: '4000000000009995', expMonth: 1, expYear: 2035, cvc: '123' });
    await t.db.update(paymentMethods).set({ providerPaymentMethodId: badCard.id, last4: '9995' }).where(eq(paymentMethods.accountId, recovers.accountId));

    // A card whose bank asks to confirm every charge cannot be charged while the customer is away.
    const confirms = await customerWithPlans();
    const asking = await payments().createPaymentMethod({ number: '4000002760003184', expMonth: 1, expYear: 2035, cvc: '123' });
    await t.db.update(paymentMethods).set({ providerPaymentMethodId: asking.id, last4: '3184' }).where(eq(paymentMethods.accountId, confirms.accountId));

    const attempts: string[] = [];
    for (const day of [
      '2026-05-05T00:30:00Z',
      '2026-05-06T00:30:00Z',
      '2026-05-07T01:00:00Z',
      '2026-05-09T01:30:00Z',
      '2026-05-11T02:00:00Z',
      '2026-05-20T00:00:00Z',
    ]) {
      clock.set(new Date(day));
      if (day.startsWith('2026-05-09')) {
        // The second customer puts in a good card after two failures.
        await t.db
          .update(paymentMethods)
          .set({ providerPaymentMethodId: 'pm_sandbox_demo_visa_4242', last4: '4242' })
          .where(eq(paymentMethods.accountId, recovers.accountId));
      }
      await runDueTwice();
      const [bill] = await t.db.select().from(recurringBills).where(eq(recurringBills.accountId, customer.accountId));
      attempts.push(`${day.slice(5, 10)} ${bill.status}/${bill.attempts}`);
    }
    expect(attempts).toEqual(['05-05 due/1', '05-06 due/1', '05-07 due/2', '05-09 due/3', '05-11 failed/4', '05-20 failed/4']);
    const notices = await mailTo(customer.email);
    expect(notices.map((m) => m.subject)).toEqual(Array(4).fill('Dotspot: we could not charge your monthly plans ($13.99)'));
    expect(notices[0].body).toContain('Your card was declined.');
    expect(notices[0].body).toContain('We will try again on May 7, 2026');
    expect(notices[3].body).toContain('This was our last try');
    expect((await charges(customer.accountId)).filter((row) => row.startDate >= new Date('2026-05-01'))).toEqual([]);

    const [confirmNotice] = await mailTo(confirms.email);
    expect(confirmNotice.body).toContain('your bank asked to confirm the payment');
    expect((await charges(confirms.accountId)).filter((row) => row.type === 'payment')).toEqual([]);

    const recovered = (await charges(recovers.accountId)).filter((row) => row.startDate >= new Date('2026-05-01'));
    expect(recovered.map((row) => [row.type, row.amount])).toEqual([
      ['mrc', 500],
      ['mrc', 899],
      ['payment', -1399],
    ]);
    expect((await mailTo(recovers.email)).map((m) => m.subject)).toEqual([
      'Dotspot: we could not charge your monthly plans ($13.99)',
      'Dotspot: we could not charge your monthly plans ($13.99)',
      'Your Dotspot receipt: monthly plans, May 5, 2026',
    ]);
  });

  it('takes over a bill a crashed worker left mid-charge without charging twice', async () => {
    clock.set(new Date('2026-06-03T10:00:00Z'));
    const customer = await customerWithPlans();
    clock.set(new Date('2026-07-03T00:10:00Z'));
    // A worker claimed the bill and was killed before it answered.
    await runRecurringBilling(t.deps);
    const [paid] = await t.db.select().from(recurringBills).where(eq(recurringBills.accountId, customer.accountId));
    expect(paid.status).toBe('paid');
    await t.db.update(recurringBills).set({ status: 'charging', claimDate: clock.now() }).where(eq(recurringBills.recurringBillId, paid.recurringBillId));
    clock.set(new Date('2026-07-03T00:20:00Z'));
    await runDueTwice();
    clock.set(new Date('2026-07-03T00:40:00Z'));
    await runDueTwice();
    const [after] = await t.db.select().from(recurringBills).where(eq(recurringBills.accountId, customer.accountId));
    expect(after.status).toBe('paid');
    const july = (await charges(customer.accountId)).filter((row) => row.type === 'payment');
    expect(july.map((row) => row.amount)).toEqual([-1399]);
  });

  it('finishes a bill whose worker died after capturing, before recording: recorded once, not charged again', async () => {
    clock.set(new Date('2026-08-04T10:00:00Z'));
    const customer = await customerWithPlans();
    clock.set(new Date('2026-09-04T00:10:00Z'));
    await ensureBillingSchedule(t.db, customer.accountId);
    // What the dead worker did: opened and claimed the bill, authorised and captured the charge, and died.
    const attempt = await authorizeDefaultCard(t.deps, {
      accountId: customer.accountId,
      amount: 1399,
      idempotencyKey: `recurring:${customer.accountId}:202609:1`,
      purpose: `recurring:${customer.accountId}:202609`,
      description: 'plans',
    });
    expect(attempt.status).toBe('authorized');
    const intentId = attempt.status === 'authorized' ? attempt.held.paymentIntentId : '';
    await payments().capture(intentId, `recurring-capture:${customer.accountId}:202609`);
    await t.db.insert(recurringBills).values({
      accountId: customer.accountId,
      period: '202609',
      billDate: new Date('2026-09-04T00:00:00Z'),
      endDate: new Date('2026-10-04T00:00:00Z'),
      amount: 1399,
      lines: [
        { domainId: customer.suite.domainId, domain: customer.suite.domain, plan: 'Website & Email', amount: 899 },
        { domainId: customer.mail.domainId, domain: customer.mail.domain, plan: 'Email', amount: 500 },
      ],
      status: 'charging',
      attempts: 1,
      nextAttemptDate: clock.now(),
      claimDate: clock.now(),
      paymentIntentId: intentId,
      createDate: clock.now(),
      modifyDate: clock.now(),
    });
    await t.db
      .update(billingSchedules)
      .set({ nextBillDate: new Date('2026-10-04T00:00:00Z') })
      .where(eq(billingSchedules.accountId, customer.accountId));
    clock.set(new Date('2026-09-04T00:30:00Z'));
    await runDueTwice();
    await runDueTwice();
    const [bill] = await t.db.select().from(recurringBills).where(eq(recurringBills.accountId, customer.accountId));
    expect(bill.status).toBe('paid');
    const paid = (await charges(customer.accountId)).filter((row) => row.type === 'payment');
    expect(paid.map((row) => [row.amount, row.paymentReference])).toEqual([[-1399, intentId]]);
    const [intent] = (await payments().ledger()).filter((p) => p.id === intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: 1399 });
    expect((await mailTo(customer.email)).map((m) => m.subject)).toEqual(['Your Dotspot receipt: monthly plans, Sep 4, 2026']);
  });
});

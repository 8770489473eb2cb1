/**
 * Recurring billing: each account with monthly plans (domains' `mrc`: email, website builder) is charged once a month
 * on its bill date, on its default card, through account-charges.ts.
 *
 * - The billing day is the day of the month (1-28, UTC) of the account's first plan charge; it is stored with the
 *   next bill date (the first billing day after the last plan charge) in `billing_schedules` when the account is
 *   first seen with a plan (by the job or the account's figures).
 * - On the bill date a bill for that month is opened (unique per account and month: the idempotency key) with the
 *   plans due then; a plan whose paid period (checkout charges its first 30 days) runs past the bill date waits for the
 *   next one, so no day is charged twice. A plan cancelled during the month has `mrc` 0 by the next bill date and is
 *   not charged again.
 * - A bill is claimed by one worker with a conditional UPDATE, charged, and its `mrc` rows and payment row written;
 *   a receipt is emailed. A declined charge is retried every 2 days, 3 times, each failure emailed.
 * - A worker that died mid-charge leaves the bill claimed: after a lease of 15 minutes another worker takes it over
 *   with the same idempotency key, so the provider answers the same payment instead of charging again.
 */
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { planLabels, planOf } from '../../contract/carts/cart-pricing.ts';
import { formatMoney } from '../../contract/money.ts';
import { describeTax, formatRate, type TaxDecision, type TaxDisplay, taxOfLines } from '../../contract/billing/tax.ts';
import { toYyyymm } from '../../contract/billing/transactions.ts';
import type { Db } from '../../db/client.ts';
import { billingSchedules, domains, type RecurringBillLine, recurringBills, transactions, users } from '../../db/schema/index.ts';
import type { BillingScheduleRow, RecurringBillRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authorizeDefaultCard, captureCharge, type ChargeLine, findDefaultCard, type HeldCharge } from './account-charges.ts';
import { accountChargeTax, chargeTaxNote } from './charge-tax.ts';
import { queueMessage } from '../platform/messages.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';

/** The first try and 3 retries. */
export const maxChargeAttempts = 4;
export const retryAfterDays = 2;
const claimLeaseMinutes = 15;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDate = (date: Date) => dateFormat.format(date);

/** The first `day`-of-month (00:00 UTC) strictly after `after`. */
export function nextBillDateAfter(day: number, after: Date): Date {
  const sameMonth = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), day));
  return sameMonth > after ? sameMonth : new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + 1, day));
}

/** The plans a bill on `billDate` charges: domains with a monthly price, not deleted, not already paid past that date. */
export async function plansDue(db: Db, accountId: number, billDate: Date): Promise<RecurringBillLine[]> {
  const planned = await db
    .select()
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted'), gt(domains.mrc, 0)))
    .orderBy(asc(domains.domain));
  if (planned.length === 0) return [];
  const paid = await db
    .select({ domainId: transactions.domainId, paidUntil: sql<Date>`max(${transactions.endDate})`.mapWith(transactions.endDate) })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.type, 'mrc'),
        inArray(
          transactions.domainId,
          planned.map((d) => d.domainId),
        ),
      ),
    )
    .groupBy(transactions.domainId);
  const paidUntil = new Map(paid.map((row) => [row.domainId, row.paidUntil]));
  return planned
    .filter((d) => {
      const until = paidUntil.get(d.domainId);
      // A day's grace: a first month of 30 days ending the day after a 31-day month's bill date is still due then.
      return !until || until <= addDays(billDate, 1);
    })
    .map((d) => ({
      domainId: d.domainId,
      domain: d.domain,
      plan: planLabels[planOf({ emailEnabled: d.emailEnabled, hostingEnabled: d.builderEnabled })],
      amount: d.mrc,
    }));
}

/**
 * The account's schedule, made on first sight of a plan: the billing day from its first plan charge (or today), the
 * next bill date the first billing day after its last plan charge. Null when the account has no plan and never had one.
 */
export async function ensureBillingSchedule(db: Db, accountId: number): Promise<BillingScheduleRow | null> {
  const [existing] = await db.select().from(billingSchedules).where(eq(billingSchedules.accountId, accountId));
  if (existing) return existing;
  const [planned] = await db
    .select({ domainId: domains.domainId })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted'), gt(domains.mrc, 0)))
    .limit(1);
  if (!planned) return null;
  const today = now();
  const mine = and(eq(transactions.accountId, accountId), eq(transactions.type, 'mrc'));
  const [[firstPlan], [lastPlan]] = await Promise.all([
    db.select({ startDate: transactions.startDate }).from(transactions).where(mine).orderBy(asc(transactions.startDate)).limit(1),
    db.select({ startDate: transactions.startDate }).from(transactions).where(mine).orderBy(desc(transactions.startDate)).limit(1),
  ]);
  const billingDay = Math.min((firstPlan?.startDate ?? today).getUTCDate(), 28);
  // The bill after the last plan charge (checkout's first month); a date already past is billed on the next run.
  await db
    .insert(billingSchedules)
    .values({ accountId, billingDay, nextBillDate: nextBillDateAfter(billingDay, lastPlan?.startDate ?? today), createDate: today })
    .onConflictDoNothing();
  const [kept] = await db.select().from(billingSchedules).where(eq(billingSchedules.accountId, accountId));
  return kept ?? null;
}

/** What the card pays for these plans: their prices and the tax on each, as the charge will decide it. */
function withTax(lines: readonly { amount: number }[], decision: TaxDecision): number {
  const amounts = lines.map((line) => line.amount);
  const net = amounts.reduce((sum, amount) => sum + amount, 0);
  return net > 0 ? net + taxOfLines(amounts, decision) : 0;
}

/**
 * What GET /api/accounts/0 shows: the next bill date and what it will charge, tax included (null and 0 without
 * plans), and the tax any charge of the account's carries (what the account app adds to a price before it charges).
 */
export async function nextRecurringBill(
  db: Db,
  accountId: number,
): Promise<{ date: Date | null; amount: number; chargeTax: { rate: number; note: string; display: TaxDisplay } | null }> {
  const decision = await accountChargeTax(db, accountId, now());
  const note = chargeTaxNote(decision);
  const chargeTax = note ? { rate: decision.rate, note, display: decision.display } : null;
  const schedule = await ensureBillingSchedule(db, accountId);
  if (!schedule) return { date: null, amount: 0, chargeTax };
  const amount = withTax(await plansDue(db, accountId, schedule.nextBillDate), decision);
  // Without a plan to charge there is no bill; with plans all paid ahead, the bill after the paid-up one.
  if (amount > 0) return { date: schedule.nextBillDate, amount, chargeTax };
  const later = nextBillDateAfter(schedule.billingDay, schedule.nextBillDate);
  const laterAmount = withTax(await plansDue(db, accountId, later), decision);
  return laterAmount > 0 ? { date: later, amount: laterAmount, chargeTax } : { date: null, amount: 0, chargeTax };
}

/** Enrols accounts that have plans and no schedule yet (plans bought since the last run). */
async function enrolNewAccounts(db: Db): Promise<void> {
  const unscheduled = await db
    .selectDistinct({ accountId: domains.accountId })
    .from(domains)
    .leftJoin(billingSchedules, eq(billingSchedules.accountId, domains.accountId))
    .where(and(gt(domains.mrc, 0), ne(domains.status, 'deleted'), isNull(billingSchedules.accountId)));
  for (const { accountId } of unscheduled) await ensureBillingSchedule(db, accountId);
}

/**
 * Opens the bills that fell due: each schedule whose date passed is moved on by one conditional UPDATE (the worker
 * that moves it opens the bill; a second worker finds nothing to move), repeated for months a stopped worker missed.
 */
async function openDueBills(db: Db): Promise<number> {
  let opened = 0;
  const today = now();
  const due = await db.select().from(billingSchedules).where(lte(billingSchedules.nextBillDate, today));
  for (const schedule of due) {
    let billDate = schedule.nextBillDate;
    while (billDate <= today) {
      const following = nextBillDateAfter(schedule.billingDay, billDate);
      const lines = await plansDue(db, schedule.accountId, billDate);
      const movedOn = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(billingSchedules)
          .set({ nextBillDate: following })
          .where(and(eq(billingSchedules.accountId, schedule.accountId), eq(billingSchedules.nextBillDate, billDate)))
          .returning();
        if (!claimed) return false;
        const amount = lines.reduce((sum, line) => sum + line.amount, 0);
        if (amount > 0) {
          const inserted = await tx
            .insert(recurringBills)
            .values({
              accountId: schedule.accountId,
              period: toYyyymm(billDate),
              billDate,
              endDate: following,
              amount,
              lines,
              nextAttemptDate: billDate,
              createDate: today,
              modifyDate: today,
            })
            .onConflictDoNothing()
            .returning({ id: recurringBills.recurringBillId });
          opened += inserted.length;
        }
        return true;
      });
      if (!movedOn) break;
      billDate = following;
    }
  }
  return opened;
}

/** Takes one bill for this worker: a due one whose attempt time came, or one a crashed worker held past the lease. */
async function claimBill(db: Db, billId: number): Promise<RecurringBillRow | null> {
  const today = now();
  const claimable = or(
    and(eq(recurringBills.status, 'due'), lte(recurringBills.nextAttemptDate, today)),
    and(eq(recurringBills.status, 'charging'), lt(recurringBills.claimDate, addMinutes(today, -claimLeaseMinutes))),
  );
  const [bill] = await db
    .update(recurringBills)
    .set({
      // A taken-over claim keeps its attempt number, and so its idempotency key.
      attempts: sql`case when ${recurringBills.status} = 'due' then ${recurringBills.attempts} + 1 else ${recurringBills.attempts} end`,
      status: 'charging',
      claimDate: today,
      modifyDate: today,
    })
    .where(and(eq(recurringBills.recurringBillId, billId), claimable))
    .returning();
  return bill ?? null;
}

async function accountEmail(db: Db, accountId: number): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.userId)).limit(1);
  return user?.email ?? null;
}

function describeLine(line: RecurringBillLine, bill: RecurringBillRow): string {
  return `${line.plan} plan for ${line.domain} (${formatDate(bill.billDate)} – ${formatDate(addDays(bill.endDate, -1))})`;
}

function billLines(bill: RecurringBillRow): ChargeLine[] {
  return bill.lines.map((line) => ({
    type: 'mrc',
    description: describeLine(line, bill),
    amount: line.amount,
    domainId: line.domainId,
    startDate: bill.billDate,
    endDate: bill.endDate,
  }));
}

async function settle(db: Db, bill: RecurringBillRow, values: Partial<RecurringBillRow>): Promise<void> {
  await db
    .update(recurringBills)
    .set({ ...values, claimDate: null, modifyDate: now() })
    .where(and(eq(recurringBills.recurringBillId, bill.recurringBillId), eq(recurringBills.status, 'charging')));
}

async function sendReceipt(deps: Deps, bill: RecurringBillRow, cardDescription: string, paid: Awaited<ReturnType<typeof captureCharge>>): Promise<void> {
  const to = await accountEmail(deps.db, bill.accountId);
  if (!to) return;
  const { decision } = paid;
  const taxRow = paid.tax > 0 && decision ? `\n  ${decision.label} ${formatRate(decision.rate)} (${decision.place}): ${formatMoney(paid.tax)}` : '';
  const reverse = decision?.reverseCharge ? `\n  ${describeTax(decision, 0)}` : '';
  const rows = bill.lines.map((line) => `  ${describeLine(line, bill)}: ${formatMoney(line.amount)}`).join('\n') + taxRow + reverse;
  await queueMessage(deps.jobs, {
    channel: 'email',
    to,
    subject: `Your ${brand.name} receipt: monthly plans, ${formatDate(bill.billDate)}`,
    text:
      `Thank you. We charged ${formatMoney(paid.charged)} to your ${cardDescription} for this month's plans:\n\n${rows}\n\n` +
      `Total: ${formatMoney(paid.charged)}\n\nYour billing history and statements are in your account under Account Information, Billing.\n\n${brand.name}`,
  });
}

async function sendFailureNotice(deps: Deps, bill: RecurringBillRow, reason: string, retryDate: Date | null): Promise<void> {
  const to = await accountEmail(deps.db, bill.accountId);
  if (!to) return;
  const amount = withTax(bill.lines, await accountChargeTax(deps.db, bill.accountId, now()));
  const next = retryDate
    ? `We will try again on ${formatDate(retryDate)}. To avoid an interruption, update your payment method in your account under Account Information, Payment.`
    : 'This was our last try. Please update your payment method in your account under Account Information, Payment, or contact support; your plans may be suspended.';
  await queueMessage(deps.jobs, {
    channel: 'email',
    to,
    subject: `${brand.name}: we could not charge your monthly plans (${formatMoney(amount)})`,
    text: `We tried to charge ${formatMoney(amount)} for this month's plans on your default card, and it did not go through: ${reason}\n\n${next}\n\n${brand.name}`,
  });
}

type Outcome = 'paid' | 'retrying' | 'failed';

/** Captures the held amount (one capture key per bill, so a repeat is a no-op), writes the rows, sends the receipt. */
async function recordPaid(deps: Deps, bill: RecurringBillRow, held: HeldCharge): Promise<void> {
  const paid = await captureCharge(deps, held, billLines(bill), `recurring-capture:${bill.accountId}:${bill.period}`);
  await settle(deps.db, bill, { status: 'paid', paymentIntentId: held.paymentIntentId, lastError: null });
  await sendReceipt(deps, bill, held.cardDescription, paid);
}

async function chargeBill(deps: Deps, bill: RecurringBillRow): Promise<Outcome> {
  const { db } = deps;
  // A taken-over claim: the dead worker may have authorised, captured, or recorded the charge already.
  if (bill.paymentIntentId) {
    const [recorded] = await db
      .select({ id: transactions.transactionId })
      .from(transactions)
      .where(and(eq(transactions.paymentReference, bill.paymentIntentId), eq(transactions.type, 'payment')))
      .limit(1);
    if (recorded) {
      await settle(db, bill, { status: 'paid', lastError: null });
      return 'paid';
    }
    const intent = await deps.providers.payments.retrieve(bill.paymentIntentId);
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      const card = await findDefaultCard(db, bill.accountId);
      const held: HeldCharge = {
        accountId: bill.accountId,
        paymentIntentId: intent.id,
        amount: intent.amount,
        paymentMethodId: card?.paymentMethodId ?? 0,
        cardDescription: card ? cardEnding(card) : 'card',
      };
      await recordPaid(deps, bill, held);
      return 'paid';
    }
  }
  const description = `${brand.name} monthly plans ${bill.period}`;
  let reason: string;
  try {
    const attempt = await authorizeDefaultCard(deps, {
      accountId: bill.accountId,
      amount: bill.amount,
      taxedLines: bill.lines.map((line) => line.amount),
      idempotencyKey: `recurring:${bill.accountId}:${bill.period}:${bill.attempts}`,
      purpose: `recurring:${bill.accountId}:${bill.period}`,
      description,
    });
    if (attempt.status === 'authorized') {
      await db.update(recurringBills).set({ paymentIntentId: attempt.held.paymentIntentId }).where(eq(recurringBills.recurringBillId, bill.recurringBillId));
      await recordPaid(deps, bill, attempt.held);
      return 'paid';
    }
    // Nobody is there to confirm it: drop the intent rather than leave it waiting.
    await deps.providers.payments.cancel(attempt.paymentIntentId).catch(() => {});
    reason = 'your bank asked to confirm the payment, which cannot be done while you are away.';
  } catch (error) {
    // Declines and a missing card are the customer's to fix; anything else (an outage) leaves the claim to be taken over.
    if (!(error instanceof AppError) || error.code !== 402) throw error;
    reason = error.message;
  }
  const last = bill.attempts >= maxChargeAttempts;
  const retryDate = last ? null : addDays(now(), retryAfterDays);
  await settle(db, bill, last ? { status: 'failed', lastError: reason } : { status: 'due', lastError: reason, nextAttemptDate: retryDate ?? now() });
  await sendFailureNotice(deps, bill, reason, retryDate);
  return last ? 'failed' : 'retrying';
}

/** Everything due as of now: enrol, open this month's bills, charge the due ones. Safe to run on two workers at once. */
export async function runRecurringBilling(deps: Deps): Promise<{ opened: number; paid: number; retrying: number; failed: number }> {
  const { db } = deps;
  await enrolNewAccounts(db);
  const opened = await openDueBills(db);
  const today = now();
  const candidates = await db
    .select({ id: recurringBills.recurringBillId })
    .from(recurringBills)
    .where(
      or(
        and(eq(recurringBills.status, 'due'), lte(recurringBills.nextAttemptDate, today)),
        and(eq(recurringBills.status, 'charging'), lt(recurringBills.claimDate, addMinutes(today, -claimLeaseMinutes))),
      ),
    )
    .orderBy(asc(recurringBills.recurringBillId));
  const report = { opened, paid: 0, retrying: 0, failed: 0 };
  for (const { id } of candidates) {
    const bill = await claimBill(db, id);
    if (!bill) continue;
    report[await chargeBill(deps, bill)]++;
  }
  return report;
}

/** The account's bills, newest first (for tests and support). */
export async function listRecurringBills(db: Db, accountId: number) {
  return db.select().from(recurringBills).where(eq(recurringBills.accountId, accountId)).orderBy(desc(recurringBills.billDate));
}

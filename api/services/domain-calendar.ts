/**
 * The domain calendar (control-panel spec §4 "Auto-renew", §9): everything that falls due on the one clock, done
 * idempotently so a late, repeated or parallel run changes only when it happens.
 * - Auto-renew about 15 days before expiry, off-session on the default card, once per domain and term (the unique
 *   auto-renew order); a failed charge emails the customer and is tried again daily, 3 times.
 * - ERRP reminders about 30 and 7 days before expiry and within 5 days after, each once per term.
 * - Expiry: expired on the day; redemption 30 days later (a year later with Domain Protection, which extends the
 *   Renewal Grace Period by a year); pending delete after the 30-day redemption period; deleted 5 days after that,
 *   when the registry frees the name.
 */
import { addDays, subDays, subYears } from 'date-fns';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { now } from '../clock.ts';
import { autoRenewLeadDays } from '../contract/domain-status.ts';
import { domainNotices, domains, renewalOrders, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { authorizeDefaultCard } from './account-charges.ts';
import type { DomainRow } from './domains.ts';
import { queueMessage } from './messages.ts';
import { eachLimited, priceLine, reconcileHeldRenewals, renewOrderLines, type RenewalOrderRow, setOrder, settleRenewalOrder } from './renewals.ts';

/** Days in each phase after expiry (ICANN's usual figures): grace before redemption, redemption, pending delete. */
export const renewalGraceDays = 30;
export const redemptionDays = 30;
export const pendingDeleteDays = 5;
/** A failed auto-renew charge is tried again this many times, a day apart. */
export const autoRenewRetries = 3;
/** ERRP reminders: days before expiry (negative: after). */
export const reminderKinds = {
  'reminder-30': { from: 30, to: 7 },
  'reminder-7': { from: 7, to: 0 },
  'reminder-expired': { from: 0, to: -5 },
} as const;

/** Auto-renewals charged at once in the nightly run. */
const concurrency = 16;

export type CalendarReport = {
  autoRenewed: number;
  autoRenewFailed: number;
  reminders: number;
  expired: number;
  redemption: number;
  pendingDelete: number;
  deleted: number;
};

export async function runDomainCalendar(deps: Deps): Promise<CalendarReport> {
  await reconcileHeldRenewals(deps);
  const auto = await runAutoRenewals(deps);
  const reminders = await sendReminders(deps);
  const phases = await advanceExpiry(deps);
  return { ...auto, reminders, ...phases };
}

/** Claims every due auto-renewal (and every due retry) once, then charges and renews them a few at a time. */
export async function runAutoRenewals(deps: Deps): Promise<{ autoRenewed: number; autoRenewFailed: number }> {
  const today = now();
  const due = await deps.db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.autoRenewEnabled, true),
        inArray(domains.status, ['active', 'expired']),
        lte(domains.expireDate, addDays(today, autoRenewLeadDays)),
        gt(domains.expireDate, subDays(today, renewalGraceDays)),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(renewalOrders)
            .where(and(eq(renewalOrders.domainId, domains.domainId), eq(renewalOrders.termExpireDate, domains.expireDate))),
        ),
      ),
    )
    .orderBy(asc(domains.expireDate));
  const claimed: { order: RenewalOrderRow; domain: DomainRow }[] = [];
  for (let i = 0; i < due.length; i += 500) {
    const batch = due.slice(i, i + 500);
    const orders = await deps.db
      .insert(renewalOrders)
      .values(
        batch.map((domain) => ({
          accountId: domain.accountId,
          orderKey: `auto:${domain.domainId}:${domain.expireDate.toISOString()}`,
          kind: 'auto' as const,
          status: 'pending' as const,
          domainId: domain.domainId,
          termExpireDate: domain.expireDate,
          renewalPeriod: 1,
          amount: 0,
          attempts: 1,
          createDate: today,
          modifyDate: today,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const byId = new Map(batch.map((d) => [d.domainId, d]));
    for (const order of orders) claimed.push({ order, domain: byId.get(order.domainId ?? 0)! });
  }
  // Retries due now, each claimed with a conditional update so one worker takes it.
  const retries = await deps.db
    .update(renewalOrders)
    .set({ status: 'pending', attempts: sql`${renewalOrders.attempts} + 1`, modifyDate: today })
    .where(and(eq(renewalOrders.kind, 'auto'), eq(renewalOrders.status, 'retrying'), lte(renewalOrders.nextAttemptDate, today)))
    .returning();
  if (retries.length) {
    const rows = await deps.db
      .select()
      .from(domains)
      .where(inArray(domains.domainId, retries.map((o) => o.domainId ?? 0)));
    const byId = new Map(rows.map((d) => [d.domainId, d]));
    for (const order of retries) {
      const domain = byId.get(order.domainId ?? 0);
      if (domain) claimed.push({ order, domain });
    }
  }
  let autoRenewed = 0;
  let autoRenewFailed = 0;
  await eachLimited(claimed, concurrency, async ({ order, domain }) => {
    if ((await autoRenew(deps, order, domain)) === 'renewed') autoRenewed += 1;
    else autoRenewFailed += 1;
  });
  return { autoRenewed, autoRenewFailed };
}

/** One auto-renewal attempt of a claimed order: a year, with protection when the domain has it. */
async function autoRenew(deps: Deps, order: RenewalOrderRow, claimedDomain: DomainRow): Promise<'renewed' | 'failed'> {
  // A retry reads the domain as it is now: renewed by hand, auto-renew switched off or deleted since means nothing to do.
  const [domain] =
    order.attempts === 1 ? [claimedDomain] : await deps.db.select().from(domains).where(eq(domains.domainId, claimedDomain.domainId));
  if (!domain || !domain.autoRenewEnabled || domain.expireDate.getTime() !== order.termExpireDate?.getTime() || !['active', 'expired'].includes(domain.status)) {
    await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: 'No longer due' });
    return 'failed';
  }
  let line: Awaited<ReturnType<typeof priceLine>>;
  try {
    line = await priceLine(deps, domain, 1, domain.protectionEnabled);
  } catch (error) {
    await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: (error as Error).message });
    await notify(deps, domain, 'auto-renew-impossible', autoRenewImpossibleMail(domain, (error as Error).message));
    return 'failed';
  }
  const amount = line.renewPrice + (line.redemptionPrice ?? 0) + line.protectionPrice;
  let failure: string | null = null;
  try {
    const attempt = await authorizeDefaultCard(deps, {
      accountId: domain.accountId,
      amount,
      idempotencyKey: `renewal-order:${order.renewalOrderId}:${order.attempts}`,
      description: `Auto-renewal: ${domain.domain}`,
    });
    if (attempt.status === 'requires_action') {
      // Nobody is there to authenticate: drop the intent and ask the customer to renew on-session.
      await deps.providers.payments.cancel(attempt.paymentIntentId).catch(() => {});
      failure = 'Your bank asks you to confirm this payment, which we cannot do while you are away.';
    } else {
      await setOrder(deps.db, order.renewalOrderId, {
        status: 'held',
        amount,
        paymentIntentId: attempt.held.paymentIntentId,
        paymentMethodId: attempt.held.paymentMethodId,
        cardDescription: attempt.held.cardDescription,
      });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    failure = error.message;
  }
  if (failure !== null) {
    const retrying = order.attempts <= autoRenewRetries;
    const nextAttemptDate = retrying ? addDays(now(), 1) : null;
    await setOrder(deps.db, order.renewalOrderId, { status: retrying ? 'retrying' : 'failed', amount, lastError: failure, nextAttemptDate });
    await notify(deps, domain, `auto-renew-failed-${order.attempts}`, autoRenewFailedMail(domain, failure, nextAttemptDate));
    return 'failed';
  }
  const [result] = await renewOrderLines(deps, order.renewalOrderId, [line]);
  await settleRenewalOrder(deps, order.renewalOrderId);
  return result.status === 'renewed' ? 'renewed' : 'failed';
}

/** ERRP reminders: each kind once per domain and term, claimed by the unique notice row. */
export async function sendReminders(deps: Deps): Promise<number> {
  const today = now();
  let sent = 0;
  for (const [kind, window] of Object.entries(reminderKinds)) {
    const candidates = await deps.db
      .select({ domainId: domains.domainId, expireDate: domains.expireDate })
      .from(domains)
      .where(and(inArray(domains.status, ['active', 'expired']), gt(domains.expireDate, addDays(today, window.to)), lte(domains.expireDate, addDays(today, window.from))));
    const claimed: { domainId: number }[] = [];
    for (let i = 0; i < candidates.length; i += 1000) {
      const batch = candidates.slice(i, i + 1000);
      claimed.push(
        ...(await deps.db
          .insert(domainNotices)
          .values(batch.map((c) => ({ domainId: c.domainId, kind, termExpireDate: c.expireDate, createDate: today })))
          .onConflictDoNothing()
          .returning({ domainId: domainNotices.domainId })),
      );
    }
    if (claimed.length === 0) continue;
    const rows = await deps.db
      .select({ domain: domains, email: users.email })
      .from(domains)
      .innerJoin(users, eq(users.accountId, domains.accountId))
      .where(inArray(domains.domainId, claimed.map((c) => c.domainId)));
    const seen = new Set<number>();
    await eachLimited(rows, concurrency, async ({ domain, email }) => {
      if (seen.has(domain.domainId)) return;
      seen.add(domain.domainId);
      await queueMessage(deps.jobs, { channel: 'email', to: email, ...reminderMail(kind as keyof typeof reminderKinds, domain) });
      sent += 1;
    });
  }
  return sent;
}

/** Moves domains through expired → redemption → pending delete → deleted as their dates pass. */
export async function advanceExpiry(deps: Deps): Promise<{ expired: number; redemption: number; pendingDelete: number; deleted: number }> {
  const today = now();
  const { db } = deps;
  const expired = await db
    .update(domains)
    .set({ status: 'expired', autoRenewDate: null, modifyDate: today })
    .where(and(eq(domains.status, 'active'), lte(domains.expireDate, today)))
    .returning({ id: domains.domainId });
  const graceEnded = subDays(today, renewalGraceDays);
  const redemption = await db
    .update(domains)
    .set({ status: 'redemption', redemptionPeriodStartDate: today, modifyDate: today })
    .where(
      and(
        eq(domains.status, 'expired'),
        lte(domains.expireDate, graceEnded),
        or(
          eq(domains.protectionEnabled, false),
          isNull(domains.protectionPaidUntil),
          lt(domains.protectionPaidUntil, domains.expireDate),
          // Domain Protection extends the Renewal Grace Period by a year.
          lte(domains.expireDate, subYears(graceEnded, 1)),
        ),
      ),
    )
    .returning({ id: domains.domainId });
  const pendingDelete = await db
    .update(domains)
    .set({ status: 'pendingDelete', modifyDate: today })
    .where(and(eq(domains.status, 'redemption'), isNotNull(domains.redemptionPeriodStartDate), lte(domains.redemptionPeriodStartDate, subDays(today, redemptionDays))))
    .returning({ id: domains.domainId });
  const doomed = await db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.status, 'pendingDelete'),
        lte(domains.redemptionPeriodStartDate, subDays(today, redemptionDays + pendingDeleteDays)),
      ),
    );
  let deleted = 0;
  for (const domain of doomed) {
    try {
      await deps.providers.registry.delete(domain.domain);
    } catch (error) {
      console.warn(`Could not delete ${domain.domain} at the registry: ${(error as Error).message}`);
      continue;
    }
    const [gone] = await db
      .update(domains)
      .set({ status: 'deleted', autoRenewEnabled: false, autoRenewDate: null, modifyDate: today })
      .where(and(eq(domains.domainId, domain.domainId), eq(domains.status, 'pendingDelete')))
      .returning({ id: domains.domainId });
    if (gone) deleted += 1;
  }
  return { expired: expired.length, redemption: redemption.length, pendingDelete: pendingDelete.length, deleted };
}

/** A notice sent once per domain, kind and term. */
async function notify(deps: Deps, domain: DomainRow, kind: string, mail: { subject: string; text: string }): Promise<void> {
  const [claimed] = await deps.db
    .insert(domainNotices)
    .values({ domainId: domain.domainId, kind, termExpireDate: domain.expireDate, createDate: now() })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, domain.accountId)).limit(1);
  if (user) await queueMessage(deps.jobs, { channel: 'email', to: user.email, ...mail });
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function reminderMail(kind: keyof typeof reminderKinds, domain: DomainRow): { subject: string; text: string } {
  const renewal = domain.autoRenewEnabled
    ? `Auto-renew is on: we will renew it with your default card on or after ${day(subDays(domain.expireDate, autoRenewLeadDays))}.`
    : 'Auto-renew is off: renew it from My Domains, or it will expire and be removed.';
  if (kind === 'reminder-expired') {
    return {
      subject: `${domain.domain} has expired`,
      text: `${domain.domain} expired on ${day(domain.expireDate)}. Renew it from My Domains before ${day(addDays(domain.expireDate, renewalGraceDays))} to keep it at the usual price; after that a redemption fee applies, and then the name is deleted.`,
    };
  }
  const days = kind === 'reminder-30' ? 30 : 7;
  return {
    subject: `${domain.domain} expires in about ${days} days`,
    text: `${domain.domain} expires on ${day(domain.expireDate)}. ${renewal}`,
  };
}

function autoRenewFailedMail(domain: DomainRow, reason: string, nextAttemptDate: Date | null): { subject: string; text: string } {
  const next = nextAttemptDate
    ? `We will try again on ${day(nextAttemptDate)}.`
    : `We will not try again: renew it from My Domains before ${day(domain.expireDate)}.`;
  return {
    subject: `We could not renew ${domain.domain}`,
    text: `Auto-renewal of ${domain.domain} failed: ${reason} ${next} Update your payment method in your account if it has changed.`,
  };
}

function autoRenewImpossibleMail(domain: DomainRow, reason: string): { subject: string; text: string } {
  return {
    subject: `${domain.domain} cannot be renewed automatically`,
    text: `${reason}. ${domain.domain} expires on ${day(domain.expireDate)}.`,
  };
}

/**
 * The domain calendar (control-panel spec §4 "Auto-renew", §9): everything that falls due on the one clock, done
 * idempotently so a late, repeated or parallel run changes only when it happens.
 * - Auto-renew about 15 days before expiry, off-session on the default card, once per domain and term (the unique
 *   auto-renew order); a failed charge emails the customer and is tried again daily, 3 times. Here.
 * - ERRP reminders and the expiry phases: domains/domain-expiry.ts.
 */
import { addDays } from 'date-fns/addDays';
import { subDays } from 'date-fns/subDays';
import { subMinutes } from 'date-fns/subMinutes';
import { and, asc, eq, gt, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { autoRenewLeadDays } from '../../contract/domains/domain-status.ts';
import { domains, paymentMethods, renewalOrders, renewals } from '../../db/schema/index.ts';
import type { DomainRow, RenewalOrderRow, RenewalRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authorizeDefaultCard, captureCharges, type HeldCharge } from '../billing/account-charges.ts';
import { advanceExpiry, day, notify, renewalGraceDays, sendReminders } from '../domains/domain-expiry.ts';
import { eachLimited } from '../kernel/each-limited.ts';
import { lineTotal, type RenewLine, renewalChargeAmounts } from '../../contract/renewals/renewals.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import { priceLine } from './renewal-prices.ts';
import { ledgerLines, reconcileHeldRenewals, setOrder, settleRenewalOrder } from './renewal-settlement.ts';
import { claimTerms, markLine, settleUnknownLine } from './renewal-terms.ts';

/** A failed auto-renew charge is tried again this many times, a day apart. */
export const autoRenewRetries = 3;

/** Auto-renewals charged at once in the nightly run. */
const concurrency = 16;
/** How long a claimed auto-renewal may sit unauthorised before another run takes it over. */
const stalledClaimMinutes = 30;

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
  const claimed: Claimed[] = [];
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
  // A claim whose worker stopped before authorising (a crash, a deploy) would hold the term forever: after a quiet
  // spell another run takes it over, with the same attempt number, so an authorisation the stopped worker did make is
  // found again by its idempotency key rather than made twice.
  const stalled = await deps.db
    .update(renewalOrders)
    .set({ modifyDate: today })
    .where(and(eq(renewalOrders.kind, 'auto'), eq(renewalOrders.status, 'pending'), lt(renewalOrders.modifyDate, subMinutes(today, stalledClaimMinutes))))
    .returning();
  const reread = [...retries, ...stalled];
  if (reread.length) {
    const rows = await deps.db
      .select()
      .from(domains)
      .where(
        inArray(
          domains.domainId,
          reread.map((o) => o.domainId ?? 0),
        ),
      );
    const byId = new Map(rows.map((d) => [d.domainId, d]));
    for (const order of reread) {
      const domain = byId.get(order.domainId ?? 0);
      if (domain) claimed.push({ order, domain });
      else await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: 'No longer due' });
    }
  }
  let autoRenewed = 0;
  let autoRenewFailed = 0;
  for (let i = 0; i < claimed.length; i += 500) {
    const batch = claimed.slice(i, i + 500);
    // Still ours: a long run must not look stalled to the next one.
    await deps.db
      .update(renewalOrders)
      .set({ modifyDate: now() })
      .where(
        and(
          inArray(
            renewalOrders.renewalOrderId,
            batch.map((c) => c.order.renewalOrderId),
          ),
          eq(renewalOrders.status, 'pending'),
        ),
      );
    const outcome = await autoRenewBatch(deps, batch);
    autoRenewed += outcome.renewed;
    autoRenewFailed += outcome.failed;
  }
  return { autoRenewed, autoRenewFailed };
}

/**
 * Tries one failed or retrying auto-renewal again now (staff's "Retry now"): claimed like a due retry, with the next
 * attempt number (a fresh authorisation key), then charged and renewed as the nightly run would. Failing again does
 * not restart the daily retries once they are used up. Answers the order as it is afterwards.
 */
export async function retryAutoRenewal(deps: Deps, renewalOrderId: number): Promise<RenewalOrderRow> {
  const [order] = await deps.db
    .update(renewalOrders)
    .set({ status: 'pending', attempts: sql`${renewalOrders.attempts} + 1`, nextAttemptDate: null, modifyDate: now() })
    .where(and(eq(renewalOrders.renewalOrderId, renewalOrderId), eq(renewalOrders.kind, 'auto'), inArray(renewalOrders.status, ['retrying', 'failed'])))
    .returning();
  if (!order) {
    const [current] = await deps.db.select().from(renewalOrders).where(eq(renewalOrders.renewalOrderId, renewalOrderId));
    if (current?.kind !== 'auto') throw new AppError(404, 'Auto-renewal not found');
    throw new AppError(409, current.status === 'settled' ? 'This auto-renewal has already been charged' : 'This auto-renewal is being charged right now');
  }
  const [domain] = await deps.db
    .select()
    .from(domains)
    .where(eq(domains.domainId, order.domainId ?? 0));
  if (!domain) {
    await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: 'No longer due' });
  } else {
    await autoRenewBatch(deps, [{ order, domain }]);
  }
  const [after] = await deps.db.select().from(renewalOrders).where(eq(renewalOrders.renewalOrderId, renewalOrderId));
  return after;
}

type Claimed = { order: RenewalOrderRow; domain: DomainRow };
type Charged = Claimed & { line: RenewLine; held: HeldCharge };

/**
 * Auto-renewals of claimed orders, a batch at a time: what touches the outside (authorise, renew, capture) goes one
 * call per domain, a few at once; what only records goes in one statement per batch. A year each, with protection
 * when the domain has it.
 */
async function autoRenewBatch(deps: Deps, claimed: Claimed[]): Promise<{ renewed: number; failed: number }> {
  let failed = 0;
  // A retry reads the domain as it is now: renewed by hand, auto-renew switched off or deleted since means nothing to do.

  const accountIds = [...new Set(claimed.map((c) => c.domain.accountId))];
  const cards = new Map(
    (
      await deps.db
        .select()
        .from(paymentMethods)
        .where(and(inArray(paymentMethods.accountId, accountIds), eq(paymentMethods.isDefault, true), eq(paymentMethods.status, 'active')))
    ).map((card) => [card.accountId, card]),
  );
  const charged: Charged[] = [];
  await eachLimited(claimed, concurrency, async ({ order, domain }) => {
    const due = domain.autoRenewEnabled && domain.expireDate.getTime() === order.termExpireDate?.getTime() && ['active', 'expired'].includes(domain.status);
    if (!due) {
      await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: 'No longer due' });
      failed += 1;
      return;
    }
    let line: RenewLine;
    try {
      line = await priceLine(deps, domain, 1, domain.protectionEnabled);
    } catch (error) {
      await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: (error as Error).message });
      await notify(deps, domain, 'auto-renew-impossible', autoRenewImpossibleMail(domain, (error as Error).message));
      failed += 1;
      return;
    }
    const amount = lineTotal(line);
    let failure: string | null = null;
    try {
      const attempt = await authorizeDefaultCard(deps, {
        accountId: domain.accountId,
        amount,
        taxedLines: renewalChargeAmounts(line),
        idempotencyKey: `renewal-order:${order.renewalOrderId}:${order.attempts}`,
        purpose: `renewal-order:${order.renewalOrderId}`,
        description: `Auto-renewal: ${domain.domain}`,
        card: cards.get(domain.accountId) ?? null,
      });
      if (attempt.status === 'requires_action') {
        // Nobody is there to authenticate: drop the intent and ask the customer to renew on-session.
        await deps.providers.payments.cancel(attempt.paymentIntentId).catch(() => {});
        failure = 'Your bank asks you to confirm this payment, which we cannot do while you are away.';
      } else charged.push({ order, domain, line, held: attempt.held });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failure = error.message;
    }
    if (failure !== null) {
      const retrying = order.attempts <= autoRenewRetries;
      const nextAttemptDate = retrying ? addDays(now(), 1) : null;
      await setOrder(deps.db, order.renewalOrderId, { status: retrying ? 'retrying' : 'failed', amount, lastError: failure, nextAttemptDate });
      await notify(deps, domain, `auto-renew-failed-${order.attempts}`, autoRenewFailedMail(domain, failure, nextAttemptDate));
      failed += 1;
    }
  });
  if (charged.length === 0) return { renewed: 0, failed };
  const today = now();
  const heldRows = charged.map((c) => ({
    id: c.order.renewalOrderId,
    pi: c.held.paymentIntentId,
    pm: c.held.paymentMethodId,
    card: c.held.cardDescription,
    amount: c.held.amount,
  }));
  await deps.db.execute(sql`
    update ${renewalOrders} set status = 'held', payment_intent_id = v.pi, payment_method_id = v.pm, card_description = v.card,
      amount = v.amount, modify_date = ${today.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(heldRows)}::jsonb) as v(id int, pi text, pm int, card text, amount int)
    where ${renewalOrders.renewalOrderId} = v.id`);
  const lines = await claimTerms(
    deps.db,
    charged.map(({ order, line }) => ({ renewalOrderId: order.renewalOrderId, line })),
    today,
  );
  const lineOfOrder = new Map(lines.map((l) => [l.renewalOrderId, l]));
  const renewedLines: RenewalRow[] = [];
  const settleOneByOne: number[] = [];
  await eachLimited(charged, concurrency, async ({ order }) => {
    const line = lineOfOrder.get(order.renewalOrderId);
    if (!line) {
      // The term was renewed another way meanwhile: nothing renewed here, so the authorisation is released.
      settleOneByOne.push(order.renewalOrderId);
      return;
    }
    try {
      const record = await deps.providers.registry.renew({ domain: line.domain, years: line.renewalPeriod });
      renewedLines.push({ ...line, status: 'renewed', newExpireDate: Number.isNaN(record.expireDate.getTime()) ? line.newExpireDate : record.expireDate });
    } catch (error) {
      if (error instanceof RegistryOutcomeUnknownError) await settleUnknownLine(deps, line);
      else await markLine(deps.db, line, 'failed', (error as Error).message);
      settleOneByOne.push(order.renewalOrderId);
    }
  });
  if (renewedLines.length) await recordAndCapture(deps, renewedLines, charged, today);
  for (const id of settleOneByOne) await settleRenewalOrder(deps, id).catch(() => {});
  return { renewed: renewedLines.length, failed: failed + (charged.length - renewedLines.length) };
}

/** Records a batch of registry renewals on the domains and lines, then captures each order once, ledger rows in one insert. */
async function recordAndCapture(deps: Deps, renewedLines: RenewalRow[], charged: Charged[], today: Date): Promise<void> {
  const rows = JSON.stringify(
    renewedLines.map((l) => ({ id: l.domainId, line: l.renewalId, exp: l.newExpireDate.toISOString(), protect: l.protectionEnabled })),
  );
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${domains} set expire_date = v.exp, status = 'active', redemption_period_start_date = null,
        auto_renew_date = case when ${domains.autoRenewEnabled} then v.exp - make_interval(days => ${autoRenewLeadDays}) end,
        modify_date = ${today.toISOString()}::timestamptz,
        protection_enabled = ${domains.protectionEnabled} or v.protect,
        protection_paid_until = case when v.protect then v.exp else ${domains.protectionPaidUntil} end
      from jsonb_to_recordset(${rows}::jsonb) as v(id int, line int, exp timestamptz, protect boolean)
      where ${domains.domainId} = v.id`);
    await tx.execute(sql`
      update ${renewals} set status = 'renewed', new_expire_date = v.exp, error = null
      from jsonb_to_recordset(${rows}::jsonb) as v(id int, line int, exp timestamptz, protect boolean)
      where ${renewals.renewalId} = v.line`);
  });
  // Claimed held → settled first, so a concurrent settler captures none of these twice.
  const settling = await deps.db
    .update(renewalOrders)
    .set({ status: 'settled', modifyDate: today })
    .where(
      and(
        inArray(
          renewalOrders.renewalOrderId,
          renewedLines.map((l) => l.renewalOrderId),
        ),
        eq(renewalOrders.status, 'held'),
      ),
    )
    .returning({ id: renewalOrders.renewalOrderId });
  const settlingIds = new Set(settling.map((o) => o.id));
  const heldOf = new Map(charged.map((c) => [c.order.renewalOrderId, c.held]));
  const { failed } = await captureCharges(
    deps,
    renewedLines
      .filter((l) => settlingIds.has(l.renewalOrderId))
      .map((l) => ({ held: heldOf.get(l.renewalOrderId) as HeldCharge, lines: ledgerLines(l), captureKey: `renewal-order:${l.renewalOrderId}:capture` })),
    concurrency,
  );
  // Left held for the calendar's reconciliation; the capture key keeps a repeat from charging twice.
  for (const { held, error } of failed) {
    const order = charged.find((c) => c.held.paymentIntentId === held.paymentIntentId)?.order;
    if (order) await setOrder(deps.db, order.renewalOrderId, { status: 'held', lastError: error.message });
  }
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

/**
 * The domain calendar's dates of a term (control-panel spec §9), done idempotently as of the one clock:
 * - ERRP reminders about 30 and 7 days before expiry and within 5 days after, each once per term.
 * - Expiry: expired on the day; redemption 30 days later (a year later with Domain Protection, which extends the
 *   Renewal Grace Period by a year); pending delete after the 30-day redemption period; deleted 5 days after that,
 *   when the registry frees the name.
 * Auto-renew, the calendar's other half, and the hourly run of both are in renewals/domain-calendar.ts.
 */
import { addDays } from 'date-fns/addDays';
import { subDays } from 'date-fns/subDays';
import { subYears } from 'date-fns/subYears';
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { autoRenewLeadDays } from '../../contract/domains/domain-status.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { domainNotices, domains, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { eachLimited } from '../kernel/each-limited.ts';
import { queueMessage } from '../platform/messages.ts';
import { queueDomainCleanup, releaseSubordinateHosts } from './departed-domains.ts';
import { spendRegistryWrite } from './registry-changes.ts';

/** Days in each phase after expiry (ICANN's usual figures): grace before redemption, redemption, pending delete. */
export const renewalGraceDays = 30;
export const redemptionDays = 30;
export const pendingDeleteDays = 5;
/** ERRP reminders: days before expiry (negative: after). */
export const reminderKinds = {
  'reminder-30': { from: 30, to: 7 },
  'reminder-7': { from: 7, to: 0 },
  'reminder-expired': { from: 0, to: -5 },
} as const;

/** Reminders sent at once. */
const concurrency = 16;
/** ERRP reminders: each kind once per domain and term, claimed by the unique notice row. */
export async function sendReminders(deps: Deps): Promise<number> {
  const today = now();
  let sent = 0;
  for (const [kind, window] of Object.entries(reminderKinds)) {
    const candidates = await deps.db
      .select({ domainId: domains.domainId, expireDate: domains.expireDate })
      .from(domains)
      .where(
        and(
          inArray(domains.status, ['active', 'expired']),
          gt(domains.expireDate, addDays(today, window.to)),
          lte(domains.expireDate, addDays(today, window.from)),
        ),
      );
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
      .where(
        inArray(
          domains.domainId,
          claimed.map((c) => c.domainId),
        ),
      );
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
  // Names that arrived without one (checkout, transfers in) get their auto-renew date, so the card can show it.
  await db
    .update(domains)
    .set({ autoRenewDate: sql`${domains.expireDate} - make_interval(days => ${autoRenewLeadDays})` })
    .where(and(eq(domains.status, 'active'), eq(domains.autoRenewEnabled, true), isNull(domains.autoRenewDate)));
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
    .where(
      and(
        eq(domains.status, 'redemption'),
        isNotNull(domains.redemptionPeriodStartDate),
        lte(domains.redemptionPeriodStartDate, subDays(today, redemptionDays)),
      ),
    )
    .returning({ id: domains.domainId });
  const doomed = await db
    .select()
    .from(domains)
    .where(and(eq(domains.status, 'pendingDelete'), lte(domains.redemptionPeriodStartDate, subDays(today, redemptionDays + pendingDeleteDays))));
  let deleted = 0;
  for (const domain of doomed) {
    try {
      await releaseSubordinateHosts(deps, domain);
      // Past the registry-change budget the 429 lands below: the name stays pendingDelete for the next run.
      await spendRegistryWrite(deps, { by: 'job', accountId: domain.accountId, domain }, () => deps.providers.registry.delete(domain.domain));
    } catch (error) {
      console.warn(`Could not delete ${domain.domain} at the registry: ${(error as Error).message}`);
      continue;
    }
    const [gone] = await db
      .update(domains)
      .set({ status: 'deleted', autoRenewEnabled: false, autoRenewDate: null, modifyDate: today })
      .where(and(eq(domains.domainId, domain.domainId), eq(domains.status, 'pendingDelete')))
      .returning({ id: domains.domainId });
    if (!gone) continue;
    deleted += 1;
    await queueDomainCleanup(deps.jobs, gone.id);
  }
  return { expired: expired.length, redemption: redemption.length, pendingDelete: pendingDelete.length, deleted };
}

/** A notice sent once per domain, kind and term. */
export async function notify(deps: Deps, domain: DomainRow, kind: string, mail: { subject: string; text: string }): Promise<void> {
  const [claimed] = await deps.db
    .insert(domainNotices)
    .values({ domainId: domain.domainId, kind, termExpireDate: domain.expireDate, createDate: now() })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, domain.accountId)).limit(1);
  if (user) await queueMessage(deps.jobs, { channel: 'email', to: user.email, ...mail });
}

export const day = (date: Date) => date.toISOString().slice(0, 10);

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

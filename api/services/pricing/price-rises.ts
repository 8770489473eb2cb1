/**
 * Renewal price rises reach customers before they are charged. When an extension's retail renewal price rises above
 * the price customers were last told (renewal_price_marks), every active domain of that extension with auto-renew on
 * gets a notice by email with the amount before and after. A rise over the owner's threshold (default 20%), or a
 * renewal due within 30 days (too soon for a month's notice), pauses the domain's auto-renew until the customer
 * accepts the new price in the control panel with one click.
 */
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { shownPrice, type TaxDecision } from '../../contract/billing/tax.ts';
import { formatMoney } from '../../contract/money.ts';
import { tldOf } from '../../contract/domain-name.ts';
import type { Db } from '../../db/client.ts';
import { domains, priceRiseNotices, pricingSettings, renewalPriceMarks, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { accountChargeTax, chargeTaxNote } from '../billing/charge-tax.ts';
import { autoRenewDateFor } from '../renewals/renewal-dates.ts';
import { queueMessage } from '../platform/messages.ts';
import { catalogue } from '../search/catalogue.ts';
import type { PriceRiseView } from '../../contract/pricing/pricing.ts';

/** Notice customers get before a renewal at a higher price. */
export const priceRiseNoticeDays = 30;

export async function pauseThresholdBasisPoints(db: Db): Promise<number> {
  const [row] = await db.select().from(pricingSettings).where(eq(pricingSettings.id, 1));
  return row?.pauseAboveBasisPoints ?? 2000;
}

export async function setPauseThreshold(db: Db, basisPoints: number): Promise<void> {
  const values = { id: 1, pauseAboveBasisPoints: basisPoints, modifyDate: now() };
  await db.insert(pricingSettings).values(values).onConflictDoUpdate({ target: pricingSettings.id, set: values });
}

export type PriceRiseSummary = { tlds: string[]; notices: number; paused: number };

/** Compares today's renewal prices with the last told and notifies every auto-renewing holder of a rise. */
export async function noticePriceRises(deps: Pick<Deps, 'db' | 'jobs' | 'config'>): Promise<PriceRiseSummary> {
  const { db } = deps;
  const marks = new Map((await db.select().from(renewalPriceMarks)).map((row) => [row.tld, row.cents]));
  const threshold = await pauseThresholdBasisPoints(db);
  const today = now();
  const summary: PriceRiseSummary = { tlds: [], notices: 0, paused: 0 };
  const mails: { to: string; subject: string; text: string }[] = [];
  const changed = catalogue().list.filter((tld) => marks.get(tld.tld) !== tld.renewPricing[0]);
  if (!changed.length) return summary;
  // The first mark of an extension, or a fall: nothing to tell.
  const rising = changed.filter((tld) => (marks.get(tld.tld) ?? Number.POSITIVE_INFINITY) < tld.renewPricing[0]);
  await db.transaction(async (tx) => {
    const rows = changed.map((tld) => ({ tld: tld.tld, cents: tld.renewPricing[0], modifyDate: today }));
    await tx
      .insert(renewalPriceMarks)
      .values(rows)
      .onConflictDoUpdate({ target: renewalPriceMarks.tld, set: { cents: sql`excluded.cents`, modifyDate: sql`excluded.modify_date` } });
    if (!rising.length) return;
    const byTld = new Map(rising.map((tld) => [tld.tld, { before: marks.get(tld.tld) ?? 0, after: tld.renewPricing[0] }]));
    const candidates = await tx
      .select({
        domainId: domains.domainId,
        domain: domains.domain,
        accountId: domains.accountId,
        expireDate: domains.expireDate,
        autoRenewDate: domains.autoRenewDate,
      })
      .from(domains)
      .where(and(eq(domains.status, 'active'), eq(domains.autoRenewEnabled, true)));
    summary.tlds = [...byTld.keys()];
    // Each holder reads the prices as their country expects (VAT included in the EU): one tax decision per account.
    const taxes = new Map<number, TaxDecision>();
    for (const row of candidates) {
      const rise = byTld.get(tldOf(row.domain));
      if (!rise) continue;
      const soon = (row.autoRenewDate ?? row.expireDate) < addDays(today, priceRiseNoticeDays);
      const paused = (rise.after - rise.before) * 10_000 > rise.before * threshold || soon;
      await tx
        .insert(priceRiseNotices)
        .values({ domainId: row.domainId, accountId: row.accountId, beforeCents: rise.before, afterCents: rise.after, paused, noticeDate: today });
      if (paused) await tx.update(domains).set({ autoRenewEnabled: false, autoRenewDate: null, modifyDate: today }).where(eq(domains.domainId, row.domainId));
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.accountId, row.accountId)).orderBy(users.userId).limit(1);
      if (user) {
        const tax = taxes.get(row.accountId) ?? (await accountChargeTax(tx, row.accountId, today));
        taxes.set(row.accountId, tax);
        mails.push(priceRiseMail(deps.config.publicOrigin, user.email, row.domain, { before: rise.before, after: rise.after, tax }, paused));
      }
      summary.notices += 1;
      if (paused) summary.paused += 1;
    }
  });
  // After the changes commit: a mail never announces a pause that did not happen.
  for (const mail of mails) await queueMessage(deps.jobs, { channel: 'email', ...mail });
  return summary;
}

/** A renewal price in a holder's words: with its VAT where prices include VAT, else as charged before sales tax. */
function pricesFor(tax: TaxDecision): { price: (cents: number) => string; words: string } {
  const note = chargeTaxNote(tax);
  if (tax.display === 'included' && tax.rate > 0) return { price: (cents) => formatMoney(shownPrice(cents, tax)), words: ` (${note} included)` };
  return { price: formatMoney, words: note && tax.rate > 0 ? ` (plus ${note})` : '' };
}

function priceRiseMail(origin: string, to: string, domain: string, rise: { before: number; after: number; tax: TaxDecision }, paused: boolean) {
  const { price, words } = pricesFor(rise.tax);
  return {
    to,
    subject: `The renewal price of ${domain} is rising from ${price(rise.before)} to ${price(rise.after)} a year`,
    text:
      `The yearly renewal price of ${domain} rises from ${price(rise.before)} to ${price(rise.after)}${words}.\n\n` +
      (paused
        ? `So that you are never charged a surprise, we have paused its auto-renew. To keep it renewing at the new price, accept it with one click in My Domains: ${origin}/account/domains\n` +
          'Until you do, the name will not renew by itself.'
        : `Auto-renew stays on: the next renewal, at least ${priceRiseNoticeDays} days from today, is charged at the new price. You can turn auto-renew off in My Domains: ${origin}/account/domains`) +
      `\n\n${brand.name}`,
  };
}

export type { PriceRiseView } from '../../contract/pricing/pricing.ts';

/** The account's price rises still waiting for an answer (paused auto-renews), newest first. */
export async function pendingPriceRises(db: Db, accountId: number): Promise<PriceRiseView[]> {
  const rows = await db
    .select({ notice: priceRiseNotices, domain: domains.domain })
    .from(priceRiseNotices)
    .innerJoin(domains, eq(domains.domainId, priceRiseNotices.domainId))
    .where(and(eq(priceRiseNotices.accountId, accountId), eq(priceRiseNotices.paused, true), isNull(priceRiseNotices.acceptDate)))
    .orderBy(desc(priceRiseNotices.id));
  return rows.map(({ notice, domain }) => ({
    noticeId: notice.id,
    domainId: notice.domainId,
    domain,
    before: notice.beforeCents,
    after: notice.afterCents,
    paused: notice.paused,
    noticeDate: notice.noticeDate.toISOString(),
  }));
}

/** One click: the customer accepts the new price, and auto-renew is on again. */
export async function acceptPriceRise(db: Db, accountId: number, noticeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [notice] = await tx
      .select()
      .from(priceRiseNotices)
      .where(and(eq(priceRiseNotices.id, noticeId), eq(priceRiseNotices.accountId, accountId)))
      .for('update');
    if (!notice) throw new AppError(404, 'No such price change');
    if (notice.acceptDate) return;
    const today = now();
    await tx.update(priceRiseNotices).set({ acceptDate: today }).where(eq(priceRiseNotices.id, noticeId));
    const [domain] = await tx
      .select()
      .from(domains)
      .where(and(eq(domains.domainId, notice.domainId), eq(domains.accountId, accountId)));
    if (domain && domain.status === 'active') {
      await tx
        .update(domains)
        .set({ autoRenewEnabled: true, autoRenewDate: autoRenewDateFor(domain.expireDate, true), modifyDate: today })
        .where(eq(domains.domainId, domain.domainId));
    }
    // Older notices for the same domain are settled by this answer too.
    await tx
      .update(priceRiseNotices)
      .set({ acceptDate: today })
      .where(and(eq(priceRiseNotices.domainId, notice.domainId), isNull(priceRiseNotices.acceptDate), inArray(priceRiseNotices.accountId, [accountId])));
  });
}

/**
 * What a domain shows, beyond the domains row: the forward options, the builder's trial and its one-page site
 * (websites table), read and saved for the owner; and the builder's share of the monthly charge during its trial.
 */
import { addDays } from 'date-fns/addDays';
import { isAfter } from 'date-fns/isAfter';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { planOf, planPrices } from '../../contract/carts/cart-pricing.ts';
import {
  builderTrialDays,
  defaultAccentColor,
  defaultBackgroundColor,
  type SiteContent,
  type SiteContentUpdate,
  starterHeadline,
  type WebsiteSettings,
} from '../../contract/websites/website.ts';
import type { Db } from '../../db/client.ts';
import { dnsRecords, domains, websites } from '../../db/schema/index.ts';
import type { DomainRow, WebsiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export async function findWebsiteRow(db: Db, domainId: number): Promise<WebsiteRow | null> {
  const [row] = await db.select().from(websites).where(eq(websites.domainId, domainId)).limit(1);
  return row ?? null;
}

/** The site as the builder page shows it: the owner's words, or the starter page's. */
export function siteContentOf(row: WebsiteRow | null): SiteContent {
  return {
    headline: row?.siteHeadline ?? starterHeadline,
    text: row?.siteText ?? '',
    accentColor: row?.siteAccentColor ?? defaultAccentColor,
    backgroundColor: row?.siteBackgroundColor ?? defaultBackgroundColor,
  };
}

async function ownedDomain(db: Db, accountId: number, domainId: number): Promise<DomainRow> {
  const [domain] = await db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
  if (!domain || domain.status === 'deleted') throw new AppError(404, 'Domain not found');
  if (domain.accountId !== accountId) throw new AppError(403, 'You do not have access to this domain');
  return domain;
}

export async function findWebsiteSettings(db: Db, accountId: number, domainId: number): Promise<WebsiteSettings> {
  const domain = await ownedDomain(db, accountId, domainId);
  const row = await findWebsiteRow(db, domainId);
  return {
    domainId,
    domain: domain.domain,
    forwardKeepPath: row?.forwardKeepPath ?? false,
    forwardPermanent: row?.forwardPermanent ?? true,
    builderTrialEndDate: row?.builderTrialEndDate?.toISOString() ?? null,
    site: siteContentOf(row),
  };
}

/** Saves the builder's one page. Only with the builder added: without it there is nothing to show the page. */
export async function saveSiteContent(db: Db, accountId: number, domainId: number, content: SiteContentUpdate): Promise<WebsiteSettings> {
  const domain = await ownedDomain(db, accountId, domainId);
  if (!domain.builderEnabled) throw new AppError(409, 'Add the Website Builder to this domain before editing its site');
  const values = {
    siteHeadline: content.headline,
    siteText: content.text,
    siteAccentColor: content.accentColor,
    siteBackgroundColor: content.backgroundColor,
    modifyDate: now(),
  };
  await db
    .insert(websites)
    .values({ domainId, ...values })
    .onConflictDoUpdate({ target: websites.domainId, set: values });
  return findWebsiteSettings(db, accountId, domainId);
}

/** Stores the forward options given (those left out keep their value). */
export async function saveForwardOptions(db: Db, domainId: number, options: { forwardKeepPath?: boolean; forwardPermanent?: boolean }): Promise<void> {
  const set = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return;
  await db
    .insert(websites)
    .values({ domainId, ...set, modifyDate: now() })
    .onConflictDoUpdate({ target: websites.domainId, set: { ...set, modifyDate: now() } });
}

/**
 * Starts the builder's free trial the first time the builder is added to a domain; a domain that had one keeps its
 * dates (adding the builder again is charged from the next bill). Returns the trial's end.
 */
export async function startBuilderTrial(db: Db, domainId: number): Promise<Date | null> {
  const start = now();
  const end = addDays(start, builderTrialDays);
  await db.insert(websites).values({ domainId }).onConflictDoNothing();
  // The condition makes a second add (or two at once) leave the first trial alone.
  await db
    .update(websites)
    .set({ builderTrialStartDate: start, builderTrialEndDate: end })
    .where(and(eq(websites.domainId, domainId), sql`${websites.builderTrialStartDate} is null`));
  return (await findWebsiteRow(db, domainId))?.builderTrialEndDate ?? null;
}

/**
 * For the monthly billing job: the cents to charge a domain for the month starting `at`. The plan's full `mrc`,
 * except while the builder's free trial runs, when the builder's part is left out (the first charge for the builder
 * comes after its trial).
 */
export async function chargeableMrc(db: Db, domain: Pick<DomainRow, 'domainId' | 'mrc' | 'builderEnabled' | 'emailEnabled'>, at: Date): Promise<number> {
  if (!domain.builderEnabled) return domain.mrc;
  const row = await findWebsiteRow(db, domain.domainId);
  if (!row?.builderTrialEndDate || !isAfter(row.builderTrialEndDate, at)) return domain.mrc;
  const withoutBuilder = planPrices[planOf({ emailEnabled: domain.emailEnabled, hostingEnabled: false })];
  return Math.max(0, domain.mrc - (planPrices[planOf({ emailEnabled: domain.emailEnabled, hostingEnabled: true })] - withoutBuilder));
}

const pointingTypes = ['A', 'AAAA', 'ALIAS', 'CNAME', 'NS'] as const;

/**
 * Whether the domain's DNS points its website elsewhere (spec §4 "Website type auto-sync"): nameservers other than
 * ours, or A, AAAA, ALIAS, CNAME or NS records at the root or www.
 */
export async function hasCustomDns(db: Db, domain: Pick<DomainRow, 'domainId' | 'domain' | 'ns'>, ourNameservers: readonly string[]): Promise<boolean> {
  const ours = new Set(ourNameservers.map((ns) => ns.toLowerCase().replace(/\.$/, '')));
  if (domain.ns.some((ns) => !ours.has(ns.toLowerCase().replace(/\.$/, '')))) return true;
  const records = await db
    .select({ host: dnsRecords.host })
    .from(dnsRecords)
    .where(and(eq(dnsRecords.domainId, domain.domainId), inArray(dnsRecords.type, [...pointingTypes])));
  const apex = domain.domain.toLowerCase();
  const websiteHosts = new Set(['', '@', 'www', apex, `www.${apex}`]);
  return records.some((r) => websiteHosts.has(r.host.trim().toLowerCase().replace(/\.$/, '')));
}

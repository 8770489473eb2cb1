/**
 * Domain update, group `website` (control-panel spec §7): what the domain shows (builder, forward, park, custom) and
 * the website builder plan. The builder plan and the monthly price change together (`builderEnabled` and `mrc` in one
 * UPDATE, the price computed from the row's own emailEnabled so a concurrent email change cannot be lost).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import { planPrices } from '../../contract/carts/cart-pricing.ts';
import type { websiteUpdate } from '../../contract/domains/domain-update.ts';
import { forwardHost, invalidForwardUrlMessage, normaliseForwardUrl } from '../../contract/websites/forward-url.ts';
import { domains, paymentMethods } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { requireRecentAuthForCharge } from '../auth/recent-auth.ts';
import { hasCustomDns, saveForwardOptions, startBuilderTrial } from './websites.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';

type WebsiteFields = z.infer<typeof websiteUpdate>;

export const customDnsMessage =
  'This domain uses custom DNS records that point its website elsewhere. Remove them under Advanced (DNS records and nameservers) to use the website builder, forwarding or parking.';

/** Where the account app's one-page editor for a domain's builder site lives. */
export const builderEditorPath = (domainId: number) => `/account/website/${domainId}`;

export async function applyWebsiteUpdate(ctx: DomainUpdateContext, fields: WebsiteFields): Promise<void> {
  const { db } = ctx.deps;
  let domain = ctx.domain;
  // Leaving custom is refused only while the records are there: a stale `custom` (records since removed) may go back.
  const showsOurs = fields.websiteType !== undefined && fields.websiteType !== 'custom';
  if ((showsOurs || fields.builderEnabled === true) && domain.websiteType === 'custom') {
    if (await hasCustomDns(db, domain, ctx.deps.config.DEFAULT_NAMESERVERS)) throw new AppError(409, customDnsMessage);
  }
  const forwardUrl = fields.forwardUrl === undefined ? undefined : checkForwardUrl(domain, fields.forwardUrl);
  // Everything is checked before anything is written, so a refused request changes nothing.
  if (fields.websiteType === 'forward' && !(forwardUrl ?? domain.forwardUrl)) throw new AppError(400, invalidForwardUrlMessage);
  if (fields.websiteType === 'builder' && !(fields.builderEnabled ?? domain.builderEnabled)) {
    throw new AppError(409, 'Add the Website Builder to this domain first');
  }

  if (fields.builderEnabled === true && !domain.builderEnabled) domain = await addBuilder(ctx, domain);
  if (fields.builderEnabled === false && domain.builderEnabled) domain = await removeBuilder(ctx, domain);

  const set: Partial<typeof domains.$inferInsert> = {};
  if (forwardUrl !== undefined) set.forwardUrl = forwardUrl;
  if (fields.parkType !== undefined) set.parkType = fields.parkType;
  if (fields.websiteType !== undefined) set.websiteType = fields.websiteType;
  await saveForwardOptions(db, domain.domainId, { forwardKeepPath: fields.forwardKeepPath, forwardPermanent: fields.forwardPermanent });
  if (Object.keys(set).length > 0)
    await db
      .update(domains)
      .set({ ...set, modifyDate: now() })
      .where(eq(domains.domainId, domain.domainId));
}

function checkForwardUrl(domain: DomainRow, input: string): string {
  const normalised = normaliseForwardUrl(input);
  if (!normalised) throw new AppError(400, invalidForwardUrlMessage);
  const host = forwardHost(normalised);
  if (host === domain.domain || host === `www.${domain.domain}`)
    throw new AppError(400, 'A domain cannot forward to itself. Please enter another website address');
  return normalised;
}

async function addBuilder(ctx: DomainUpdateContext, domain: DomainRow): Promise<DomainRow> {
  const { db } = ctx.deps;
  // The plan is billed monthly to the default card once the trial ends: no card, no plan.
  const [card] = await db
    .select({ id: paymentMethods.paymentMethodId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, ctx.accountId), eq(paymentMethods.isDefault, true), eq(paymentMethods.status, 'active')))
    .limit(1);
  if (!card) throw new AppError(402, 'Add a payment method to your account before adding the Website Builder');
  // What the plan adds to the monthly bill (charged once the trial ends) is the charge being agreed to now.
  const added = (domain.emailEnabled ? planPrices.websiteEmail : planPrices.website) - domain.mrc;
  await requireRecentAuthForCharge(ctx.deps, ctx, Math.max(added, 0));
  await startBuilderTrial(db, domain.domainId);
  const [row] = await db
    .update(domains)
    .set({
      builderEnabled: true,
      builderUrl: builderEditorPath(domain.domainId),
      mrc: sql`case when ${domains.emailEnabled} then ${planPrices.websiteEmail}::int else ${planPrices.website}::int end`,
      modifyDate: now(),
    })
    .where(eq(domains.domainId, domain.domainId))
    .returning();
  return row;
}

async function removeBuilder(ctx: DomainUpdateContext, domain: DomainRow): Promise<DomainRow> {
  const [row] = await ctx.deps.db
    .update(domains)
    .set({
      builderEnabled: false,
      builderUrl: null,
      // The builder site goes with the plan; the domain falls back to its parking page.
      websiteType: sql`case when ${domains.websiteType} = 'builder' then 'park' else ${domains.websiteType} end`,
      mrc: sql`case when ${domains.emailEnabled} then ${planPrices.email}::int else ${planPrices.basic}::int end`,
      modifyDate: now(),
    })
    .where(eq(domains.domainId, domain.domainId))
    .returning();
  return row;
}

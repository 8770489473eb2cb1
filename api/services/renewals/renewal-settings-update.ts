/**
 * Domain update, renewals (#12): auto-renew on or off, and Domain Protection. Adding protection charges $5 per
 * domain-year for the rest of the current term to the default card (spec §9); removing it refunds nothing, and adding
 * it again while the term it was paid for lasts is free.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import type { renewalSettingsUpdate } from '../../contract/domains/domain-update.ts';
import { protectionPricePerYear, protectionYearsLeft } from '../../contract/renewals/renewals.ts';
import { domains } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { authorizeDefaultCard, captureCharge, releaseCharge } from '../billing/account-charges.ts';
import { requireRecentAuthForCharge } from '../auth/recent-auth.ts';
import { autoRenewDateFor } from './renewal-dates.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';

export const authenticationNeededMessage = 'Your bank asks you to confirm this payment';

export async function applyRenewalSettings(ctx: DomainUpdateContext, fields: z.infer<typeof renewalSettingsUpdate>): Promise<void> {
  const { db } = ctx.deps;
  const { domain } = ctx;
  if (fields.autoRenewEnabled !== undefined && fields.autoRenewEnabled !== domain.autoRenewEnabled) {
    await db
      .update(domains)
      .set({ autoRenewEnabled: fields.autoRenewEnabled, autoRenewDate: autoRenewDateFor(domain.expireDate, fields.autoRenewEnabled), modifyDate: now() })
      .where(eq(domains.domainId, domain.domainId));
  }
  if (fields.protectionEnabled === false && domain.protectionEnabled) {
    await db.update(domains).set({ protectionEnabled: false, modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
  }
  if (fields.protectionEnabled === true && !domain.protectionEnabled) await addProtection(ctx, fields.$paymentIntentId);
}

async function addProtection(ctx: DomainUpdateContext, paymentIntentId: string | undefined): Promise<void> {
  const { deps, domain } = ctx;
  if (domain.status !== 'active' && domain.status !== 'expired') throw new AppError(400, `Domain Protection cannot be added to ${domain.domain} now`);
  const today = now();
  // Paid for this term already (added, removed, now added again): free.
  if (domain.protectionPaidUntil && domain.protectionPaidUntil >= domain.expireDate) {
    await deps.db.update(domains).set({ protectionEnabled: true, modifyDate: today }).where(eq(domains.domainId, domain.domainId));
    return;
  }
  const years = protectionYearsLeft(domain.expireDate, today);
  const amount = protectionPricePerYear * years;
  await requireRecentAuthForCharge(deps, ctx, amount);
  const description = `Domain Protection: ${domain.domain} (${years} year${years === 1 ? '' : 's'})`;
  const term = `protection:${domain.domainId}:${domain.expireDate.toISOString()}`;
  const attempt = await authorizeDefaultCard(deps, {
    accountId: ctx.accountId,
    amount,
    idempotencyKey: term,
    purpose: term,
    description,
    paymentIntentId,
  });
  if (attempt.status === 'requires_action') {
    throw new AppError(402, authenticationNeededMessage, {
      requiresAction: true,
      clientSecret: attempt.clientSecret,
      paymentIntentId: attempt.paymentIntentId,
    });
  }
  // Claimed with a conditional update: of two requests sharing this authorisation, one records and captures it.
  const [claimed] = await deps.db
    .update(domains)
    .set({ protectionEnabled: true, protectionPaidUntil: domain.expireDate, modifyDate: today })
    .where(and(eq(domains.domainId, domain.domainId), or(isNull(domains.protectionPaidUntil), lt(domains.protectionPaidUntil, domain.expireDate))))
    .returning({ domainId: domains.domainId });
  if (!claimed) return;
  try {
    await captureCharge(
      deps,
      attempt.held,
      [{ type: 'nrc', description, amount, domainId: domain.domainId, startDate: today, endDate: domain.expireDate }],
      `protection:${domain.domainId}:${domain.expireDate.toISOString()}:capture`,
    );
  } catch (error) {
    await deps.db
      .update(domains)
      .set({ protectionEnabled: domain.protectionEnabled, protectionPaidUntil: domain.protectionPaidUntil })
      .where(eq(domains.domainId, domain.domainId));
    await releaseCharge(deps, attempt.held).catch(() => {});
    throw error;
  }
}

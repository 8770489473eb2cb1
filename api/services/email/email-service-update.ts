/**
 * Domain update, the email service (control-panel spec §4 "Email service", §9: $5 a month): buying turns
 * `emailEnabled` on with the plan's `mrc` and charges the first month's difference now; removing deletes every
 * mailbox and forward at the mail host and drops the plan back. `emailEnabled` and `mrc` always change together.
 */
import { addMonths } from 'date-fns/addMonths';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import { planOf, planPrices } from '../../contract/carts/cart-pricing.ts';
import type { emailServiceUpdate } from '../../contract/domains/domain-update.ts';
import { domains, emails } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { MailDomainTakenError, MailHostError, mailDomainOwner } from '../../providers/mailhost/index.ts';
import { CardError } from '../../providers/payments/index.ts';
import { requireRecentAuthForCharge } from '../auth/recent-auth.ts';
import { authorizeDefaultCard, captureCharge, chargeFailedMessage, voidCharge } from '../billing/account-charges.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';

const mailServerTrouble = 'The mail server could not complete this request. Please try again in a few minutes.';

export function monthlyPrice(domain: { emailEnabled: boolean; builderEnabled: boolean }): number {
  return planPrices[planOf({ emailEnabled: domain.emailEnabled, hostingEnabled: domain.builderEnabled })];
}

export async function applyEmailServiceUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof emailServiceUpdate>): Promise<void> {
  if (fields.emailEnabled === undefined || fields.emailEnabled === ctx.domain.emailEnabled) return;
  if (fields.emailEnabled) await addEmailService(ctx, fields.$paymentIntentId);
  else await removeEmailService(ctx);
}

/**
 * Claim → authorise → add the domain at the mail host → capture. Any failure on the way, the capture included, puts the
 * row back (the service stays off), takes the domain off the mail host and releases or refunds the charge.
 */
async function addEmailService(ctx: DomainUpdateContext, paymentIntentId: string | undefined) {
  const { deps, domain } = ctx;
  const { db } = deps;
  if (domain.status !== 'active') throw new AppError(409, `${domain.domain} must be active to add the email service`);
  const mrc = monthlyPrice({ emailEnabled: true, builderEnabled: domain.builderEnabled });
  const firstMonth = mrc - domain.mrc;
  await requireRecentAuthForCharge(deps, ctx, Math.max(firstMonth, 0));
  // Claim the change first: of two clicks, one turns the service on and charges; the other finds it on already.
  const [claimed] = await db
    .update(domains)
    .set({ emailEnabled: true, mrc, modifyDate: now() })
    .where(and(eq(domains.domainId, domain.domainId), eq(domains.emailEnabled, false)))
    .returning({ modifyDate: domains.modifyDate });
  if (!claimed) return;
  const undo = () => db.update(domains).set({ emailEnabled: false, mrc: domain.mrc }).where(eq(domains.domainId, domain.domainId));
  const attemptKey = `${domain.domainId}:${claimed.modifyDate.getTime()}`;
  let attempt: Awaited<ReturnType<typeof authorizeDefaultCard>> | null = null;
  let hosted = false;
  try {
    if (firstMonth > 0) {
      attempt = await authorizeDefaultCard(deps, {
        accountId: ctx.accountId,
        amount: firstMonth,
        idempotencyKey: `email-service:${attemptKey}`,
        purpose: `email-service:${domain.domainId}`,
        description: `Email service: ${domain.domain}`,
        paymentIntentId,
      });
      if (attempt.status === 'requires_action') {
        throw new AppError(402, 'Your card needs authentication to pay for the email service', {
          requiresAction: true,
          clientSecret: attempt.clientSecret,
          paymentIntentId: attempt.paymentIntentId,
        });
      }
    }
    await deps.providers.mailHost.addDomain(domain.domain, mailDomainOwner(domain.domainId));
    hosted = true;
    if (attempt?.status === 'authorized') {
      const start = now();
      await captureCharge(
        deps,
        attempt.held,
        [
          {
            type: 'mrc',
            description: `Email service: ${domain.domain} (first month)`,
            amount: firstMonth,
            domainId: domain.domainId,
            startDate: start,
            endDate: addMonths(start, 1),
          },
        ],
        `email-service-capture:${attemptKey}`,
      );
    }
  } catch (error) {
    await undo();
    if (hosted) {
      await deps.providers.mailHost
        .removeDomain(domain.domain, mailDomainOwner(domain.domainId))
        .catch((cause) => console.error(`mail host: ${domain.domain} left after a failed charge:`, cause));
    }
    if (attempt?.status === 'authorized') await voidCharge(deps, attempt.held, `email-service-refund:${attemptKey}`);
    if (error instanceof MailDomainTakenError) {
      throw new AppError(409, `Email for ${domain.domain} is still being removed from its previous owner. Please try again in a few minutes.`);
    }
    if (error instanceof MailHostError) {
      console.error('mail host:', error.message);
      throw new AppError(502, mailServerTrouble);
    }
    if (error instanceof CardError) throw new AppError(402, error.message || chargeFailedMessage, { declineCode: error.declineCode });
    throw error;
  }
}

async function removeEmailService(ctx: DomainUpdateContext) {
  const { deps, domain } = ctx;
  try {
    // Every mailbox (with its messages) and forward on the domain goes with it.
    await deps.providers.mailHost.removeDomain(domain.domain, mailDomainOwner(domain.domainId));
  } catch (error) {
    if (error instanceof MailHostError) {
      console.error('mail host:', error.message);
      throw new AppError(502, mailServerTrouble);
    }
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emails)
      .set({ status: 'deleted' })
      .where(and(eq(emails.domainId, domain.domainId), eq(emails.status, 'active')));
    await tx
      .update(domains)
      .set({ emailEnabled: false, mrc: monthlyPrice({ emailEnabled: false, builderEnabled: domain.builderEnabled }), modifyDate: now() })
      .where(eq(domains.domainId, domain.domainId));
  });
}

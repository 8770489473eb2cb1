/**
 * Staff actions on a domain that reach the registry: lock and unlock, suspend and unsuspend, a courtesy renewal. Each
 * is a journal entry (services/journal): our change, its audit row and the registry intent commit in one transaction
 * with the domain's row lock, and the registry is called after commit, outside it; a refusal is undone, a lost answer
 * settled by the reconciling job. A suspended name is unlocked only by compliance or an owner, with a reason.
 */
import { addDays } from 'date-fns/addDays';
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import { type DomainRow, domains, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { liftSuspension, suspendDomain } from '../domains/suspensions.ts';
import { assertNotHeld } from '../domains/suspension-gate.ts';
import { suspensionNotice } from '../domains/suspension-notice.ts';
import type { CourtesyRenewal, LockBefore } from '../journal/intent-kinds.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from '../journal/registry-intents.ts';
import { catalogue } from '../search/catalogue.ts';
import { authCodeLifetimeDays } from '../transfers/outbound-transfers.ts';
import { findDomainWithOwner } from './customer-record.ts';

async function lockDomainRow(tx: Tx, domainId: number): Promise<{ domain: DomainRow; ownerEmail: string }> {
  const [domain] = await tx.select().from(domains).where(eq(domains.domainId, domainId)).for('update');
  if (!domain) throw new AppError(404, 'No such domain');
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.accountId, domain.accountId)).limit(1);
  return { domain, ownerEmail: owner?.email ?? '' };
}

/**
 * Locks (a new auth code nobody has seen goes to the registry) or unlocks (a new code, kept for the owner to read in
 * My Domains for 14 days, never shown to staff). A domain in a TDRP hold stays locked; a pending transfer away must be
 * answered before locking; a suspended one is unlocked only by compliance or an owner, with a reason.
 */
export async function setDomainLockAsStaff(
  deps: Deps,
  actor: StaffActor,
  domainId: number,
  locked: boolean,
  reason: string | undefined,
  brandName: string,
): Promise<void> {
  const intent = await deps.db.transaction(async (tx) => {
    const { domain, ownerEmail } = await lockDomainRow(tx, domainId);
    if (domain.status !== 'active') throw new AppError(409, `${domain.domain} is ${domain.status}: only an active domain can be locked or unlocked`);
    if (!locked) assertNotHeld(domain, 'unlock', { role: actor.role, reason });
    if (!locked && domain.tdrpHoldDate && domain.tdrpHoldDate > now()) {
      throw new AppError(409, `${domain.domain} is held against transfer until ${domain.tdrpHoldDate.toISOString().slice(0, 10)} (a registrant change)`);
    }
    if (locked && (domain.outboundTransferStatus === 'pending' || domain.outboundTransferStatus === 'approved')) {
      throw new AppError(409, `A transfer of ${domain.domain} away is pending: answer it first`);
    }
    const before: LockBefore = { locked: domain.locked, authCode: domain.authCode, authCodeExpireDate: domain.authCodeExpireDate?.toISOString() ?? null };
    const intent = await recordIntent(tx, {
      kind: locked ? 'lock' : 'unlock',
      domainId,
      domain: domain.domain,
      actor,
      params: {
        before,
        notify: locked
          ? null
          : {
              channel: 'email',
              to: ownerEmail,
              subject: `${domain.domain} is unlocked for transfer`,
              text: `Our support team unlocked ${domain.domain} for transfer at your request.\n\nGet its auth code in My Domains (${deps.config.publicOrigin}/account/domains), under the domain's Transfer settings, within ${authCodeLifetimeDays} days; after that the domain locks itself again.\n\nIf you did not ask for this, contact ${brandName} support at once.`,
            },
      },
    });
    // The code arrives with the registry's answer (the intent's done step); until then none is on file.
    await tx
      .update(domains)
      .set({ locked, authCode: null, authCodeExpireDate: locked ? null : addDays(now(), authCodeLifetimeDays), modifyDate: now() })
      .where(eq(domains.domainId, domainId));
    const entry = await recordAudit(tx, actor, {
      action: locked ? 'domain.lock' : 'domain.unlock',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { locked: domain.locked, suspended: domain.suspendedAt !== null },
      after: { locked, intentId: intent.intentId },
      reason,
      customerSummary: locked
        ? `We locked ${domain.domain} against transfer.`
        : `We unlocked ${domain.domain} for transfer; get its auth code in My Domains within ${authCodeLifetimeDays} days.`,
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  await carryOutIntent(deps, intent);
}

/** Suspends (clientHold, DNS stops, RDAP shows it); the reason is what the owner reads in My Domains. */
export async function suspendDomainAsStaff(deps: Deps, actor: StaffActor, domainId: number, reason: string, brandName: string): Promise<void> {
  const why = requireReason('domain.suspend', reason) as string;
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  await suspendDomain(
    deps,
    { domainId, kind: 'staff', reason: why, reference: actor.email },
    {
      actor,
      audit: (tx) =>
        recordAudit(tx, actor, {
          action: 'domain.suspend',
          targetType: 'domain',
          targetId: domainId,
          targetLabel: domain.domain,
          accountId: domain.accountId,
          before: { suspended: domain.suspendedAt !== null },
          after: { suspended: true },
          reason: why,
          customerSummary: `We suspended ${domain.domain}: it does not resolve until the suspension is lifted.`,
        }),
      notify: () => ({
        channel: 'email',
        to: ownerEmail,
        ...suspensionNotice({
          domain: domain.domain,
          why,
          howToLift: `reply to this email or contact ${brandName} support: tell us what has changed.`,
          brandName,
        }),
      }),
    },
  );
}

export async function unsuspendDomainAsStaff(deps: Deps, actor: StaffActor, domainId: number, reason: string): Promise<{ stillSuspended: boolean }> {
  const why = requireReason('domain.unsuspend', reason) as string;
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  const { stillSuspended } = await liftSuspension(
    deps,
    { domainId, kind: 'staff' },
    {
      actor,
      audit: async (tx, result) => {
        if (!result.lifted) {
          throw new AppError(
            409,
            `${domain.domain} has no staff suspension to lift${domain.suspendedAt ? ' (it is held for another reason: an abuse case or verification)' : ''}`,
          );
        }
        return recordAudit(tx, actor, {
          action: 'domain.unsuspend',
          targetType: 'domain',
          targetId: domainId,
          targetLabel: domain.domain,
          accountId: domain.accountId,
          before: { suspended: true },
          after: { suspended: result.stillSuspended },
          reason: why,
          customerSummary: result.stillSuspended
            ? `We lifted our suspension of ${domain.domain}; another hold remains.`
            : `We lifted the suspension of ${domain.domain}: it resolves again.`,
        });
      },
      // The owner was emailed the suspension; they hear it ended too (while another hold remains, that hold's own notices speak).
      notify: (result) =>
        result.stillSuspended
          ? null
          : {
              channel: 'email',
              to: ownerEmail,
              subject: `${domain.domain} is no longer suspended`,
              text: `We lifted the suspension of ${domain.domain}: it resolves again and you can manage it as before.\n\nWhy: ${why}`,
            },
    },
  );
  return { stillSuspended };
}

function yearsPrice(domain: string, years: number): number | null {
  const pricing = catalogue().forDomain(domain)?.renewPricing;
  return pricing ? pricing.slice(0, years).reduce((sum, cents) => sum + cents, 0) : null;
}

/**
 * A renewal at no charge: the request (intent and audit row) commits first; once the registry renewed, the ledger gets
 * the renewal at its price and a credit of the same amount, so the statement shows both and the balance does not move.
 * A renewal whose answer was lost is settled from the registry's expiry by the reconciling job, never sent again.
 */
export async function courtesyRenew(deps: Deps, actor: StaffActor, domainId: number, years: number, reason: string): Promise<{ expireDate: string }> {
  const why = requireReason('domain.courtesy-renew', reason) as string;
  const { domain: found } = await findDomainWithOwner(deps.db, domainId);
  const premium = await deps.providers.registry.premiumRenewPrice(found.domain, years).catch(() => null);
  const price = premium ?? yearsPrice(found.domain, years);
  const label = `${years} year${years === 1 ? '' : 's'}`;
  const intent = await deps.db.transaction(async (tx) => {
    const { domain } = await lockDomainRow(tx, domainId);
    if (domain.status === 'redemption') throw new AppError(409, `${domain.domain} is in redemption: restore it first`);
    if (domain.status !== 'active' && domain.status !== 'expired') throw new AppError(409, `${domain.domain} is ${domain.status} and cannot be renewed`);
    if (price === null) throw new AppError(409, `We do not sell renewals of .${domain.domain.slice(domain.domain.indexOf('.') + 1)}`);
    const renewal: CourtesyRenewal = {
      years,
      price,
      label,
      beforeExpire: domain.expireDate.toISOString(),
      accountId: domain.accountId,
      customerSummary: `We renewed ${domain.domain} for ${label} at no charge.`,
    };
    const intent = await recordIntent(tx, { kind: 'courtesy-renew', domainId, domain: domain.domain, actor, params: { renewal, reason: why } });
    const entry = await recordAudit(tx, actor, {
      action: 'domain.courtesy-renew',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { expireDate: domain.expireDate.toISOString() },
      after: { years, credit: price, intentId: intent.intentId },
      reason: why,
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return { ...intent, auditId: entry.auditId };
  });
  const { expireDate } = (await carryOutIntent(deps, intent)) as { expireDate: string };
  return { expireDate };
}

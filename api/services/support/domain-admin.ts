/**
 * Staff on a domain (issue #23): our record beside the registry's live `info`, lock and unlock, suspend and unsuspend
 * (services/domains/suspensions.ts), a courtesy renewal (no charge: the renewal and a credit of the same amount in the
 * ledger) and a restore from redemption (the registry's RGP restore). Every action is audited with its reason and
 * shows in the owner's Account activity.
 */
import { addDays } from 'date-fns';
import { and, asc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { StaffDomainRecord, StaffDomainRow } from '../../contract/support/customers.ts';
import type { StaffDomainState } from '../../contract/support/support-schemas.ts';
import { domains, transactions, users } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import { recordAudit, requireReason, searchAudit, type StaffActor } from '../audit/audit-log.ts';
import { syncZone } from '../dns/zone.ts';
import { liftSuspension, suspendDomain, suspensionsOf } from '../domains/suspensions.ts';
import { queueMessage } from '../platform/messages.ts';
import { autoRenewDateFor } from '../renewals/renewals.ts';
import { catalogue } from '../search/catalogue.ts';
import { encryptAuthCode } from '../transfers/auth-code-vault.ts';
import { authCodeLifetimeDays } from '../transfers/outbound-transfers.ts';
import { staffDomainRow } from './customer-record.ts';
import { suspensionNotice } from '../domains/suspension-notice.ts';

async function findDomainWithOwner(db: Deps['db'], domainId: number): Promise<{ domain: DomainRow; ownerEmail: string }> {
  const [row] = await db
    .select({ domain: domains, ownerEmail: users.email })
    .from(domains)
    .innerJoin(users, eq(users.accountId, domains.accountId))
    .where(eq(domains.domainId, domainId))
    .limit(1);
  if (!row) throw new AppError(404, 'No such domain');
  return row;
}

/** Domains by name (part of it), with their owners; the most recently changed first when nothing is typed. */
/** The same conditions as the dashboard's counts (services/dashboard/dashboard.ts), so a count opens its own list. */
const stateConditions: Record<StaffDomainState, SQL> = {
  'transfer-in': sql`${domains.status} = 'transfer' and ${domains.inboundTransferStatus} = 'pending'`,
  'awaiting-auth-code': sql`${domains.status} = 'transfer' and ${domains.inboundTransferStatus} in ('auth-code-needed', 'auth-code-rejected')`,
  'transfer-away': sql`${domains.domainId} in (select domain_id from outbound_transfers where status in ('pending', 'approved'))`,
  suspended: sql`${domains.suspendedAt} is not null`,
};

export async function searchDomainsAsStaff(db: Deps['db'], q: string, state?: StaffDomainState): Promise<StaffDomainRow[]> {
  const word = q.trim().toLowerCase();
  const rows = await db
    .select({ domain: domains, ownerEmail: users.email })
    .from(domains)
    .innerJoin(users, eq(users.accountId, domains.accountId))
    .where(
      and(
        ne(domains.status, 'deleted'),
        word ? ilike(domains.domain, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        state ? stateConditions[state] : undefined,
      ),
    )
    .orderBy(word ? sql`${domains.domain} <> ${word}` : sql`${domains.modifyDate} desc`, asc(domains.domain))
    .limit(state ? 500 : 50);
  return rows.map((row) => staffDomainRow(row.domain, row.ownerEmail));
}

function yearsPrice(domain: string, years: number): number | null {
  const pricing = catalogue().forDomain(domain)?.renewPricing;
  return pricing ? pricing.slice(0, years).reduce((sum, cents) => sum + cents, 0) : null;
}

/** The domain page: ours, the registry's answer now (or why it did not come), and the suspension history. */
export async function domainRecordForStaff(deps: Deps, domainId: number): Promise<StaffDomainRecord> {
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  let registry: StaffDomainRecord['registry'];
  try {
    const record = await deps.providers.registry.info(domain.domain);
    registry = {
      ok: true,
      record: record && {
        registrarName: record.registrarName,
        ours: record.ours,
        locked: record.locked,
        createDate: record.createDate.toISOString(),
        expireDate: record.expireDate.toISOString(),
        nameservers: record.nameservers,
        statuses: record.statuses,
      },
    };
  } catch (error) {
    registry = { ok: false, error: (error as Error).message };
  }
  const premium = await deps.providers.registry.premiumRenewPrice(domain.domain, 1).catch(() => null);
  return {
    ...staffDomainRow(domain, ownerEmail),
    createDate: domain.createDate.toISOString(),
    nameservers: domain.ns,
    privacyEnabled: domain.privacyEnabled,
    tdrpHoldDate: domain.tdrpHoldDate?.toISOString() ?? null,
    redemptionPeriodStartDate: domain.redemptionPeriodStartDate?.toISOString() ?? null,
    outboundTransferStatus: domain.outboundTransferStatus,
    authCodeExpireDate: domain.authCodeExpireDate?.toISOString() ?? null,
    suspensions: (await suspensionsOf(deps, domainId)).map((s) => ({
      suspensionId: s.suspensionId,
      kind: s.kind,
      reason: s.reason,
      reference: s.reference,
      createDate: s.createDate.toISOString(),
      liftDate: s.liftDate?.toISOString() ?? null,
    })),
    registry,
    renewPrice: premium ?? yearsPrice(domain.domain, 1),
    audit: (await searchAudit(deps.db, { targetType: 'domain', targetId: String(domainId) }, { limit: 25, skip: 0 })).data,
  };
}

function registryFailure(what: string, domain: string, error: unknown): AppError {
  if (error instanceof RegistryOutcomeUnknownError) {
    return new AppError(502, `The registry did not answer the ${what} of ${domain}; look at its live registry state before trying again`);
  }
  return new AppError(502, `The registry refused the ${what} of ${domain}: ${(error as Error).message}`);
}

/**
 * Locks (a new auth code nobody has seen goes to the registry) or unlocks (a new code, kept for the owner to read in
 * My Domains for 14 days, never shown to staff). A domain in a TDRP hold stays locked; a pending transfer away
 * must be answered before locking.
 */
export async function setDomainLockAsStaff(
  deps: Deps,
  actor: StaffActor,
  domainId: number,
  locked: boolean,
  reason: string | undefined,
  brandName: string,
): Promise<void> {
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  if (domain.status !== 'active') throw new AppError(409, `${domain.domain} is ${domain.status}: only an active domain can be locked or unlocked`);
  if (!locked && domain.tdrpHoldDate && domain.tdrpHoldDate > now()) {
    throw new AppError(409, `${domain.domain} is held against transfer until ${domain.tdrpHoldDate.toISOString().slice(0, 10)} (a registrant change)`);
  }
  if (locked && (domain.outboundTransferStatus === 'pending' || domain.outboundTransferStatus === 'approved')) {
    throw new AppError(409, `A transfer of ${domain.domain} away is pending: answer it first`);
  }
  const { registry } = deps.providers;
  let authCode: string | null = null;
  try {
    await registry.setLock(domain.domain, locked);
    const code = await registry.authCode(domain.domain, true);
    if (!locked) authCode = await encryptAuthCode(deps, domainId, code);
  } catch (error) {
    throw registryFailure(locked ? 'lock' : 'unlock', domain.domain, error);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(domains)
      .set({ locked, authCode, authCodeExpireDate: locked ? null : addDays(now(), authCodeLifetimeDays), modifyDate: now() })
      .where(eq(domains.domainId, domainId));
    await recordAudit(tx, actor, {
      action: locked ? 'domain.lock' : 'domain.unlock',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { locked: domain.locked },
      after: { locked },
      reason,
      customerSummary: locked
        ? `We locked ${domain.domain} against transfer.`
        : `We unlocked ${domain.domain} for transfer; get its auth code in My Domains within ${authCodeLifetimeDays} days.`,
    });
  });
  if (!locked) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: ownerEmail,
      subject: `${domain.domain} is unlocked for transfer`,
      text: `Our support team unlocked ${domain.domain} for transfer at your request.\n\nGet its auth code in My Domains (${deps.config.publicOrigin}/account/domains), under the domain's Transfer settings, within ${authCodeLifetimeDays} days; after that the domain locks itself again.\n\nIf you did not ask for this, contact ${brandName} support at once.`,
    });
  }
}

/** Suspends (clientHold, DNS stops, RDAP shows it); the reason is what the owner reads in My Domains. */
export async function suspendDomainAsStaff(deps: Deps, actor: StaffActor, domainId: number, reason: string, brandName: string): Promise<void> {
  const why = requireReason('domain.suspend', reason) as string;
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  await suspendDomain(deps, { domainId, kind: 'staff', reason: why, reference: actor.email });
  await recordAudit(deps.db, actor, {
    action: 'domain.suspend',
    targetType: 'domain',
    targetId: domainId,
    targetLabel: domain.domain,
    accountId: domain.accountId,
    before: { suspended: domain.suspendedAt !== null },
    after: { suspended: true },
    reason: why,
    customerSummary: `We suspended ${domain.domain}: it does not resolve until the suspension is lifted.`,
  });
  const notice = suspensionNotice({
    domain: domain.domain,
    why,
    howToLift: `reply to this email or contact ${brandName} support: tell us what has changed.`,
    brandName,
  });
  await queueMessage(deps.jobs, { channel: 'email', to: ownerEmail, ...notice });
}

export async function unsuspendDomainAsStaff(deps: Deps, actor: StaffActor, domainId: number, reason: string): Promise<{ stillSuspended: boolean }> {
  const why = requireReason('domain.unsuspend', reason) as string;
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  const { lifted, stillSuspended } = await liftSuspension(deps, { domainId, kind: 'staff' });
  if (!lifted)
    throw new AppError(
      409,
      `${domain.domain} has no staff suspension to lift${domain.suspendedAt ? ' (it is held for another reason: an abuse case or verification)' : ''}`,
    );
  await recordAudit(deps.db, actor, {
    action: 'domain.unsuspend',
    targetType: 'domain',
    targetId: domainId,
    targetLabel: domain.domain,
    accountId: domain.accountId,
    before: { suspended: true },
    after: { suspended: stillSuspended },
    reason: why,
    customerSummary: stillSuspended
      ? `We lifted our suspension of ${domain.domain}; another hold remains.`
      : `We lifted the suspension of ${domain.domain}: it resolves again.`,
  });
  // The owner was emailed the suspension; they hear it ended too (while another hold remains, that hold's own notices speak).
  if (!stillSuspended) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: ownerEmail,
      subject: `${domain.domain} is no longer suspended`,
      text: `We lifted the suspension of ${domain.domain}: it resolves again and you can manage it as before.\n\nWhy: ${why}`,
    });
  }
  return { stillSuspended };
}

/**
 * A renewal at no charge: the registry renews, and the ledger gets the renewal at its price and a credit of the same
 * amount, so the statement shows both and the balance does not move. A name in redemption is restored first.
 */
export async function courtesyRenew(deps: Deps, actor: StaffActor, domainId: number, years: number, reason: string): Promise<{ expireDate: string }> {
  const why = requireReason('domain.courtesy-renew', reason) as string;
  const { domain } = await findDomainWithOwner(deps.db, domainId);
  if (domain.status === 'redemption') throw new AppError(409, `${domain.domain} is in redemption: restore it first`);
  if (domain.status !== 'active' && domain.status !== 'expired') throw new AppError(409, `${domain.domain} is ${domain.status} and cannot be renewed`);
  const premium = await deps.providers.registry.premiumRenewPrice(domain.domain, years).catch(() => null);
  const price = premium ?? yearsPrice(domain.domain, years);
  if (price === null) throw new AppError(409, `We do not sell renewals of .${domain.domain.slice(domain.domain.indexOf('.') + 1)}`);
  let expireDate: Date;
  try {
    expireDate = (await deps.providers.registry.renew({ domain: domain.domain, years })).expireDate;
  } catch (error) {
    // Asked, not retried: a renewal whose answer was lost may have happened (DESIGN "Jobs and time").
    if (error instanceof RegistryOutcomeUnknownError) {
      const record = await deps.providers.registry.info(domain.domain).catch(() => null);
      if (!record || record.expireDate <= domain.expireDate) throw registryFailure('renewal', domain.domain, error);
      expireDate = record.expireDate;
    } else throw registryFailure('renewal', domain.domain, error);
  }
  const label = `${years} year${years === 1 ? '' : 's'}`;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(domains)
      .set({
        expireDate,
        status: 'active',
        autoRenewDate: sql`case when ${domains.autoRenewEnabled} then ${autoRenewDateFor(expireDate, true)?.toISOString() ?? null}::timestamptz end`,
        modifyDate: now(),
      })
      .where(eq(domains.domainId, domainId));
    const span = {
      accountId: domain.accountId,
      domainId,
      startDate: domain.expireDate,
      endDate: expireDate,
      createDate: now(),
      metaData: { courtesy: true, staff: actor.email },
    };
    await tx.insert(transactions).values([
      { ...span, type: 'nrc', description: `Renewal: ${domain.domain} (${label})`, amount: price },
      { ...span, type: 'credit', description: `Courtesy renewal: ${domain.domain} (${label})`, amount: -price },
    ]);
    await recordAudit(tx, actor, {
      action: 'domain.courtesy-renew',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { expireDate: domain.expireDate.toISOString() },
      after: { expireDate: expireDate.toISOString(), years, credit: price },
      reason: why,
      customerSummary: `We renewed ${domain.domain} for ${label} at no charge.`,
    });
  });
  return { expireDate: expireDate.toISOString() };
}

/**
 * A name in redemption comes back with the registry's restore (RFC 3915 request and report). It returns with the
 * expiry the registry holds: active when still ahead, expired (renew it next) when not.
 */
export async function restoreDomainAsStaff(
  deps: Deps,
  actor: StaffActor,
  domainId: number,
  reason: string,
  brandName: string,
): Promise<{ status: string; expireDate: string }> {
  const why = requireReason('domain.restore', reason) as string;
  const { domain, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  if (domain.status !== 'redemption') throw new AppError(409, `${domain.domain} is ${domain.status}, not in redemption`);
  const registrant = (await deps.db.query.accounts.findFirst({ where: (a, { eq: is }) => is(a.accountId, domain.accountId) }))?.registrantContact;
  const whois = registrant
    ? `Domain: ${domain.domain}\nRegistrant: ${registrant.firstName} ${registrant.lastName}${registrant.company ? `, ${registrant.company}` : ''}\nEmail: ${registrant.email}\nCountry: ${registrant.country}`
    : `Domain: ${domain.domain}\nRegistrant: ${ownerEmail}`;
  try {
    await deps.providers.registry.restore({
      domain: domain.domain,
      deletedAt: domain.redemptionPeriodStartDate ?? domain.expireDate,
      whoisBefore: whois,
      whoisNow: whois,
      reason: `Registrant error: ${why}`,
    });
  } catch (error) {
    throw registryFailure('restore', domain.domain, error);
  }
  const record = await deps.providers.registry.info(domain.domain).catch(() => null);
  const expireDate = record?.expireDate ?? domain.expireDate;
  const status = expireDate > now() ? 'active' : 'expired';
  await deps.db.transaction(async (tx) => {
    await tx.update(domains).set({ status, expireDate, redemptionPeriodStartDate: null, modifyDate: now() }).where(eq(domains.domainId, domainId));
    await recordAudit(tx, actor, {
      action: 'domain.restore',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { status: domain.status },
      after: { status, expireDate: expireDate.toISOString() },
      reason: why,
      customerSummary: `We restored ${domain.domain} from redemption.`,
    });
  });
  await syncZone(deps, domainId);
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: ownerEmail,
    subject: `${domain.domain} is restored`,
    text: `${brandName} restored ${domain.domain} from the redemption period.${status === 'expired' ? ' Renew it now in My Domains, or it will expire again.' : ''}`,
  });
  return { status, expireDate: expireDate.toISOString() };
}

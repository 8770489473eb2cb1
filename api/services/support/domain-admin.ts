/**
 * Staff on a domain: our record beside the registry's live `info`, the search, and a restore from redemption (the
 * registry's RGP restore). Lock, suspend and courtesy renewal are journal entries (domain-staff-actions.ts). Every
 * action is audited with its reason and shows in the owner's Account activity.
 */
import { and, asc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { StaffDomainRecord, StaffDomainRow } from '../../contract/support/customers.ts';
import type { StaffDomainState } from '../../contract/support/support-schemas.ts';
import { domains, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import { recordAudit, requireReason, searchAudit, type StaffActor } from '../audit/audit-log.ts';
import { syncZone } from '../dns/zone.ts';
import { suspensionsOf } from '../domains/suspensions.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';
import { queueMessage } from '../platform/messages.ts';
import { catalogue } from '../search/catalogue.ts';
import { findDomainWithOwner, staffDomainRow } from './customer-record.ts';

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
    // A staff action, one deliberate and audited act: counted, never refused (registry-changes.ts).
    await spendRegistryWrite(deps, { by: 'duty', accountId: domain.accountId, domain }, () =>
      deps.providers.registry.restore({
        domain: domain.domain,
        deletedAt: domain.redemptionPeriodStartDate ?? domain.expireDate,
        whoisBefore: whois,
        whoisNow: whois,
        reason: `Registrant error: ${why}`,
      }),
    );
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

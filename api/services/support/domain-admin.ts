/**
 * Staff on a domain: our record beside the registry's live `info`, the search, and a restore from redemption (the
 * registry's RGP restore, a journal entry as lock, suspend and courtesy renewal are in domain-staff-actions.ts). Every
 * action is audited with its reason and shows in the owner's Account activity.
 */
import { and, asc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { StaffDomainRecord, StaffDomainRow } from '../../contract/support/customers.ts';
import type { StaffDomainState } from '../../contract/support/support-schemas.ts';
import { domains, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, requireReason, searchAudit, type StaffActor } from '../audit/audit-log.ts';
import { suspensionsOf } from '../domains/suspensions.ts';
import { catalogue } from '../search/catalogue.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from '../journal/registry-intents.ts';
import type { RestoreRequest } from '../journal/restore-kind.ts';
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

/**
 * A name in redemption comes back with the registry's restore (RFC 3915 request and report), as a journal entry: the
 * intent and the audit row with its reason commit under the domain's row lock; the registry is asked after commit;
 * the name returns with the expiry the registry holds (active when still ahead, expired: renew it next) and the owner
 * is emailed. A refusal changes nothing; a lost answer is settled by the reconciling job from the registry's record.
 */
export async function restoreDomainAsStaff(
  deps: Deps,
  actor: StaffActor,
  domainId: number,
  reason: string,
  brandName: string,
): Promise<{ status: string; expireDate: string }> {
  const why = requireReason('domain.restore', reason) as string;
  const intent = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, domainId)).for('update');
    if (!domain) throw new AppError(404, 'No such domain');
    if (domain.status !== 'redemption') throw new AppError(409, `${domain.domain} is ${domain.status}, not in redemption`);
    const restore: RestoreRequest = { deletedAt: (domain.redemptionPeriodStartDate ?? domain.expireDate).toISOString(), reason: why, brandName };
    const intent = await recordIntent(tx, { kind: 'restore', domainId, domain: domain.domain, actor, params: { restore } });
    const entry = await recordAudit(tx, actor, {
      action: 'domain.restore',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { status: domain.status },
      after: { intentId: intent.intentId },
      reason: why,
      customerSummary: `We restored ${domain.domain} from redemption.`,
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  await carryOutIntent(deps, intent);
  const [row] = await deps.db.select({ status: domains.status, expireDate: domains.expireDate }).from(domains).where(eq(domains.domainId, domainId));
  return { status: row.status, expireDate: row.expireDate.toISOString() };
}

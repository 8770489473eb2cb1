/** The caller's domains: list with filters, sort, paging and relations, one by id; display rules from the contract. */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { hasCustomNameservers } from '../../contract/dns/dns.ts';
import { activeNowNote, displayStatus, hasEmailOverLimit, isPendingTransfer, serviceLabel } from '../../contract/domains/domain-status.ts';
import type { Domain, DomainEmail } from '../../contract/domains/domain.ts';
import type { ListQuery, ListResult } from '../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { dnsRecords, domains, emails } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { filterConditions, sortOrder, whereAll } from '../platform/apply-list-query.ts';
import { catalogue } from '../search/catalogue.ts';

export const domainRelations = ['dnsRecords', 'emails'] as const;

const filterable = {
  domainId: domains.domainId,
  domain: domains.domain,
  status: domains.status,
  websiteType: domains.websiteType,
  emailEnabled: domains.emailEnabled,
  builderEnabled: domains.builderEnabled,
  privacyEnabled: domains.privacyEnabled,
  protectionEnabled: domains.protectionEnabled,
  autoRenewEnabled: domains.autoRenewEnabled,
  forSale: domains.forSale,
  locked: domains.locked,
};
const sortable = { ...filterable, expireDate: domains.expireDate, createDate: domains.createDate, modifyDate: domains.modifyDate, mrc: domains.mrc };

/**
 * A domain as the client sees it, with the derived display fields. The auth code is stored encrypted and shown only in
 * the answer to the unlock itself (domain-updates/transfer.ts), which needs a recent sign-in.
 */
export function domainView(
  row: DomainRow,
  extra: { emails?: { size: number; status: string }[]; renewalPricing?: boolean; defaultNameservers?: readonly string[] } = {},
): Domain {
  const tld = extra.renewalPricing ? catalogue().forDomain(row.domain) : undefined;
  return {
    ...row,
    authCode: null,
    createDate: row.createDate.toISOString(),
    modifyDate: row.modifyDate.toISOString(),
    expireDate: row.expireDate.toISOString(),
    autoRenewDate: row.autoRenewDate?.toISOString() ?? null,
    authCodeExpireDate: row.authCodeExpireDate?.toISOString() ?? null,
    outboundTransferApprovalDeadline: row.outboundTransferApprovalDeadline?.toISOString() ?? null,
    redemptionPeriodStartDate: row.redemptionPeriodStartDate?.toISOString() ?? null,
    tdrpHoldDate: row.tdrpHoldDate?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    protectionPaidUntil: row.protectionPaidUntil?.toISOString() ?? null,
    $displayStatus: displayStatus(row, now()),
    $serviceLabel: serviceLabel(row),
    $activeNow: activeNowNote(row),
    $transferPending: isPendingTransfer(row),
    ...(extra.defaultNameservers ? { $customNameservers: hasCustomNameservers(row.ns, extra.defaultNameservers) } : {}),
    ...(extra.emails ? { $emailOverLimit: hasEmailOverLimit(extra.emails) } : {}),
    ...(extra.renewalPricing
      ? {
          renewPrice: tld?.renewPricing[0] ?? null,
          redemptionPrice: row.status === 'redemption' ? (tld?.redemptionPricing[0] ?? null) : null,
        }
      : {}),
  };
}

/** `view.defaultNameservers`: the registry's defaults, so each domain says whether it uses other nameservers. */
export async function listDomains(db: Db, accountId: number, query: ListQuery, view: DomainViewOptions = {}): Promise<ListResult<Domain>> {
  // A deleted name (cancelled with a refund, purged after expiry, sold) is no longer the account's to list.
  const where = whereAll([eq(domains.accountId, accountId), ne(domains.status, 'deleted'), ...filterConditions(query, filterable)]);
  const [{ total }] = await db.select({ total: count() }).from(domains).where(where);
  const rows = await db
    .select()
    .from(domains)
    .where(where)
    .orderBy(...sortOrder(query, sortable, [asc(domains.domain)]))
    .limit(query.limit)
    .offset(query.skip);
  const data = await withRelations(db, rows, query, view);
  return { total, limit: query.limit, skip: query.skip, data };
}

export async function findDomain(db: Db, accountId: number, domainId: number, query: ListQuery, view: DomainViewOptions = {}): Promise<Domain> {
  const [row] = await db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
  if (!row) throw new AppError(404, 'Domain not found');
  if (row.accountId !== accountId) throw new AppError(403, 'You do not have access to this domain');
  const [answer] = await withRelations(db, [row], query, view);
  return answer;
}

type DomainViewOptions = { defaultNameservers?: readonly string[] };

async function withRelations(db: Db, rows: DomainRow[], query: ListQuery, view: DomainViewOptions): Promise<Domain[]> {
  const ids = rows.map((r) => r.domainId);
  const renewalPricing = query.flags.$renewalPricing === 'true';
  const wantsDns = query.relations.includes('dnsRecords');
  const wantsEmails = query.relations.includes('emails');
  const records =
    wantsDns && ids.length ? await db.select().from(dnsRecords).where(inArray(dnsRecords.domainId, ids)).orderBy(asc(dnsRecords.dnsRecordId)) : [];
  const mail =
    wantsEmails && ids.length
      ? await db
          .select({
            emailId: emails.emailId,
            domainId: emails.domainId,
            address: emails.address,
            type: emails.type,
            destination: emails.destination,
            size: emails.size,
            quota: emails.quota,
            status: emails.status,
            createDate: emails.createDate,
          })
          .from(emails)
          .where(and(inArray(emails.domainId, ids), ne(emails.status, 'deleted')))
          .orderBy(asc(emails.address))
      : [];
  return rows.map((row) => {
    const own: DomainEmail[] | undefined = wantsEmails
      ? mail.filter((m) => m.domainId === row.domainId).map((m) => ({ ...m, createDate: m.createDate.toISOString() }))
      : undefined;
    return {
      ...domainView(row, { emails: own, renewalPricing, defaultNameservers: view.defaultNameservers }),
      ...(wantsDns ? { dnsRecords: records.filter((r) => r.domainId === row.domainId).map((r) => ({ ...r, createDate: r.createDate.toISOString() })) } : {}),
      ...(own ? { emails: own } : {}),
    };
  });
}

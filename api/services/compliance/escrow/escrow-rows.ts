/**
 * The registration data of every domain we sponsor, as the escrow deposit's CSV: one row per domain with its dates,
 * statuses, nameservers, privacy service flag and the registrant, admin and tech contacts (the customer's own data,
 * also behind privacy, so another registrar could take over). RFC 4180 CSV, UTF-8, a header row, dates in UTC ISO 8601.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, gt, inArray, or } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Contact } from '../../../contract/contact.ts';
import { accounts, domains } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';

/** Held at the registry by us: everything but inbound transfers still pending and names already gone. */
const sponsoredStatuses = ['active', 'expired', 'redemption', 'pendingDelete'] as const;

const contactFields = ['name', 'organization', 'street', 'city', 'state_province', 'postal_code', 'country_code', 'phone', 'email'] as const;
const contactColumns = (role: string) => contactFields.map((field) => `${role}_${field}`);

export const escrowColumns = [
  'domain_name',
  'creation_date',
  'expiration_date',
  'updated_date',
  'status',
  'nameservers',
  'privacy_proxy_service',
  ...contactColumns('registrant'),
  ...contactColumns('admin'),
  ...contactColumns('tech'),
] as const;

function contactCells(contact: Contact | null): string[] {
  if (!contact) return contactFields.map(() => '');
  return [
    `${contact.firstName} ${contact.lastName}`.trim(),
    contact.company ?? '',
    contact.address,
    contact.city,
    contact.state,
    contact.zip,
    contact.country,
    contact.phone,
    contact.email,
  ];
}

/** EPP statuses as the registry holds them for our records (RFC 5731). */
function eppStatuses(row: typeof domains.$inferSelect): string {
  const statuses: string[] = [];
  if (row.locked) statuses.push('clientTransferProhibited');
  if (row.suspendedAt) statuses.push('clientHold');
  if (row.status === 'redemption') statuses.push('redemptionPeriod');
  if (row.status === 'pendingDelete') statuses.push('pendingDelete');
  if (row.outboundTransferStatus === 'pending') statuses.push('pendingTransfer');
  return statuses.length ? statuses.join(' ') : 'ok';
}

export type EscrowRows = { csv: string; rows: number; domains: string[] };

/** The rows of a full deposit (`since` null) or of an incremental one: domains or their account changed after `since`. */
export async function buildEscrowCsv(deps: Pick<Deps, 'db'>, since: Date | null): Promise<EscrowRows> {
  const changed = since ? or(gt(domains.modifyDate, since), gt(accounts.modifyDate, since), gt(domains.createDate, since)) : undefined;
  const rows = await deps.db
    .select({ domain: domains, account: accounts })
    .from(domains)
    .innerJoin(accounts, eq(accounts.accountId, domains.accountId))
    .where(and(inArray(domains.status, [...sponsoredStatuses]), changed))
    .orderBy(asc(domains.domain));
  const records = rows.map(({ domain, account }) => [
    domain.domain,
    domain.createDate.toISOString(),
    domain.expireDate.toISOString(),
    domain.modifyDate.toISOString(),
    eppStatuses(domain),
    domain.ns.map((n) => n.toLowerCase()).join(' '),
    domain.privacyEnabled ? 'Y' : 'N',
    ...contactCells(account.registrantContact),
    ...contactCells(account.whoisAdminContact ?? account.registrantContact),
    ...contactCells(account.whoisTechContact ?? account.registrantContact),
  ]);
  const csv = stringify([[...escrowColumns], ...records], { record_delimiter: '\r\n' });
  return { csv, rows: records.length, domains: rows.map((r) => r.domain.domain) };
}

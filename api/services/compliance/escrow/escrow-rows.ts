/**
 * The registration data of every domain we sponsor, as the escrow deposit's domain data file: one row per domain with
 * its dates, statuses, nameservers, privacy service flag and the registrant, admin, tech and billing contacts (the
 * customer's own data, also behind privacy, so another registrar could take over). An incremental file also has a row
 * per name deleted (or gone to another registrar) since the previous deposit, `record_action` `delete`, so the agent
 * can rebuild the whole data from the last full deposit and the incrementals after it. RFC 4180 CSV, UTF-8, a header
 * row, dates in UTC ISO 8601.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gt, inArray, lte, notInArray, or } from 'drizzle-orm';
import type { Contact } from '../../../contract/contact.ts';
import { accounts, type DomainRow, domains } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';

/** Held at the registry by us: everything but inbound transfers still pending and names already gone. */
export const sponsoredStatuses = ['active', 'expired', 'redemption', 'pendingDelete'] as const;

const contactFields = ['name', 'organization', 'street', 'city', 'state_province', 'postal_code', 'country_code', 'phone', 'email'] as const;
const contactColumns = (role: string) => contactFields.map((field) => `${role}_${field}`);
export const escrowContactRoles = ['registrant', 'admin', 'tech', 'billing'] as const;

export const escrowColumns = [
  'record_action',
  'domain_name',
  'creation_date',
  'expiration_date',
  'updated_date',
  'status',
  'nameservers',
  'privacy_proxy_service',
  ...escrowContactRoles.flatMap(contactColumns),
] as const;

export type EscrowRecord = Record<(typeof escrowColumns)[number], string>;

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
function eppStatuses(row: DomainRow): string {
  const statuses: string[] = [];
  if (row.locked) statuses.push('clientTransferProhibited');
  if (row.suspendedAt) statuses.push('clientHold');
  if (row.status === 'redemption') statuses.push('redemptionPeriod');
  if (row.status === 'pendingDelete') statuses.push('pendingDelete');
  if (row.outboundTransferStatus === 'pending') statuses.push('pendingTransfer');
  return statuses.length ? statuses.join(' ') : 'ok';
}

export type EscrowRows = { csv: string; rows: number; deletions: number; domains: string[] };

/** Every sponsored domain now, as deposit records (what a full deposit holds; the restore test compares with it). */
export async function currentEscrowRecords(deps: Pick<Deps, 'db'>, since: Date | null = null): Promise<string[][]> {
  const changed = since ? or(gt(domains.modifyDate, since), gt(accounts.modifyDate, since), gt(domains.createDate, since)) : undefined;
  const rows = await deps.db
    .select({ domain: domains, account: accounts })
    .from(domains)
    .innerJoin(accounts, eq(accounts.accountId, domains.accountId))
    .where(and(inArray(domains.status, [...sponsoredStatuses]), changed))
    .orderBy(asc(domains.domain));
  return rows.map(({ domain, account }) => [
    'upsert',
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
    ...contactCells(account.whoisBillingContact ?? account.registrantContact),
  ]);
}

/**
 * Names that left us since `since` (deleted, or no longer held in any sponsored status) and were ours before it: the
 * last deposit may hold them, so the incremental says they are gone. A name registered again since then is upserted
 * instead (it is in the sponsored rows).
 */
async function deletedSince(deps: Pick<Deps, 'db'>, since: Date): Promise<string[][]> {
  const gone = await deps.db
    .select({ domain: domains.domain, modifyDate: domains.modifyDate })
    .from(domains)
    .where(and(notInArray(domains.status, [...sponsoredStatuses, 'transfer']), gt(domains.modifyDate, since), lte(domains.createDate, since)))
    .orderBy(asc(domains.domain));
  const blank = escrowColumns.slice(5).map(() => '');
  return gone.map((row) => ['delete', row.domain, '', '', row.modifyDate.toISOString(), ...blank]);
}

/** The rows of a full deposit (`since` null) or of an incremental one: what changed after `since`, and what left. */
export async function buildEscrowCsv(deps: Pick<Deps, 'db'>, since: Date | null): Promise<EscrowRows> {
  const upserts = await currentEscrowRecords(deps, since);
  const live = new Set(upserts.map((r) => r[1]));
  const deletions = since ? (await deletedSince(deps, since)).filter((r) => !live.has(r[1])) : [];
  const records = [...upserts, ...deletions];
  const csv = stringify([[...escrowColumns], ...records], { record_delimiter: '\r\n' });
  return { csv, rows: records.length, deletions: deletions.length, domains: records.map((r) => r[1]) };
}

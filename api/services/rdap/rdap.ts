/**
 * RDAP lookups for what we sponsor: reads a domain's or glue host's facts and hands them to the pure builder
 * (rdap-builder.ts). A name we do not sponsor (never ours, transferring in, deleted) is simply not found.
 */
import { domainToUnicode } from 'node:url';
import { and, desc, eq, inArray } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { isDomainName } from '../../contract/domain-name.ts';
import type { RdapDomain } from '../../contract/domains/rdap.ts';
import { accounts, domains, registeredNameservers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { enforce } from '../platform/rate-limit.ts';
import { buildRdapDomain, buildRdapHelp, buildRdapNameserver, type RdapDomainFacts, type RdapServer } from './rdap-builder.ts';

/** Statuses in which the registry holds the name for us: we are its sponsoring registrar. */
const sponsoredStatuses = ['active', 'expired', 'redemption', 'pendingDelete'] as const;

/**
 * The one redaction rule, for /rdap and the /whois page alike (README "RDAP"): the registrant's personal data is
 * published only when the domain's WHOIS privacy is off AND the account opted out of redaction (Account Information
 * → Preferences, "Show my contact details in public WHOIS", which is their consent); otherwise it is withheld.
 */
export function isRegistrantRedacted(domain: { privacyEnabled: boolean }, account: { whoisRedactionOptOut: boolean }): boolean {
  return domain.privacyEnabled || !account.whoisRedactionOptOut;
}

export const rdapLookupsPerMinute = 30;
export const rdapRateLimitMessage = `You have reached the limit of ${rdapLookupsPerMinute} RDAP lookups a minute.`;

export function rdapServer(config: Deps['config'], requestUrl: string): RdapServer {
  return {
    origin: config.publicOrigin,
    requestUrl,
    registrar: { name: brand.legalName, ...config.registrar, ...(config.registrar.reseller ? { resellerName: brand.legalName } : {}) },
    now: now(),
  };
}

/** Counts one lookup for the client address; 429 (with the wait) past the limit. */
export async function enforceRdapLimit(deps: Pick<Deps, 'db'>, clientIp: string): Promise<void> {
  await enforce(deps.db, [{ key: `rdap:${clientIp}`, max: rdapLookupsPerMinute, windowSeconds: 60 }], rdapRateLimitMessage);
}

/**
 * A queried name in A-label form, from either form (RFC 9082 §3.1.3: a server should take both), lower-cased and
 * without a trailing dot; 400 for anything that is not a full domain name or whose A-labels do not decode.
 */
export function parseRdapName(raw: string): string {
  const compact = raw.trim().toLowerCase().replace(/\.$/, '');
  let ascii = '';
  try {
    ascii = new URL(`http://${compact}`).hostname;
  } catch {}
  // ASCII input must already be the name (no path, port or escapes the URL parser would drop or rewrite).
  const isName = [...compact].some((ch) => ch.charCodeAt(0) > 0x7f) || ascii === compact;
  if (!isName || !isDomainName(ascii) || (ascii.includes('xn--') && !domainToUnicode(ascii))) {
    throw new AppError(400, `${raw} is not a valid domain name: give a full name such as example.com, in A-label or U-label form`);
  }
  return ascii;
}

/** Facts of the domain we sponsor under `ascii`, or null. */
export async function findRdapDomainFacts(deps: Pick<Deps, 'db'>, ascii: string): Promise<RdapDomainFacts | null> {
  const [row] = await deps.db
    .select({ domain: domains, registrant: accounts.registrantContact, whoisRedactionOptOut: accounts.whoisRedactionOptOut })
    .from(domains)
    .innerJoin(accounts, eq(accounts.accountId, domains.accountId))
    .where(and(eq(domains.domain, ascii), inArray(domains.status, [...sponsoredStatuses])))
    .orderBy(desc(domains.domainId))
    .limit(1);
  if (!row) return null;
  const d = row.domain;
  return {
    domainId: d.domainId,
    domain: d.domain,
    status: d.status as RdapDomainFacts['status'],
    locked: d.locked,
    suspended: d.suspendedAt !== null,
    outboundTransferPending: d.outboundTransferStatus === 'pending' || d.outboundTransferStatus === 'approved',
    createDate: d.createDate,
    modifyDate: d.modifyDate,
    expireDate: d.expireDate,
    nameservers: d.ns,
    dsRecords: d.dsRecords,
    redactRegistrant: isRegistrantRedacted(d, row),
    registrant: row.registrant ?? null,
  };
}

export async function lookupRdapDomain(deps: Pick<Deps, 'db' | 'config'>, rawName: string, requestUrl: string): Promise<RdapDomain> {
  const ascii = parseRdapName(rawName);
  const facts = await findRdapDomainFacts(deps, ascii);
  if (!facts) throw new AppError(404, `${ascii} is not a domain name ${brand.legalName} sponsors`);
  return buildRdapDomain(facts, rdapServer(deps.config, requestUrl));
}

/** A glue host (custom nameserver) active under a domain we sponsor. */
export async function lookupRdapNameserver(deps: Pick<Deps, 'db' | 'config'>, rawName: string, requestUrl: string) {
  const ascii = parseRdapName(rawName);
  const rows = await deps.db
    .select({ ipAddress: registeredNameservers.ipAddress, createDate: registeredNameservers.createDate })
    .from(registeredNameservers)
    .innerJoin(domains, eq(domains.domainId, registeredNameservers.domainId))
    .where(and(eq(registeredNameservers.hostname, ascii), eq(registeredNameservers.status, 'active'), inArray(domains.status, [...sponsoredStatuses])));
  if (rows.length === 0) throw new AppError(404, `${ascii} is not a nameserver host ${brand.legalName} sponsors`);
  const lastChanged = new Date(Math.max(...rows.map((row) => row.createDate.getTime())));
  return buildRdapNameserver(
    { hostname: ascii, ipAddresses: [...new Set(rows.map((row) => row.ipAddress))], modifyDate: lastChanged },
    rdapServer(deps.config, requestUrl),
  );
}

export function rdapHelp(deps: Pick<Deps, 'config'>, requestUrl: string) {
  return buildRdapHelp(rdapServer(deps.config, requestUrl));
}

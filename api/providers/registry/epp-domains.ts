/** EPP domain commands (RFC 5731): look up, register, renew, delete, nameservers and DNSSEC (RFC 5910). */
import { nowMs } from '../../clock.ts';
import type { Contact } from '../../contract/contact.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import { newAuthCode } from './auth-code.ts';
import { feeAckXml, feeFor, quoteFee } from './epp-checks.ts';
import { createContact } from './epp-contacts.ts';
import { infoDomain, requireDomain, updateDomain } from './epp-domain-queries.ts';
import { domainNs, dsUpdateXml, type EppDomainInfo, lockStatuses, whoisText } from './epp-domain-xml.ts';
import { ensureHosts } from './epp-hosts.ts';
import { type EppSession, normaliseHost, parseDate } from './epp-session.ts';
import { childOf, el, escapeXml, ns, textOf } from './epp-xml.ts';
import { isPlaceholderHost, type RegistryRecord } from './index.ts';
import { isTransferPendingToUs } from './epp-transfers.ts';
import { refuseChangedCreateFee } from './paid-fee.ts';

const dayMs = 24 * 3600 * 1000;

/** A real registry must never be given the sandbox's placeholder nameservers: the names would not resolve. */
export function refusePlaceholderHosts(hosts: readonly string[], what: string): void {
  const placeholders = hosts.filter(isPlaceholderHost);
  if (placeholders.length) {
    throw new Error(
      `${what}: ${placeholders.join(', ')} ${placeholders.length === 1 ? 'is a placeholder' : 'are placeholders'} (.example); set DEFAULT_NAMESERVERS to your real nameservers`,
    );
  }
}

export function toRecord(session: EppSession, info: EppDomainInfo): RegistryRecord {
  return {
    domain: info.name,
    registrarName: session.registrarNameOf(info.clientId),
    ours: info.clientId === session.options.username,
    locked: info.statuses.some((status) => lockStatuses.includes(status)),
    createDate: info.createDate ?? new Date(Number.NaN),
    expireDate: info.expireDate ?? new Date(Number.NaN),
    nameservers: info.nameservers,
    statuses: info.statuses,
    ...(info.dsRecords ? { dsRecords: info.dsRecords } : {}),
  };
}

export async function domainRecord(session: EppSession, domain: string): Promise<RegistryRecord | null> {
  const info = await infoDomain(session, domain);
  if (!info) return null;
  const record = toRecord(session, info);
  if (!record.ours && info.statuses.includes('pendingTransfer')) record.transferPending = await isTransferPendingToUs(session, domain);
  return record;
}

export async function domainWhois(session: EppSession, domain: string): Promise<string | null> {
  const info = await infoDomain(session, domain);
  return info ? whoisText(info, session.registrarNameOf(info.clientId)) : null;
}

export async function registerDomain(
  session: EppSession,
  {
    domain,
    years,
    contact,
    nameservers,
    shownPrice,
  }: { domain: string; years: number; contact: Contact; nameservers: readonly string[]; shownPrice?: number | null },
): Promise<RegistryRecord> {
  const hosts = nameservers.map(normaliseHost);
  if (!session.options.placeholderHostsAllowed) refusePlaceholderHosts(hosts, `Refusing to register ${domain}`);
  // A thin registry (contacts: none) holds no contact objects: the create names no registrant and no roles.
  const thin = session.options.contacts === 'none';
  const registrant = thin ? null : await createContact(session, contact);
  await ensureHosts(session, domain, hosts);
  // A premium name for one year is created with the fee the customer was shown: a registry that now asks more refuses
  // the create (RFC 8748 §3.8), which fails the line before anything is kept, instead of charging a price nobody agreed.
  // Otherwise the registry's quote is acknowledged, unless it is a premium on a name sold at the standard price (a
  // premium paid covers the first year only, so a longer term takes what the registry asks for it).
  let fee = shownPrice != null && years === 1 && (await session.hasFees()) ? shownPrice : null;
  if (fee === null) {
    const quoted = await feeFor(session, domain, 'create', years);
    refuseChangedCreateFee(domain, quoted && { ...quoted, currency: session.currency }, shownPrice === null ? null : undefined);
    fee = quoted?.cents ?? null;
  }
  const contacts = registrant
    ? `${el('domain:registrant', registrant)}${['admin', 'tech', 'billing'].map((type) => `<domain:contact type="${type}">${escapeXml(registrant)}</domain:contact>`).join('')}`
    : '';
  const nsXml = hosts.length ? `<domain:ns>${hosts.map((host) => el('domain:hostObj', host)).join('')}</domain:ns>` : '';
  const response = await session.mutate(
    `Could not register ${domain}`,
    `<create><domain:create ${domainNs}>${el('domain:name', domain)}<domain:period unit="y">${escapeXml(years)}</domain:period>${nsXml}${contacts}<domain:authInfo>${el('domain:pw', newAuthCode())}</domain:authInfo></domain:create></create>`,
    { extension: feeAckXml(session, 'create', fee) },
  );
  // The name is ours now: a failed look-up afterwards must not turn the registration into a failure.
  const info = await infoDomain(session, domain).catch(() => null);
  if (info) return toRecord(session, info);
  const creData = childOf(response.resData, ns.domain, 'creData');
  return {
    domain,
    registrarName: session.options.registrarName,
    ours: true,
    locked: false,
    createDate: parseDate(textOf(creData, ns.domain, 'crDate')) ?? new Date(nowMs()),
    expireDate: parseDate(textOf(creData, ns.domain, 'exDate')) ?? new Date(nowMs() + years * 365 * dayMs),
    nameservers: hosts,
    statuses: [],
  };
}

export async function renewDomain(session: EppSession, { domain, years }: { domain: string; years: number }): Promise<RegistryRecord> {
  const current = await requireDomain(session, domain);
  if (!current.expireDate) throw new Error(`The registry gave no expiry date for ${domain}, so it cannot be renewed`);
  const fee = await quoteFee(session, domain, 'renew', years);
  await session.mutate(
    `Could not renew ${domain}`,
    `<renew><domain:renew ${domainNs}>${el('domain:name', domain)}${el('domain:curExpDate', current.expireDate.toISOString().slice(0, 10))}<domain:period unit="y">${escapeXml(years)}</domain:period></domain:renew></renew>`,
    { extension: feeAckXml(session, 'renew', fee) },
  );
  return toRecord(session, await requireDomain(session, domain));
}

export async function deleteDomain(session: EppSession, domain: string): Promise<void> {
  await session.mutate(`Could not delete ${domain}`, `<delete><domain:delete ${domainNs}>${el('domain:name', domain)}</domain:delete></delete>`);
}

export async function setNameservers(session: EppSession, domain: string, nameservers: readonly string[]): Promise<void> {
  const info = await requireDomain(session, domain);
  const wanted = [...new Set(nameservers.map(normaliseHost))];
  const add = wanted.filter((host) => !info.nameservers.includes(host));
  const rem = info.nameservers.filter((host) => !wanted.includes(host));
  if (add.length === 0 && rem.length === 0) return;
  await ensureHosts(session, domain, add);
  const hostList = (hosts: string[]) => (hosts.length ? `<domain:ns>${hosts.map((host) => el('domain:hostObj', host)).join('')}</domain:ns>` : undefined);
  await updateDomain(session, `Could not change the nameservers of ${domain}`, domain, { add: hostList(add), rem: hostList(rem) });
}

export async function updateDsRecords(session: EppSession, { domain, dsRecords }: { domain: string; dsRecords: readonly DsRecord[] }): Promise<void> {
  if (!(await session.offers(ns.secDNS))) throw new Error(`The registry does not take DNSSEC records for ${domain} (no secDNS-1.1 extension)`);
  await session.mutate(
    `Could not change the DNSSEC records of ${domain}`,
    `<update><domain:update ${domainNs}>${el('domain:name', domain)}</domain:update></update>`,
    { extension: dsUpdateXml(dsRecords) },
  );
}

/** The statements RFC 3915 §4.2.5 requires in every restore report. */
export const restoreStatements = [
  'This registrar has not restored the Registered Name in order to assume the rights to use or sell the Registered Name for itself or for any third party.',
  "The information in this report is true to best of this registrar's knowledge, and this registrar acknowledges that intentionally supplying false information in this report shall constitute an incident of material breach of the Registry-Registrar Agreement.",
];

/** RFC 3915 restore: the request (an empty update with rgp:restore op="request"), then the report. */
export async function restoreDomain(
  session: EppSession,
  input: { domain: string; deletedAt: Date; whoisBefore: string; whoisNow: string; reason: string },
): Promise<void> {
  if (!(await session.offers(ns.rgp))) throw new Error(`The registry does not restore names for ${input.domain} (no rgp-1.0 extension)`);
  const update = `<update><domain:update ${domainNs}>${el('domain:name', input.domain)}<domain:chg/></domain:update></update>`;
  const fee = await quoteFee(session, input.domain, 'restore', 1);
  await session.mutate(`Could not restore ${input.domain}`, update, {
    extension: `<rgp:update xmlns:rgp="${ns.rgp}"><rgp:restore op="request"/></rgp:update>${feeAckXml(session, 'restore', fee) ?? ''}`,
  });
  const report = [
    el('rgp:preData', input.whoisBefore),
    el('rgp:postData', input.whoisNow),
    el('rgp:delTime', input.deletedAt.toISOString()),
    el('rgp:resTime', new Date(nowMs()).toISOString()),
    el('rgp:resReason', input.reason),
    ...restoreStatements.map((statement) => el('rgp:statement', statement)),
  ].join('');
  await session.mutate(`Could not report the restore of ${input.domain}`, update, {
    extension: `<rgp:update xmlns:rgp="${ns.rgp}"><rgp:restore op="report"><rgp:report>${report}</rgp:report></rgp:restore></rgp:update>`,
  });
}

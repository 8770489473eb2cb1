/** The domain object's two primitives every other EPP module builds on: `<domain:info>` and `<domain:update>`. */
import { type EppDomainInfo, domainNs, readDomainInfo, readDsData } from './epp-domain-xml.ts';
import type { EppSession } from './epp-session.ts';
import { childOf, el, escapeXml, ns } from './epp-xml.ts';

/** The domain as the registry holds it (with its DS set when the registry sends secDNS), or null when not registered. */
export async function infoDomain(session: EppSession, domain: string): Promise<EppDomainInfo | null> {
  const response = await session.command(
    `Could not look up ${domain}`,
    `<info><domain:info ${domainNs}><domain:name hosts="all">${escapeXml(domain)}</domain:name></domain:info></info>`,
    { query: true, accept: [2303] },
  );
  if (response.code === 2303) return null;
  const info = readDomainInfo(domain, response.resData);
  const secDns = childOf(response.extension, ns.secDNS, 'infData');
  return secDns ? { ...info, dsRecords: readDsData(secDns) } : info;
}

export async function requireDomain(session: EppSession, domain: string): Promise<EppDomainInfo> {
  const info = await infoDomain(session, domain);
  if (!info) throw new Error(`${domain} is not registered`);
  return info;
}

export async function updateDomain(session: EppSession, what: string, domain: string, parts: { add?: string; rem?: string; chg?: string }): Promise<void> {
  const section = (tag: string, inner?: string) => (inner ? `<domain:${tag}>${inner}</domain:${tag}>` : '');
  await session.command(
    what,
    `<update><domain:update ${domainNs}>${el('domain:name', domain)}${section('add', parts.add)}${section('rem', parts.rem)}${section('chg', parts.chg)}</domain:update></update>`,
  );
}

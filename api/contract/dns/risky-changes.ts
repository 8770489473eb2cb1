/**
 * What a DNS change would stop working, said before it happens (issue #25: an NS record at the root quietly made a
 * domain "Custom" and turned parking off; new nameservers quietly ended forwarding; email could be bought while an MX
 * record elsewhere took the mail). Each function answers the sentences the account app shows in its confirmation,
 * or none when nothing the customer has would stop. Pure and without zod: the panel and tests share them.
 */
import type { Domain } from '../domains/domain.ts';
import { isWebsiteRecord } from './dns-website.ts';

type RecordFacts = { type: string; host: string; data: string };
export type DomainFacts = Pick<Domain, 'domain' | 'websiteType' | 'forwardUrl' | 'emailEnabled' | 'forSale' | 'forSalePage' | 'ns'> & {
  $customNameservers?: boolean;
  dnsRecords?: readonly RecordFacts[];
};

/** What visitors get at the domain through our servers today, as the sentence saying it stops; null when the site is elsewhere already. */
export function websiteLoss(domain: DomainFacts): string | null {
  switch (domain.websiteType) {
    case 'forward':
      return `Forwarding to ${domain.forwardUrl ?? 'your address'} stops: visitors to ${domain.domain} are no longer sent there.`;
    case 'builder':
      return `Your Website Builder site stops showing at ${domain.domain}.`;
    case 'park':
      return domain.forSale && domain.forSalePage
        ? `The For Sale page stops showing at ${domain.domain}, and with it the offers it brings.`
        : `The parking page stops showing at ${domain.domain}.`;
    default:
      return null;
  }
}

const isOnOurNameservers = (domain: DomainFacts) => domain.$customNameservers !== true;
const normalise = (names: readonly string[]) => [...new Set(names.map((name) => name.trim().replace(/\.$/, '').toUpperCase()).filter(Boolean))].sort();
const apexMx = (domain: DomainFacts) => (domain.dnsRecords ?? []).filter((record) => record.type === 'MX' && record.host === '@');

/** Moving the domain from our nameservers to `entered` (the fields as typed; none means ours). */
export function nameserverSwitchLosses(domain: DomainFacts, entered: readonly string[]): string[] {
  const next = normalise(entered);
  if (!isOnOurNameservers(domain) || next.length === 0 || next.join() === normalise(domain.ns).join()) return [];
  const losses = [websiteLoss(domain)];
  if (domain.emailEnabled) {
    losses.push(
      `Email to addresses at ${domain.domain} stops reaching your mailboxes here, unless your new DNS provider points the domain's MX record at our mail server.`,
    );
  }
  const records = domain.dnsRecords?.length ?? 0;
  if (records > 0) {
    losses.push(
      `The ${records === 1 ? 'DNS record' : `${records} DNS records`} you keep here ${records === 1 ? 'is' : 'are'} no longer used: copy ${records === 1 ? 'it' : 'them'} to your new DNS provider first.`,
    );
  }
  return losses.filter((loss): loss is string => loss !== null);
}

/** Adding `record` (host as stored: '@' for the root), or changing `before` into it. */
export function recordChangeLosses(domain: DomainFacts, record: RecordFacts, before: RecordFacts | null = null): string[] {
  if (!isOnOurNameservers(domain)) return [];
  const losses: string[] = [];
  const site = websiteLoss(domain);
  if (record.type === 'NS' && record.host === '@' && !(before?.type === 'NS' && before.host === '@')) {
    losses.push(
      `An NS record at the root names other nameservers for all of ${domain.domain}: resolvers may ask them instead of ours, so the other records here (email included) may stop answering. To move ${domain.domain} to another DNS provider, use Change Nameservers instead.`,
    );
  }
  if (site && isWebsiteRecord(record) && !(before && isWebsiteRecord(before))) {
    losses.push(`${site} ${domain.domain} becomes Custom: visitors get what this record points at.`);
  }
  const movesMail = record.type === 'MX' && record.host === '@' && !(before?.type === 'MX' && before.host === '@');
  if (movesMail && domain.emailEnabled && apexMx(domain).length === 0) {
    losses.push(`Email to your mailboxes here stops: mail for ${domain.domain} goes to ${record.data} instead.`);
  }
  return losses;
}

/** Buying the email service while mail for the domain would go elsewhere: the MX records here, or other nameservers. */
export function mailGoesElsewhere(domain: DomainFacts): { mx: string[] } | { nameservers: string[] } | null {
  if (domain.emailEnabled) return null;
  if (!isOnOurNameservers(domain)) return { nameservers: domain.ns };
  const mx = apexMx(domain).map((record) => record.data);
  return mx.length ? { mx } : null;
}

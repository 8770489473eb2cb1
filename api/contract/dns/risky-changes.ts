/**
 * What a DNS change would stop working, said before it happens (issue #25: an NS record at the root quietly made a
 * domain "Custom" and turned parking off; new nameservers quietly ended forwarding; email could be bought while an MX
 * record elsewhere took the mail). Each function answers the sentences the account app shows in its confirmation,
 * or none when nothing the customer has would stop. Pure and without zod: the panel and tests share them.
 */
import type { Domain } from '../domains/domain.ts';
import { formatMoney } from '../money.ts';
import { isWebsiteRecord } from './dns-website.ts';

type RecordFacts = { type: string; host: string; data: string };
export type DomainFacts = Pick<
  Domain,
  'domain' | 'websiteType' | 'forwardUrl' | 'emailEnabled' | 'builderEnabled' | 'mrc' | 'forSale' | 'forSalePage' | 'ns'
> & {
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

/**
 * Paid services never stop silently (issue #36 item 11): what a change stops but the monthly plan still charges for,
 * and where to end it.
 */
export function stillBilled(domain: DomainFacts, stops: { builder: boolean; email: boolean }): string | null {
  const builder = stops.builder && domain.builderEnabled;
  const email = stops.email && domain.emailEnabled;
  if (!(builder || email) || domain.mrc <= 0) return null;
  const plan = `this domain's plan is ${formatMoney(domain.mrc)} a month`;
  if (builder && email) return `You are still billed for the Website Builder and email (${plan}) until you remove them under Website and Email.`;
  if (builder) return `You are still billed for the Website Builder (${plan}) until you remove it under Website.`;
  return `You are still billed for email (${plan}) until you turn it off under Email.`;
}

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
  losses.push(stillBilled(domain, { builder: domain.websiteType === 'builder', email: true }));
  return losses.filter((loss): loss is string => loss !== null);
}

/** Adding `record` (host as stored: '@' for the root), or changing `before` into it. */
export function recordChangeLosses(domain: DomainFacts, record: RecordFacts, before: RecordFacts | null = null): string[] {
  return zoneChangeLosses(domain, [{ record, before }]);
}

/**
 * Several records added (`before` null) or changed at once: a zone file import, a provider template. Each thing that
 * stops is said once, the mail's new servers together.
 */
export function zoneChangeLosses(domain: DomainFacts, changes: readonly { record: RecordFacts; before: RecordFacts | null }[]): string[] {
  if (!isOnOurNameservers(domain)) return [];
  const losses: string[] = [];
  const site = websiteLoss(domain);
  const rootNs = changes.some(({ record, before }) => record.type === 'NS' && record.host === '@' && !(before?.type === 'NS' && before.host === '@'));
  if (rootNs) {
    losses.push(
      `An NS record at the root names other nameservers for all of ${domain.domain}: resolvers may ask them instead of ours, so the other records here (email included) may stop answering. To move ${domain.domain} to another DNS provider, use Change Nameservers instead.`,
    );
  }
  const siteRecords = changes.filter(({ record, before }) => isWebsiteRecord(record) && !(before && isWebsiteRecord(before)));
  if (site && siteRecords.length > 0) {
    losses.push(`${site} ${domain.domain} becomes Custom: visitors get what ${siteRecords.length === 1 ? 'this record points' : 'these records point'} at.`);
  }
  const newMail = changes.filter(({ record, before }) => record.type === 'MX' && record.host === '@' && !(before?.type === 'MX' && before.host === '@'));
  const movesMail = newMail.length > 0 && domain.emailEnabled && apexMx(domain).length === 0;
  if (movesMail) {
    const servers = [...new Set(newMail.map(({ record }) => record.data))].join(', ');
    losses.push(`Email to your mailboxes here stops: mail for ${domain.domain} goes to ${servers} instead.`);
  }
  const billed = stillBilled(domain, { builder: domain.websiteType === 'builder' && siteRecords.length > 0, email: movesMail });
  if (billed) losses.push(billed);
  return losses;
}
/** Buying the email service while mail for the domain would go elsewhere: the MX records here, or other nameservers. */
export function mailGoesElsewhere(domain: DomainFacts): { mx: string[] } | { nameservers: string[] } | null {
  if (domain.emailEnabled) return null;
  if (!isOnOurNameservers(domain)) return { nameservers: domain.ns };
  const mx = apexMx(domain).map((record) => record.data);
  return mx.length ? { mx } : null;
}

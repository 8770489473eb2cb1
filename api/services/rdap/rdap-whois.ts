/**
 * WHOIS text for the /whois page. For a domain we sponsor it is the RDAP object (rdap-builder.ts) printed in the
 * ICANN RDDS layout, so the page and /rdap can never disagree about what is shown or redacted; any other name is the
 * registry provider's WHOIS.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { JCard, RdapDomain, RdapEntity } from '../../contract/domains/rdap.ts';
import type { Deps } from '../../deps.ts';
import { buildRdapDomain } from './rdap-builder.ts';
import { findRdapDomainFacts, rdapServer } from './rdap.ts';

const redactedText = 'REDACTED FOR PRIVACY';

/** "client transfer prohibited" → "clientTransferProhibited"; RDAP's "active" is EPP's "ok" (RFC 8056). */
function eppStatusOf(rdapStatus: string): string {
  if (rdapStatus === 'active') return 'ok';
  const [first, ...rest] = rdapStatus.split(' ');
  return first + rest.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

function property(card: JCard | undefined, name: string, type?: string): unknown {
  return card?.[1].find(([n, params]) => n === name && (!type || params.type === type || (Array.isArray(params.type) && params.type.includes(type))))?.[3];
}

/** "tel:+14155550123" → "+1.4155550123", the RDDS phone layout. */
function whoisPhone(uri: unknown): string {
  const parsed = parsePhoneNumberFromString(String(uri ?? '').replace(/^tel:/, ''));
  return parsed ? `+${parsed.countryCallingCode}.${parsed.nationalNumber}` : '';
}

/** Long notice text broken at spaces, as registries print it, so the page's box does not scroll sideways for prose. */
function wrapText(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

function eventDate(rdap: RdapDomain, action: string): string {
  return rdap.events.find((event) => event.eventAction === action)?.eventDate ?? '';
}

/** The registrant block: a field listed in `redacted` prints as redacted, whatever the jCard holds. */
function registrantLines(rdap: RdapDomain, registrant: RdapEntity | undefined): string[] {
  const withheld = new Set((rdap.redacted ?? []).map((r) => r.name.type));
  const card = registrant?.vcardArray;
  const adr = (property(card, 'adr') as string[] | undefined) ?? [];
  const adrParams = card?.[1].find(([name]) => name === 'adr')?.[1];
  const fields: [string, string][] = [
    ['Registry Registrant ID', registrant?.handle ?? ''],
    ['Registrant Name', String(property(card, 'fn') ?? '')],
    ['Registrant Organization', String(property(card, 'org') ?? '')],
    ['Registrant Street', adr[2] ?? ''],
    ['Registrant City', adr[3] ?? ''],
    ['Registrant State/Province', adr[4] ?? ''],
    ['Registrant Postal Code', adr[5] ?? ''],
    ['Registrant Country', String(adrParams?.cc ?? '')],
    ['Registrant Phone', whoisPhone(property(card, 'tel'))],
    ['Registrant Email', String(property(card, 'email') ?? '')],
  ];
  return fields.map(([label, value]) => `${label}: ${withheld.has(label) ? redactedText : value}`);
}

/** The RDAP object in the RAA's WHOIS layout (the labels RDAP redaction names come from). */
export function formatRdapAsWhois(rdap: RdapDomain): string {
  const registrar = rdap.entities.find((entity) => entity.roles.includes('registrar'));
  const abuse = registrar?.entities?.find((entity) => entity.roles.includes('abuse'));
  const registrant = rdap.entities.find((entity) => entity.roles.includes('registrant'));
  const reseller = rdap.entities.find((entity) => entity.roles.includes('reseller'));
  const inaccuracy = rdap.notices.find((notice) => notice.title === 'RDDS Inaccuracy Complaint Form');
  const terms = rdap.notices.find((notice) => notice.title === 'Terms of Service');
  const lines = [
    `Domain Name: ${rdap.ldhName.toUpperCase()}`,
    ...(rdap.unicodeName ? [`Internationalized Domain Name: ${rdap.unicodeName}`] : []),
    `Registry Domain ID: ${rdap.handle}`,
    `Registrar URL: ${registrar?.links?.find((l) => l.rel === 'about')?.href ?? ''}`,
    `Updated Date: ${eventDate(rdap, 'last changed')}`,
    `Creation Date: ${eventDate(rdap, 'registration')}`,
    `Registrar Registration Expiration Date: ${eventDate(rdap, 'registrar expiration')}`,
    `Registrar: ${String(property(registrar?.vcardArray, 'fn') ?? '')}`,
    `Registrar IANA ID: ${registrar?.publicIds?.find((id) => id.type === 'IANA Registrar ID')?.identifier ?? ''}`,
    `Registrar Abuse Contact Email: ${String(property(abuse?.vcardArray, 'email') ?? '')}`,
    `Registrar Abuse Contact Phone: ${whoisPhone(property(abuse?.vcardArray, 'tel'))}`,
    ...(reseller ? [`Reseller: ${String(property(reseller.vcardArray, 'fn') ?? '')}`] : []),
    ...rdap.status.map((status) => `Domain Status: ${eppStatusOf(status)} https://icann.org/epp#${eppStatusOf(status)}`),
    ...registrantLines(rdap, registrant),
    ...rdap.nameservers.map((ns) => `Name Server: ${ns.ldhName.toUpperCase()}`),
    `DNSSEC: ${rdap.secureDNS.delegationSigned ? 'signedDelegation' : 'unsigned'}`,
    ...(inaccuracy ? [inaccuracy.description[0]] : []),
    `>>> Last update of WHOIS database: ${eventDate(rdap, 'last update of RDAP database')} <<<`,
    '',
    'For more information on Whois status codes, please visit https://icann.org/epp',
    '',
    ...(terms?.description ?? []).flatMap((paragraph) => wrapText(paragraph)),
  ];
  return `${lines.join('\n')}\n`;
}

/** The WHOIS text for an ASCII name: ours through RDAP, anyone else's from the registry; null when unregistered. */
export async function lookupWhois(deps: Pick<Deps, 'db' | 'config' | 'providers'>, ascii: string): Promise<string | null> {
  const facts = await findRdapDomainFacts(deps, ascii);
  if (facts) return formatRdapAsWhois(buildRdapDomain(facts, rdapServer(deps.config, `${deps.config.publicOrigin}/rdap/domain/${ascii}`)));
  return deps.providers.registry.whois(ascii);
}

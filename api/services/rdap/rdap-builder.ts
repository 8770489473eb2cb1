/**
 * RDAP objects (RFC 9083) for the domains we sponsor, built from facts the caller already holds: pure, so the RDAP
 * route, the WHOIS page and tests all see the same answer. Follows the ICANN gTLD RDAP Response Profile and
 * Technical Implementation Guide (2024) for a registrar, and RFC 9537 for what is redacted.
 *
 * How a redacted registrant looks (whether it is redacted is rdap.ts `isRegistrantRedacted`): name, street, city and
 * postal code are emptied (the profile requires `fn` and the `adr` structure to stay), organisation, phone and email
 * are removed, and each is listed in `redacted` with the method the profile asks for. State/province and country
 * stay, as the ICANN Registration Data Policy publishes them. Unredacted, every field is shown. The registry's
 * contact ID (Registry Registrant ID) is never ours to give, so it is always listed as removed.
 */
import { domainToUnicode } from 'node:url';
import type { Contact } from '../../contract/contact.ts';
import type {
  DsRecord,
  JCard,
  JCardProperty,
  RdapDomain,
  RdapEntity,
  RdapError,
  RdapEvent,
  RdapLink,
  RdapNameserver,
  RdapNotice,
  RdapRedaction,
} from '../../contract/domains/rdap.ts';
import { rdapMediaType } from '../../contract/domains/rdap.ts';

/** What we follow; the 2024 profile forbids listing the obsolete `_0` identifiers beside these. */
export const rdapConformance = ['rdap_level_0', 'icann_rdap_response_profile_1', 'icann_rdap_technical_implementation_guide_1', 'redacted'];

/** Who answers and where: the same for every object of one request. */
export type RdapServer = {
  /** Public origin (config.publicOrigin): links never follow the Host header. */
  origin: string;
  /** The URL the client asked for, as the profile wants it in every link's `value`. */
  requestUrl: string;
  /**
   * The sponsoring registrar. As a reseller (`resellerName` set) it is the upstream, with its own RDAP service
   * (`rdapUrl`), and the abuse desk named is ours, the reseller's.
   */
  registrar: { name: string; ianaId: string; abuseEmail: string; abusePhone: string; rdapUrl?: string; resellerName?: string };
  now: Date;
};

export type RdapDomainFacts = {
  domainId: number;
  /** ASCII (A-label) form, as stored. */
  domain: string;
  status: 'active' | 'expired' | 'redemption' | 'pendingDelete';
  locked: boolean;
  /** On hold (services/domains/suspensions.ts): RDAP says "client hold". */
  suspended: boolean;
  outboundTransferPending: boolean;
  createDate: Date;
  modifyDate: Date;
  expireDate: Date;
  nameservers: string[];
  dsRecords: DsRecord[];
  /** Whether the registrant's personal data is withheld (rdap.ts `isRegistrantRedacted` decides). */
  redactRegistrant: boolean;
  registrant: Contact | null;
};

export type RdapNameserverFacts = { hostname: string; ipAddresses: string[]; modifyDate: Date };

const redactionReason = { description: 'Server policy' };
const registrantPath = "$.entities[?(@.roles[0]=='registrant')]";
const propertyPath = (name: string) => `${registrantPath}.vcardArray[1][?(@[0]=='${name}')]`;

/** Seconds-precision UTC, as RDAP clients and the profile's examples print dates. */
export function rdapDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The U-label form when the name has IDN labels, else null (RDAP gives `unicodeName` only for IDNs). */
export function unicodeNameOf(ascii: string): string | null {
  if (!ascii.split('.').some((label) => label.startsWith('xn--'))) return null;
  const unicode = domainToUnicode(ascii);
  return unicode && unicode !== ascii ? unicode : null;
}

function link(server: RdapServer, rel: string, href: string, type: string): RdapLink {
  return { value: server.requestUrl, rel, href, type };
}

export function termsNotice(server: RdapServer): RdapNotice {
  return {
    title: 'Terms of Service',
    description: [
      'This registration data is provided for information purposes only. You may not use it to send unsolicited mail or for high-volume automated queries.',
      `Use of this service is subject to the terms at ${server.origin}/terms.`,
    ],
    links: [link(server, 'terms-of-service', `${server.origin}/terms`, 'text/html')],
  };
}

/** The two notices the profile requires on every domain answer (2.6.3 and 2.10), with ICANN's exact wording. */
function domainNotices(server: RdapServer): RdapNotice[] {
  return [
    termsNotice(server),
    {
      title: 'Status Codes',
      description: ['For more information on domain status codes, please visit https://icann.org/epp'],
      links: [link(server, 'glossary', 'https://icann.org/epp', 'text/html')],
    },
    {
      title: 'RDDS Inaccuracy Complaint Form',
      description: ['URL of the ICANN RDDS Inaccuracy Complaint Form: https://icann.org/wicf'],
      links: [link(server, 'help', 'https://icann.org/wicf', 'text/html')],
    },
  ];
}

/**
 * EPP state as RDAP status values (RFC 8056). "active" (EPP ok) never stands beside a prohibition or a pending
 * status (RFC 5731); the grace periods (RFC 3915) may, and "redemption period" comes with "pending delete".
 */
export function rdapStatusesOf(facts: Pick<RdapDomainFacts, 'status' | 'locked' | 'outboundTransferPending'> & { suspended?: boolean }): string[] {
  const statuses: string[] = [];
  if (facts.status === 'redemption' || facts.status === 'pendingDelete') statuses.push('pending delete');
  else if (facts.outboundTransferPending) statuses.push('pending transfer');
  // A pending transfer and a transfer prohibition cannot both be true; the lock is lifted before a transfer starts.
  if (facts.locked && !facts.outboundTransferPending) statuses.push('client transfer prohibited');
  if (facts.suspended) statuses.push('client hold');
  if (statuses.length === 0) statuses.push('active');
  if (facts.status === 'redemption') statuses.push('redemption period');
  if (facts.status === 'expired') statuses.push('auto renew period');
  return statuses;
}

function vcard(properties: JCardProperty[]): JCard {
  return ['vcard', [['version', {}, 'text', '4.0'], ...properties]];
}

export function registrarEntity(server: RdapServer): RdapEntity {
  const { registrar } = server;
  const desk = registrar.resellerName ?? registrar.name;
  return {
    objectClassName: 'entity',
    handle: registrar.ianaId,
    roles: ['registrar'],
    publicIds: [{ type: 'IANA Registrar ID', identifier: registrar.ianaId }],
    vcardArray: vcard([['fn', {}, 'text', registrar.name]]),
    links: registrar.rdapUrl ? [link(server, 'related', registrar.rdapUrl, rdapMediaType)] : [link(server, 'about', server.origin, 'text/html')],
    entities: [
      {
        objectClassName: 'entity',
        roles: ['abuse'],
        vcardArray: vcard([
          ['fn', {}, 'text', `${desk} Abuse Desk`],
          ...(registrar.abusePhone ? [['tel', { type: 'voice' }, 'uri', `tel:${registrar.abusePhone}`] as JCardProperty] : []),
          ['email', {}, 'text', registrar.abuseEmail],
        ]),
        // The abuse desk's web form (RAA §3.18): reports there become cases with a number, as mail to the address does.
        links: [link(server, 'related', `${server.origin}/report-abuse`, 'text/html')],
      },
    ],
  };
}

/** As a reseller: who sold the name (RDAP's `reseller` role), beside the upstream that sponsors it. */
export function resellerEntities(server: RdapServer): RdapEntity[] {
  const { resellerName } = server.registrar;
  if (!resellerName) return [];
  return [
    {
      objectClassName: 'entity',
      roles: ['reseller'],
      vcardArray: vcard([['fn', {}, 'text', resellerName]]),
      links: [link(server, 'about', server.origin, 'text/html')],
    },
  ];
}

/** The registrant as a jCard, and the redactions (RFC 9537) that withheld parts of it. */
function registrantEntity(contact: Contact | null, redact: boolean): { entity: RdapEntity; redacted: RdapRedaction[] } {
  const c = contact;
  const redacted: RdapRedaction[] = [
    { name: { type: 'Registry Registrant ID' }, method: 'removal', pathLang: 'jsonpath', prePath: `${registrantPath}.handle`, reason: redactionReason },
  ];
  const withheld = (type: string, method: 'removal' | 'emptyValue', path: string) =>
    redacted.push({
      name: { type },
      method,
      pathLang: 'jsonpath',
      ...(method === 'removal' ? { prePath: path } : { postPath: path }),
      reason: redactionReason,
    });
  const hide = redact && c !== null;
  const properties: JCardProperty[] = [['fn', {}, 'text', hide || !c ? '' : `${c.firstName} ${c.lastName}`]];
  if (hide) withheld('Registrant Name', 'emptyValue', `${propertyPath('fn')}[3]`);
  if (c?.company) {
    if (hide) withheld('Registrant Organization', 'removal', propertyPath('org'));
    else properties.push(['org', {}, 'text', c.company]);
  }
  // adr is [post office box, extended address, street, locality, region, postal code, country name]; cc carries the country.
  const street = hide || !c ? '' : c.address;
  const city = hide || !c ? '' : c.city;
  const zip = hide || !c ? '' : c.zip;
  properties.push(['adr', c ? { cc: c.country } : {}, 'text', ['', '', street, city, c?.state ?? '', zip, '']]);
  if (hide) {
    withheld('Registrant Street', 'emptyValue', `${propertyPath('adr')}[3][2]`);
    withheld('Registrant City', 'emptyValue', `${propertyPath('adr')}[3][3]`);
    withheld('Registrant Postal Code', 'emptyValue', `${propertyPath('adr')}[3][5]`);
  }
  if (c) {
    if (hide) withheld('Registrant Phone', 'removal', propertyPath('tel'));
    else properties.push(['tel', { type: 'voice' }, 'uri', `tel:${c.phone}`]);
    if (hide) withheld('Registrant Email', 'removal', propertyPath('email'));
    else properties.push(['email', {}, 'text', c.email]);
  }
  return { entity: { objectClassName: 'entity', roles: ['registrant'], vcardArray: vcard(properties) }, redacted };
}

function nameserverStub(name: string): RdapNameserver {
  const ldhName = name.toLowerCase().replace(/\.$/, '');
  const unicodeName = unicodeNameOf(ldhName);
  return { objectClassName: 'nameserver', ldhName, ...(unicodeName ? { unicodeName } : {}) };
}

/** A registrar's own handle for the registration: our row id, in the ROID shape (`<id>-<repository>`). */
function domainHandle(facts: Pick<RdapDomainFacts, 'domainId' | 'domain'>): string {
  const tld = facts.domain
    .slice(facts.domain.indexOf('.') + 1)
    .toUpperCase()
    .replace(/\W/g, '_');
  return `${facts.domainId}_DOMAIN_${tld}-DOTSPOT`;
}

export function buildRdapDomain(facts: RdapDomainFacts, server: RdapServer): RdapDomain {
  const unicodeName = unicodeNameOf(facts.domain);
  const registrant = registrantEntity(facts.registrant, facts.redactRegistrant);
  const events: RdapEvent[] = [
    { eventAction: 'registration', eventDate: rdapDate(facts.createDate) },
    { eventAction: 'expiration', eventDate: rdapDate(facts.expireDate) },
    // The profile (2.3.2) asks a registrar for its own expiry: ours is the registry's, as we renew at the registry.
    { eventAction: 'registrar expiration', eventDate: rdapDate(facts.expireDate) },
    { eventAction: 'last changed', eventDate: rdapDate(facts.modifyDate) },
    // Answers are built from the live database at request time.
    { eventAction: 'last update of RDAP database', eventDate: rdapDate(server.now) },
  ];
  return {
    rdapConformance,
    objectClassName: 'domain',
    handle: domainHandle(facts),
    ldhName: facts.domain,
    ...(unicodeName ? { unicodeName } : {}),
    status: rdapStatusesOf(facts),
    events,
    nameservers: facts.nameservers.map(nameserverStub),
    entities: [registrarEntity(server), ...resellerEntities(server), registrant.entity],
    secureDNS: facts.dsRecords.length > 0 ? { delegationSigned: true, dsData: facts.dsRecords.map((ds) => ({ ...ds })) } : { delegationSigned: false },
    links: [link(server, 'self', `${server.origin}/rdap/domain/${facts.domain}`, rdapMediaType)],
    notices: domainNotices(server),
    redacted: registrant.redacted,
  };
}

export function buildRdapNameserver(facts: RdapNameserverFacts, server: RdapServer) {
  const stub = nameserverStub(facts.hostname);
  const v4 = facts.ipAddresses.filter((ip) => !ip.includes(':'));
  const v6 = facts.ipAddresses.filter((ip) => ip.includes(':'));
  return {
    rdapConformance,
    ...stub,
    status: ['active'],
    ipAddresses: { ...(v4.length ? { v4 } : {}), ...(v6.length ? { v6 } : {}) },
    entities: [registrarEntity(server)],
    events: [
      { eventAction: 'last changed', eventDate: rdapDate(facts.modifyDate) },
      { eventAction: 'last update of RDAP database', eventDate: rdapDate(server.now) },
    ],
    links: [link(server, 'self', `${server.origin}/rdap/nameserver/${stub.ldhName}`, rdapMediaType)],
    notices: [termsNotice(server)],
  };
}

export function buildRdapHelp(server: RdapServer) {
  return {
    rdapConformance,
    notices: [
      termsNotice(server),
      {
        title: 'Help',
        description: [
          `This server answers for the domains ${server.registrar.name} sponsors (IANA Registrar ID ${server.registrar.ianaId}).`,
          "Queries: /rdap/domain/<name> (A-label or U-label), /rdap/nameserver/<host name> for our customers' glue hosts, /rdap/help.",
          `Lookups are limited per client address; an answer of 429 says when to try again (Retry-After).`,
          `To report abuse of a domain we sponsor (phishing, malware, botnets, pharming, spam), use ${server.origin}/report-abuse or write to ${server.registrar.abuseEmail}.`,
        ],
        links: [link(server, 'help', `${server.origin}/rdap/help`, rdapMediaType), link(server, 'related', `${server.origin}/report-abuse`, 'text/html')],
      },
    ],
  };
}

const errorTitles: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error' };

/** An RDAP error object (RFC 9083 §6). */
export function buildRdapError(errorCode: number, description: string): RdapError {
  return { rdapConformance, errorCode, title: errorTitles[errorCode] ?? 'Error', description: [description] };
}

/**
 * RDAP response shapes (RFC 9083, RFC 9537 redaction) as our server writes them, for clients that read /rdap. No zod:
 * the server builds these, it never parses them.
 */

/** A DS record (RFC 4034 §5) as the registry holds it; RDAP's secureDNS.dsData carries the same four fields. */
export type DsRecord = { keyTag: number; algorithm: number; digestType: number; digest: string };

export type RdapLink = { value: string; rel: string; href: string; type?: string };
export type RdapNotice = { title: string; description: string[]; links?: RdapLink[] };
export type RdapEvent = { eventAction: string; eventDate: string };
/** jCard (RFC 7095): ["vcard", [[name, params, type, value], …]]. */
export type JCardProperty = [string, Record<string, string | string[]>, string, unknown];
export type JCard = ['vcard', JCardProperty[]];

export type RdapEntity = {
  objectClassName: 'entity';
  handle?: string;
  roles: string[];
  vcardArray?: JCard;
  publicIds?: { type: string; identifier: string }[];
  entities?: RdapEntity[];
  links?: RdapLink[];
};

export type RdapNameserver = {
  objectClassName: 'nameserver';
  ldhName: string;
  unicodeName?: string;
  handle?: string;
  status?: string[];
  ipAddresses?: { v4?: string[]; v6?: string[] };
  events?: RdapEvent[];
  links?: RdapLink[];
};

/** One redacted field (RFC 9537 §4.2): `prePath` for removal, `postPath` for emptyValue. */
export type RdapRedaction = {
  name: { type: string };
  method: 'removal' | 'emptyValue' | 'replacementValue';
  pathLang: 'jsonpath';
  prePath?: string;
  postPath?: string;
  reason: { description: string };
};

export type RdapDomain = {
  rdapConformance: string[];
  objectClassName: 'domain';
  handle: string;
  ldhName: string;
  unicodeName?: string;
  status: string[];
  events: RdapEvent[];
  nameservers: RdapNameserver[];
  entities: RdapEntity[];
  secureDNS: { delegationSigned: boolean; dsData?: (DsRecord & { events?: RdapEvent[] })[] };
  links: RdapLink[];
  notices: RdapNotice[];
  redacted?: RdapRedaction[];
};

export type RdapError = { rdapConformance: string[]; errorCode: number; title: string; description: string[]; notices?: RdapNotice[] };

export const rdapMediaType = 'application/rdap+json';

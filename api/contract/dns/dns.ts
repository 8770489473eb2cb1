/**
 * DNS records, nameservers and custom nameservers (control-panel spec §3, §5, §7): the request shapes and the format
 * rules the panel and the server both apply, so a field's message is the same in the modal and in a 400.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { dnsRecordTypes } from '../domains/domain.ts';
import {
  checkCaa,
  checkHttpsHost,
  checkSvcb,
  checkTlsa,
  checkTlsaHost,
  formatCaa,
  formatSvcbData,
  formatTlsa,
  parseCaa,
  parseSvcb,
  parseTlsa,
  type RichField,
} from './rich-records.ts';
import { isRefusedAliasTarget } from './alias-targets.ts';

export type DnsRecordType = (typeof dnsRecordTypes)[number];
export type DnsField = 'host' | 'data' | 'priority' | 'weight' | 'port' | 'ttl' | RichField;
export type DnsFieldErrors = Partial<Record<DnsField, string>>;

export const minTtl = 60;
export const maxTtl = 86_400;
export const defaultTtl = 3600;
/** One TXT character-string holds at most 255 bytes (RFC 1035 §3.3); longer text is served as several. */
export const txtStringBytes = 255;
export const maxTxtBytes = 4000;
/** Spec §5 "Up to six fields are offered". */
export const nameserverFieldCount = 6;

export { isWebsiteRecord, websiteHosts, websiteRecordTypes } from './dns-website.ts';

/** Types carrying a priority (MX, SRV, and SvcPriority for SVCB and HTTPS) and a weight and port (SRV only). */
export const usesPriority = (type: DnsRecordType) => type === 'MX' || type === 'SRV' || type === 'SVCB' || type === 'HTTPS';
export const usesWeightAndPort = (type: DnsRecordType) => type === 'SRV';

const int16 = z.number().int().min(0).max(65_535);

/** Add DNS (spec §7): domainId, type, host, data, priority, weight, port; ttl optional. */
export const dnsRecordCreateSchema = z.strictObject({
  domainId: z.number().int().positive(),
  type: z.enum(dnsRecordTypes, { error: `Choose a record type: ${dnsRecordTypes.join(', ')}` }),
  host: z.string().max(300).optional(),
  data: z.string().max(5000),
  priority: int16.nullish(),
  weight: int16.nullish(),
  port: int16.nullish(),
  ttl: z.number().int().nullish(),
});
export type DnsRecordCreate = z.infer<typeof dnsRecordCreateSchema>;

/** GET /api/dnsRecords and /api/registeredNameservers: the domain whose records or nameservers to list. */
/** POST /api/dnsRecordDeletions: several records of one domain at once. */
export const dnsRecordDeletionSchema = z.strictObject({
  domainId: z.number().int().positive(),
  dnsRecordIds: z.array(z.number().int().positive()).min(1, 'Choose at least one record').max(500),
});

export const domainIdQuerySchema = z.object({
  domainId: z.coerce.number({ error: 'domainId is required' }).int().positive('domainId is required').meta({ description: 'The domain whose entries to list' }),
});

/** Update DNS (spec §7): the record's type stays; host, data and the numbers may change. */
export const dnsRecordUpdateSchema = dnsRecordCreateSchema.omit({ domainId: true, type: true }).partial().extend({ dnsRecordId: z.number().int().optional() });
export type DnsRecordUpdate = z.infer<typeof dnsRecordUpdateSchema>;

/** Add nameserver / Update nameserver (spec §7). */
export const registeredNameserverCreateSchema = z.strictObject({
  domainId: z.number().int().positive(),
  hostname: z.string().max(300),
  ipAddress: z.string().max(100),
});
export const registeredNameserverUpdateSchema = z.strictObject({
  id: z.number().int().optional(),
  hostname: z.string().max(300).optional(),
  ipAddress: z.string().max(100).optional(),
});

export const registeredNameserverSchema = z.strictObject({
  registeredNameserverId: z.number().int(),
  domainId: z.number().int(),
  hostname: z.string(),
  ipAddress: z.string(),
  status: z.enum(['pending', 'active', 'deleted']),
  createDate: z.iso.datetime(),
  /** When a pending one is reviewed at the latest (48 hours after it was asked for). */
  $reviewBy: z.iso.datetime().nullable(),
});
export type RegisteredNameserver = z.infer<typeof registeredNameserverSchema>;

/** The record as stored: host relative to the zone ('@' for the apex), data normalised, numbers only where they apply. */
export type NormalisedDnsRecord = {
  type: DnsRecordType;
  host: string;
  data: string;
  priority: number | null;
  weight: number | null;
  port: number | null;
  ttl: number;
};

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

export function isIpv4(value: string): boolean {
  return ipv4.safeParse(value).success;
}

export function isIpv6(value: string): boolean {
  return ipv6.safeParse(value).success;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

const hostLabel = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const targetLabel = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** Unicode labels to punycode through the URL parser (browser and server alike); null when it is not a name at all. */
function toAscii(name: string): string | null {
  if ([...name].every((ch) => ch > ' ' && ch <= '~')) return name.toLowerCase();
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return null;
  }
}

/**
 * A host within `zone` as stored: '@' for the apex ('@', blank, or the zone's own name), otherwise the labels in
 * front of the zone (a full name ending in the zone is shortened). Underscores are allowed (`_dmarc`, `_sip._tcp`),
 * a wildcard only as the first label.
 */
export function normaliseRecordHost(input: string | undefined, zone: string): { host: string } | { error: string } {
  let host = (input ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || host === '@' || host === zone) return { host: '@' };
  if (host.endsWith(`.${zone}`)) host = host.slice(0, -zone.length - 1);
  const ascii = toAscii(host);
  if (ascii === null) return { error: 'Host may contain only letters, numbers, hyphens, underscores and dots' };
  const labels = ascii.split('.');
  for (const [index, label] of labels.entries()) {
    if (label === '*' && index === 0) continue;
    if (label === '') return { error: 'Host cannot have empty labels (two dots in a row)' };
    if (label.length > 63) return { error: 'Each part of the host can be at most 63 characters' };
    if (!hostLabel.test(label)) {
      return {
        error:
          label === '*'
            ? 'A wildcard (*) can only be the first part of the host'
            : 'Host may contain only letters, numbers, hyphens and underscores, and no part may start or end with a hyphen',
      };
    }
  }
  if (ascii.length + 1 + zone.length > 253) return { error: 'The full name can be at most 253 characters' };
  return { host: ascii };
}

/** The example a message gives for each kind of name: a nameserver's is not a mail host's. */
const exampleNames: Record<string, string> = { Nameserver: 'ns1.example.net', 'Mail server': 'mail.example.com', Target: 'target.example.net' };

/** A host name a record points at (CNAME, MX, NS, ALIAS, SRV target): a full name, IDN to punycode, no trailing dot. */
export function normaliseTargetName(input: string, what = 'This'): { name: string } | { error: string } {
  const example = exampleNames[what] ?? 'mail.example.com';
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  if (!trimmed) return { error: `${what} is required` };
  if (isIpv4(trimmed) || isIpv6(trimmed)) return { error: `${what} must be a host name, not an IP address` };
  const ascii = toAscii(trimmed);
  if (ascii === null) return { error: `${what} must be a host name such as ${example}` };
  if (ascii.length > 253) return { error: `${what} can be at most 253 characters` };
  const labels = ascii.split('.');
  if (labels.length < 2) return { error: `${what} must be a full host name such as ${example}` };
  for (const label of labels) {
    if (label === '') return { error: `${what} cannot have empty labels (two dots in a row)` };
    if (label.length > 63) return { error: `Each part of ${what.toLowerCase()} can be at most 63 characters` };
    if (!targetLabel.test(label)) return { error: `${what} must be a host name: letters, numbers and hyphens, parts separated by dots` };
  }
  if (/^[0-9]+$/.test(labels.at(-1) ?? '')) return { error: `${what} must end in a top-level domain, not a number` };
  return { name: ascii };
}

/**
 * One Change Nameservers field's problem, said under that field (issue #25): a host name of two labels at least
 * ("ns2" alone is no nameserver), letters, digits and hyphens only (no underscore), never an IP address. What was
 * typed is not echoed (it is right above the message, as typed, not upper-cased). An empty field is fine: it is
 * dropped.
 */
export function nameserverFieldError(entry: string): string | null {
  if (!entry.trim()) return null;
  const result = normaliseTargetName(entry, 'Nameserver');
  if ('error' in result) return result.error;
  if (result.name.includes('_')) return 'Nameserver must be a host name: letters, numbers and hyphens, parts separated by dots';
  return null;
}

/** Every field's problem by its index (the fields as typed, empty ones included). */
export function nameserverFieldErrors(entries: readonly string[]): Record<number, string> {
  const errors: Record<number, string> = {};
  entries.forEach((entry, index) => {
    const problem = nameserverFieldError(entry);
    if (problem) errors[index] = problem;
  });
  return errors;
}

/** Spec §5 Nameservers: empty entries dropped, the rest trimmed, de-duplicated and upper-cased. */
export function normaliseNameservers(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    const name = entry.trim().replace(/\.$/, '').toUpperCase();
    if (name) seen.add(name);
  }
  return [...seen];
}

/** Splits long TXT text into the 255-byte strings the wire carries, never inside a UTF-8 character. */
export function splitTxt(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (bytes + size > txtStringBytes) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts;
}

/**
 * Checks one record's fields (trimmed, empty ones omitted: spec §5 "DNS add") and normalises them. Errors name the
 * field they belong to, so the modal can show each under its input.
 */
export function validateDnsRecord(
  input: {
    type: DnsRecordType;
    host?: string | null;
    data?: string | null;
    priority?: number | null;
    weight?: number | null;
    port?: number | null;
    ttl?: number | null;
  },
  zone: string,
): { record: NormalisedDnsRecord } | { errors: DnsFieldErrors } {
  const errors: DnsFieldErrors = {};
  const { type } = input;
  const hostResult = normaliseRecordHost(input.host ?? '', zone);
  const host = 'host' in hostResult ? hostResult.host : '@';
  if ('error' in hostResult) errors.host = hostResult.error;

  const raw = (input.data ?? '').trim();
  let data = raw;
  if (!raw) errors.data = 'Value is required';
  else if (type === 'A') {
    if (!isIpv4(raw)) errors.data = 'Enter an IPv4 address such as 203.0.113.10';
  } else if (type === 'AAAA') {
    if (!isIpv6(raw)) errors.data = 'Enter an IPv6 address such as 2001:db8::1';
    else data = raw.toLowerCase();
  } else if (type === 'TXT') {
    if (utf8Length(raw) > maxTxtBytes) errors.data = `Text can be at most ${maxTxtBytes} bytes`;
    else if ([...raw].some((ch) => (ch.charCodeAt(0) < 0x20 ? ch !== '\t' : ch.charCodeAt(0) === 0x7f)))
      errors.data = 'Text cannot contain line breaks or control characters';
  } else if (type === 'CAA') {
    const fields = parseCaa(raw);
    if ('error' in fields) errors.data = fields.error;
    else {
      Object.assign(errors, checkCaa(fields));
      data = formatCaa(fields);
    }
  } else if (type === 'TLSA') {
    const fields = parseTlsa(raw);
    if ('error' in fields) errors.data = fields.error;
    else {
      Object.assign(errors, checkTlsa(fields));
      data = formatTlsa(fields);
    }
  } else if (type === 'SVCB' || type === 'HTTPS') {
    const fields = parseSvcb(raw);
    if ('error' in fields) errors[fields.field ?? 'data'] = fields.error;
    else {
      const priority = input.priority;
      if (Number.isInteger(priority) && (priority as number) >= 0) Object.assign(errors, checkSvcb(priority as number, fields));
      data = formatSvcbData(fields);
    }
  } else {
    const label = { CNAME: 'Target', ALIAS: 'Target', MX: 'Mail server', NS: 'Nameserver', SRV: 'Target' }[type];
    const target = normaliseTargetName(raw, label);
    if ('error' in target) errors.data = target.error;
    else if (type === 'ALIAS' && isRefusedAliasTarget(target.name)) {
      errors.data = 'An ALIAS record must point at a public host name, not a local, internal or reserved one';
    } else data = target.name;
  }

  if (type === 'CNAME' && host === '@') errors.host = 'A CNAME record cannot be at the root (@): use an ALIAS record there';
  if (type === 'CNAME' && !errors.data && data === `${host === '@' ? '' : `${host}.`}${zone}`) errors.data = 'A CNAME record cannot point at itself';
  if (type === 'SRV' && !errors.host && !/^_[a-z0-9-]+\._(tcp|udp|tls)(\.|$)/.test(host)) {
    errors.host = 'An SRV host starts with the service and protocol, such as _sip._tcp';
  }

  if (type === 'TLSA' && !errors.host) {
    const problem = checkTlsaHost(host);
    if (problem) errors.host = problem;
  }
  if (type === 'HTTPS' && !errors.host) {
    const problem = checkHttpsHost(host);
    if (problem) errors.host = problem;
  }

  const number = (field: 'priority' | 'weight' | 'port', needed: boolean, name: string) => {
    const value = input[field];
    if (!needed) return null;
    if (value === undefined || value === null) {
      errors[field] = `${name} is required for ${type} records`;
      return null;
    }
    if (!Number.isInteger(value) || value < 0 || value > 65_535) errors[field] = `${name} must be a whole number from 0 to 65535`;
    return value;
  };
  const priority = number('priority', usesPriority(type), 'Priority');
  const weight = number('weight', usesWeightAndPort(type), 'Weight');
  const port = number('port', usesWeightAndPort(type), 'Port');

  const ttl = input.ttl ?? defaultTtl;
  if (!Number.isInteger(ttl) || ttl < minTtl || ttl > maxTtl) errors.ttl = `TTL must be from ${minTtl} to ${maxTtl} seconds`;

  if (Object.keys(errors).length > 0) return { errors };
  return { record: { type, host, data, priority, weight, port, ttl } };
}

/**
 * Rules between records at one name: a CNAME stands alone (RFC 1034 §3.6.2), an ALIAS excludes A and AAAA, and the
 * same record twice is refused. `existing` are the zone's other records (the one being edited left out).
 */
export function findRecordConflict(
  record: Pick<NormalisedDnsRecord, 'type' | 'host' | 'data' | 'priority' | 'weight' | 'port'>,
  existing: readonly Pick<NormalisedDnsRecord, 'type' | 'host' | 'data' | 'priority' | 'weight' | 'port'>[],
): { field: DnsField; message: string } | null {
  const here = existing.filter((other) => other.host === record.host);
  const name = record.host === '@' ? 'the root (@)' : record.host;
  if (
    here.some(
      (other) =>
        other.type === record.type &&
        other.data === record.data &&
        (other.priority ?? null) === (record.priority ?? null) &&
        (other.port ?? null) === (record.port ?? null),
    )
  ) {
    return { field: 'data', message: 'This record already exists' };
  }
  if (record.type === 'CNAME' && here.length > 0)
    return { field: 'host', message: `A CNAME record must be the only record at its name, and ${name} already has records` };
  if (record.type !== 'CNAME' && here.some((other) => other.type === 'CNAME'))
    return { field: 'host', message: `${name} has a CNAME record, which must be the only record at its name` };
  if (record.type === 'ALIAS' && here.some((other) => other.type === 'A' || other.type === 'AAAA' || other.type === 'ALIAS')) {
    return { field: 'host', message: `${name} already has an address (A, AAAA or ALIAS) record; an ALIAS replaces them` };
  }
  if ((record.type === 'A' || record.type === 'AAAA') && here.some((other) => other.type === 'ALIAS')) {
    return { field: 'host', message: `${name} has an ALIAS record, which gives its addresses` };
  }
  return null;
}

/** Whether a set of nameservers is the provider's own (compared case-insensitively; spec §4 "not the provider's"). */
/** Spec §4 auto-sync: nameservers that are not the provider's. A domain with none listed has no custom ones. */
export function hasCustomNameservers(ns: readonly string[], defaults: readonly string[]): boolean {
  const own = new Set(defaults.map((name) => name.toUpperCase().replace(/\.$/, '')));
  return ns.some((name) => !own.has(name.toUpperCase().replace(/\.$/, '')));
}

export function isProviderNameservers(ns: readonly string[], defaults: readonly string[]): boolean {
  const own = new Set(defaults.map((name) => name.toUpperCase().replace(/\.$/, '')));
  return ns.length > 0 && ns.every((name) => own.has(name.toUpperCase().replace(/\.$/, '')));
}

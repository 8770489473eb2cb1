/**
 * The record types with structured values: CAA (RFC 8659), SVCB and HTTPS (RFC 9460) and TLSA (RFC 6698). Each is
 * stored as its presentation form in `data` (SVCB and HTTPS keep SvcPriority in `priority`, as MX does), and each has
 * fields of its own in the modal: `parse*` reads the stored or imported text into those fields, `format*` writes them
 * back in one canonical form, and `check*` gives a message per field, the same in the modal and in a 400.
 */

export type CaaFields = { flags: number; tag: string; value: string };
export type TlsaFields = { usage: number; selector: number; matchingType: number; data: string };
export type SvcbParams = {
  mandatory?: string[];
  alpn?: string[];
  noDefaultAlpn?: boolean;
  port?: number;
  ipv4hint?: string[];
  ech?: string;
  ipv6hint?: string[];
  /** keyNNNNN=value for keys without a name of their own (RFC 9460 §2.1), value as written. */
  other?: [number, string][];
};
export type SvcbFields = { target: string; params: SvcbParams };

/** Sub-fields a message can belong to, beside the record's own (host, data, priority, ttl). */
export type RichField =
  | 'caaTag'
  | 'caaValue'
  | 'caaFlags'
  | 'tlsaUsage'
  | 'tlsaSelector'
  | 'tlsaMatchingType'
  | 'tlsaData'
  | 'svcTarget'
  | 'svcParams'
  | 'svcAlpn'
  | 'svcPort'
  | 'svcIpv4hint'
  | 'svcIpv6hint'
  | 'svcEch'
  | 'svcMandatory';
export type RichErrors = Partial<Record<RichField | 'data', string>>;

/** RFC 8659 §4.2-4.4, RFC 9495 (issuemail), and the CA/Browser Forum's contact tags. */
export const caaTags = ['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc', 'contactemail', 'contactphone'] as const;
export const caaTagLabels: Record<(typeof caaTags)[number], string> = {
  issue: 'issue: who may issue certificates',
  issuewild: 'issuewild: who may issue wildcard certificates',
  iodef: 'iodef: where CAs report refused requests',
  issuemail: 'issuemail: who may issue S/MIME certificates',
  issuevmc: 'issuevmc: who may issue mark certificates (BIMI)',
  contactemail: 'contactemail: email for domain validation',
  contactphone: 'contactphone: phone for domain validation',
};
/** The critical flag (RFC 8659 §4.1): a CA that does not understand the tag must not issue. */
export const caaCritical = 128;

export const tlsaUsages = [
  [0, 'PKIX-TA: a CA, checked with the usual trust'],
  [1, 'PKIX-EE: the server certificate, checked with the usual trust'],
  [2, 'DANE-TA: a trust anchor of your own'],
  [3, 'DANE-EE: the server certificate, on its own'],
] as const;
export const tlsaSelectors = [
  [0, 'Full certificate'],
  [1, 'Public key only (SubjectPublicKeyInfo)'],
] as const;
export const tlsaMatchingTypes = [
  [0, 'Exact match (no hash)'],
  [1, 'SHA-256'],
  [2, 'SHA-512'],
] as const;
/** Hex digits a hashed TLSA value has (RFC 6698 §2.1.3). */
const tlsaHashLength: Record<number, number> = { 1: 64, 2: 128 };
/** An exact TLSA value is a whole certificate or key: a generous bound for the 4000-byte record. */
const maxTlsaHex = 4096;

/** RFC 9460 §14.3.2: the keys with names, by number (their canonical order). */
export const svcbKeyNumbers = { mandatory: 0, alpn: 1, 'no-default-alpn': 2, port: 3, ipv4hint: 4, ech: 5, ipv6hint: 6 } as const;
type SvcbKeyName = keyof typeof svcbKeyNumbers;
const svcbKeyNames = Object.keys(svcbKeyNumbers) as SvcbKeyName[];

const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function looksLikeIpv4(value: string): boolean {
  return ipv4Pattern.test(value);
}

/** IPv6 through the URL parser (browser and server alike), lower-cased and compressed. */
export function canonicalIpv6(value: string): string | null {
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(':')) return null;
  try {
    return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

const hostnamePattern = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)+$/;

/**
 * Splits presentation text into words at spaces; a "quoted part" (with \" and \\ escapes) may hold spaces and may
 * stand anywhere in a word (`ech="AEX+"`), its quotes removed. `quoted` says which words began with a quote.
 */
export function splitWords(text: string): { words: string[]; quoted: boolean[] } | { error: string } {
  const words: string[] = [];
  const quoted: boolean[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ' || text[i] === '\t') {
      i += 1;
      continue;
    }
    let word = '';
    const startsQuoted = text[i] === '"';
    let inQuotes = false;
    while (i < text.length && (inQuotes || (text[i] !== ' ' && text[i] !== '\t'))) {
      const c = text[i];
      if (c === '\\' && i + 1 < text.length) {
        word += text[i + 1];
        i += 2;
      } else if (c === '"') {
        inQuotes = !inQuotes;
        i += 1;
      } else {
        word += c;
        i += 1;
      }
    }
    if (inQuotes) return { error: 'A quoted value is missing its closing quote (")' };
    words.push(word);
    quoted.push(startsQuoted);
  }
  return { words, quoted };
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function isWholeNumber(text: string): boolean {
  return /^\d{1,5}$/.test(text);
}

// ---------------------------------------------------------------- CAA

export function parseCaa(data: string): CaaFields | { error: string } {
  const split = splitWords(data.trim());
  if ('error' in split) return split;
  const [flags, tag, ...rest] = split.words;
  if (flags === undefined || tag === undefined || rest.length !== 1)
    return { error: 'A CAA value is a flag, a tag and a quoted value, such as 0 issue "letsencrypt.org"' };
  if (!isWholeNumber(flags)) return { error: 'The CAA flag is a number: 0, or 128 for critical' };
  return { flags: Number(flags), tag: tag.toLowerCase(), value: rest[0] };
}

export function formatCaa(fields: CaaFields): string {
  return `${fields.flags} ${fields.tag.toLowerCase()} ${quote(fields.value)}`;
}

/** Issuer names and parameters of issue, issuewild, issuemail and issuevmc (RFC 8659 §4.2). */
function checkIssuerValue(value: string): string | null {
  const [issuer, ...parameters] = value.split(';');
  const name = issuer.trim().toLowerCase();
  if (name && !hostnamePattern.test(name)) return 'The issuer is a CA\'s domain name, such as letsencrypt.org (or ";" alone to allow none)';
  for (const parameter of parameters) {
    const text = parameter.trim();
    if (!text && parameters.length === 1) continue;
    if (!/^[a-z0-9]+=[\x21-\x3a\x3c-\x7e]*$/i.test(text))
      return 'Each parameter after the issuer is key=value, separated by ";" (such as "; validationmethods=dns-01")';
  }
  return null;
}

export function checkCaa(fields: CaaFields): RichErrors {
  const errors: RichErrors = {};
  if (fields.flags !== 0 && fields.flags !== caaCritical) errors.caaFlags = 'The CAA flag is 0, or 128 for critical';
  const tag = fields.tag.toLowerCase();
  if (!/^[a-z0-9]{1,15}$/.test(tag)) errors.caaTag = 'A CAA tag is 1 to 15 letters and digits, such as issue';
  else if (!(caaTags as readonly string[]).includes(tag)) errors.caaTag = `Choose a CAA tag: ${caaTags.join(', ')}`;
  const value = fields.value;
  if (!value && !errors.caaTag)
    errors.caaValue = tag.startsWith('issue') ? 'Enter the CA\'s domain, such as letsencrypt.org (";" alone allows none)' : 'Enter a value';
  else if ([...value].some((ch) => ch < ' ' || ch > '~')) errors.caaValue = 'The CAA value can only hold printable ASCII characters';
  else if (value.length > 1000) errors.caaValue = 'The CAA value can be at most 1000 characters';
  else if (!errors.caaTag) {
    if (tag === 'issue' || tag === 'issuewild' || tag === 'issuemail' || tag === 'issuevmc') {
      const problem = checkIssuerValue(value);
      if (problem) errors.caaValue = problem;
    } else if (tag === 'iodef') {
      if (!/^(mailto:[^@\s]+@[^@\s]+\.[^@\s]+|https?:\/\/[^\s]+)$/i.test(value))
        errors.caaValue = 'The iodef value is a mailto: or https:// address, such as mailto:security@example.com';
    } else if (tag === 'contactemail') {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) errors.caaValue = 'The contactemail value is an email address';
    } else if (tag === 'contactphone') {
      if (!/^\+[1-9]\d{6,14}$/.test(value)) errors.caaValue = 'The contactphone value is a phone number in international form, such as +14155550123';
    }
  }
  return errors;
}

// ---------------------------------------------------------------- TLSA

export function parseTlsa(data: string): TlsaFields | { error: string } {
  const words = data.trim().split(/\s+/);
  if (words.length < 4 || !isWholeNumber(words[0]) || !isWholeNumber(words[1]) || !isWholeNumber(words[2])) {
    return { error: 'A TLSA value is usage, selector, matching type and the certificate data in hex, such as 3 1 1 8f0e…' };
  }
  return { usage: Number(words[0]), selector: Number(words[1]), matchingType: Number(words[2]), data: words.slice(3).join('') };
}

export function formatTlsa(fields: TlsaFields): string {
  return `${fields.usage} ${fields.selector} ${fields.matchingType} ${fields.data.replace(/\s+/g, '').toLowerCase()}`;
}

export function checkTlsa(fields: TlsaFields): RichErrors {
  const errors: RichErrors = {};
  if (!tlsaUsages.some(([n]) => n === fields.usage)) errors.tlsaUsage = 'The certificate usage is 0, 1, 2 or 3';
  if (!tlsaSelectors.some(([n]) => n === fields.selector)) errors.tlsaSelector = 'The selector is 0 (full certificate) or 1 (public key)';
  if (!tlsaMatchingTypes.some(([n]) => n === fields.matchingType)) errors.tlsaMatchingType = 'The matching type is 0 (exact), 1 (SHA-256) or 2 (SHA-512)';
  const hex = fields.data.replace(/\s+/g, '');
  const expected = tlsaHashLength[fields.matchingType];
  if (!hex) errors.tlsaData = 'The certificate association data is required';
  else if (!/^[0-9a-f]+$/i.test(hex)) errors.tlsaData = 'The certificate association data is hexadecimal (0-9, a-f)';
  else if (expected && hex.length !== expected)
    errors.tlsaData = `A ${fields.matchingType === 1 ? 'SHA-256' : 'SHA-512'} hash is ${expected} hex digits; this has ${hex.length}`;
  else if (hex.length % 2 !== 0) errors.tlsaData = 'The certificate association data has an odd number of hex digits';
  else if (hex.length > maxTlsaHex) errors.tlsaData = `The certificate association data can be at most ${maxTlsaHex} hex digits`;
  return errors;
}

/** A TLSA owner name starts with the port and protocol (RFC 6698 §3): _443._tcp, _25._tcp.mail. */
export function checkTlsaHost(host: string): string | null {
  return /^_\d{1,5}\._(tcp|udp|sctp)(\.|$)/.test(host) ? null : 'A TLSA host starts with the port and protocol, such as _443._tcp or _25._tcp.mail';
}

// ---------------------------------------------------------------- SVCB and HTTPS

function splitList(value: string): string[] {
  return value.split(',').map((item) => item.trim());
}

/**
 * Reads "target key=value ..." (SvcPriority apart). Values may be quoted; lists are comma-separated. Unknown names
 * are refused; keyNNNNN keeps its value as written.
 */
export function parseSvcb(data: string): SvcbFields | { error: string; field?: RichField } {
  const split = splitWords(data.trim());
  if ('error' in split) return { error: split.error, field: 'svcParams' };
  const [target, ...pairs] = split.words;
  if (target === undefined || target === '') return { error: 'The target is required: a host name, or "." for the name itself', field: 'svcTarget' };
  const params: SvcbParams = {};
  const seen = new Set<number>();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? null : pair.slice(eq + 1);
    const generic = /^key(\d{1,5})$/.exec(key);
    const number = generic ? Number(generic[1]) : (svcbKeyNumbers as Record<string, number>)[key];
    if (number === undefined || number > 65_535) return { error: `Unknown parameter "${key}": use ${svcbKeyNames.join(', ')} or keyNNNNN`, field: 'svcParams' };
    if (number === 65_535) return { error: 'key65535 is reserved and cannot be used', field: 'svcParams' };
    if (seen.has(number)) return { error: `The parameter ${key} appears twice`, field: 'svcParams' };
    seen.add(number);
    const name = svcbKeyNames.find((n) => svcbKeyNumbers[n] === number);
    if (name === 'no-default-alpn') {
      if (value !== null && value !== '') return { error: 'no-default-alpn takes no value', field: 'svcParams' };
      params.noDefaultAlpn = true;
      continue;
    }
    if (value === null || value === '') return { error: `The parameter ${name ?? key} needs a value (${name ?? key}=…)`, field: 'svcParams' };
    switch (name) {
      case 'mandatory':
        params.mandatory = splitList(value).map((k) => k.toLowerCase());
        break;
      case 'alpn':
        params.alpn = splitList(value);
        break;
      case 'port':
        if (!isWholeNumber(value) || Number(value) > 65_535) return { error: 'The port is a number from 0 to 65535', field: 'svcPort' };
        params.port = Number(value);
        break;
      case 'ipv4hint':
        params.ipv4hint = splitList(value);
        break;
      case 'ech':
        params.ech = value;
        break;
      case 'ipv6hint':
        params.ipv6hint = splitList(value);
        break;
      default:
        params.other = [...(params.other ?? []), [number, value]];
    }
  }
  return { target: target === '.' ? '.' : target.toLowerCase().replace(/\.$/, ''), params };
}

/** Canonical text: target without its trailing dot ("." stays), then the parameters in key order. */
export function formatSvcbData(fields: SvcbFields, options: { fqdn?: boolean } = {}): string {
  const target = fields.target === '.' ? '.' : options.fqdn ? `${fields.target}.` : fields.target;
  return [target, ...formatSvcbParams(fields.params)].join(' ');
}

export function formatSvcbParams(params: SvcbParams): string[] {
  const entries: [number, string][] = [];
  if (params.mandatory?.length) {
    const keys = [...params.mandatory].sort((a, b) => keyNumber(a) - keyNumber(b));
    entries.push([0, `mandatory=${keys.join(',')}`]);
  }
  if (params.alpn?.length) entries.push([1, `alpn=${params.alpn.join(',')}`]);
  if (params.noDefaultAlpn) entries.push([2, 'no-default-alpn']);
  if (params.port !== undefined) entries.push([3, `port=${params.port}`]);
  if (params.ipv4hint?.length) entries.push([4, `ipv4hint=${params.ipv4hint.join(',')}`]);
  // Quoted as PowerDNS prints them (its API refuses any other form of a value it would print differently).
  if (params.ech) entries.push([5, `ech=${quote(params.ech)}`]);
  if (params.ipv6hint?.length) entries.push([6, `ipv6hint=${params.ipv6hint.map((a) => canonicalIpv6(a) ?? a).join(',')}`]);
  for (const [number, value] of params.other ?? []) entries.push([number, `key${number}=${quote(value)}`]);
  return entries.sort((a, b) => a[0] - b[0]).map(([, text]) => text);
}

function keyNumber(name: string): number {
  const generic = /^key(\d{1,5})$/.exec(name);
  if (generic) return Number(generic[1]);
  return (svcbKeyNumbers as Record<string, number>)[name] ?? 65_536;
}

/**
 * RFC 9460 §2.4 and §8: AliasMode (priority 0) carries no parameters; ServiceMode's parameters are well-formed, the
 * mandatory keys are present and never "mandatory" itself, and no-default-alpn comes with alpn. `isHttps`: an HTTPS
 * record's alpn protocols are ALPN IDs such as h2 and h3.
 */
export function checkSvcb(priority: number, fields: SvcbFields): RichErrors {
  const errors: RichErrors = {};
  const { target, params } = fields;
  if (target !== '.' && !hostnamePattern.test(target)) errors.svcTarget = 'The target is a host name such as svc.example.net, or "." for the name itself';
  const hasParams = formatSvcbParams(params).length > 0;
  if (priority === 0) {
    if (hasParams) errors.svcParams = 'An alias record (priority 0) takes no parameters: give a priority of 1 or more to use them';
    return errors;
  }
  if (params.alpn) {
    if (params.alpn.some((id) => !id || id.length > 255 || /[\s,"\\]/.test(id)))
      errors.svcAlpn = 'ALPN protocols are short names separated by commas, such as h3,h2';
  }
  if (params.noDefaultAlpn && !params.alpn?.length) errors.svcAlpn = 'no-default-alpn needs at least one protocol in alpn';
  if (params.ipv4hint?.some((a) => !looksLikeIpv4(a))) errors.svcIpv4hint = 'IPv4 hints are addresses such as 192.0.2.1, separated by commas';
  if (params.ipv6hint?.some((a) => canonicalIpv6(a) === null)) errors.svcIpv6hint = 'IPv6 hints are addresses such as 2001:db8::1, separated by commas';
  if (params.ech !== undefined && !/^[A-Za-z0-9+/]+={0,2}$/.test(params.ech)) errors.svcEch = 'The ech value is an ECHConfigList in base64';
  if (params.mandatory) {
    const names = params.mandatory;
    if (names.some((name) => name === 'mandatory')) errors.svcMandatory = 'mandatory cannot list itself';
    else if (names.some((name) => keyNumber(name) > 65_534)) errors.svcMandatory = 'mandatory lists parameter names such as alpn or port';
    else if (new Set(names).size !== names.length) errors.svcMandatory = 'mandatory lists each parameter once';
    else {
      const present = new Set(formatSvcbParams({ ...params, mandatory: undefined }).map((text) => keyNumber(text.split('=')[0])));
      const missing = names.find((name) => !present.has(keyNumber(name)));
      if (missing) errors.svcMandatory = `mandatory lists ${missing}, which the record does not set`;
    }
  }
  return errors;
}

/** An HTTPS record's owner: the name itself, or _port._https in front of it (RFC 9460 §9.1). SVCB: _service._proto style or any. */
export function checkHttpsHost(host: string): string | null {
  if (host.startsWith('_') && !/^_\d{1,5}\._https(\.|$)/.test(host))
    return 'An HTTPS record sits at the name itself (@, www) or at _port._https, such as _8443._https';
  return null;
}

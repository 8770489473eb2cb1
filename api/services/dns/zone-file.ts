/**
 * BIND zone files (RFC 1035 §5.1): reading one into records with the line each came from, and writing a zone as one.
 * Written here rather than taken from npm: dns-zonefile 0.3.2, tried on files from BIND and PowerDNS, drops HTTPS,
 * SVCB and TLSA records without a word, keeps TXT quotes in the value, handles parentheses only in the SOA and knows
 * no line numbers, which the import preview must show for every record it refuses.
 */
import type { DnsRecordType } from '../../contract/dns/dns.ts';
import { dnsRecordTypes } from '../../contract/domains/domain.ts';
import { splitTxt } from '../../contract/dns/dns.ts';
import { compareSnapshots, type ZoneRecordSnapshot } from '../../contract/dns/zone-history.ts';
import type { Soa } from '../../providers/dns/index.ts';

/** One resource record as the file has it: the owner fully qualified, the RDATA as words and as written. */
export type ParsedLine = { line: number; owner: string; ttl: number; type: string; words: string[]; quoted: boolean[]; rdata: string; source: string };
export type ZoneFileProblem = { line: number; text: string; reason: string };

type Token = { text: string; quoted: boolean; raw: string; line: number; startsLine: boolean };

const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A TTL as BIND writes it: 3600, or 1h30m (RFC 1035 numbers, BIND's units). Null when it is not one. */
export function parseTtl(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.toLowerCase().match(/^(\d+[smhdw])+$/) ? text.toLowerCase().match(/\d+[smhdw]/g) : null;
  if (!parts) return null;
  return parts.reduce((sum, part) => sum + Number(part.slice(0, -1)) * units[part.at(-1) as string], 0);
}

/**
 * Splits the file into tokens, each knowing its line: comments dropped, quoted strings kept whole (escapes \X and
 * \DDD read), parentheses joining lines. The text is read as UTF-8 bytes, so \DDD escapes and raw characters meet
 * in one byte string that is decoded at the end.
 */
function tokenize(text: string): { lines: Token[][]; problems: ZoneFileProblem[] } {
  const bytes = Buffer.from(text, 'utf8').toString('latin1');
  const sourceLines = text.split(/\r?\n/);
  const lines: Token[][] = [];
  const problems: ZoneFileProblem[] = [];
  let current: Token[] = [];
  let depth = 0;
  let line = 1;
  let i = 0;
  let atLineStart = true;
  let logicalStart = 1;
  const finishLine = () => {
    if (current.length) lines.push(current);
    current = [];
  };
  while (i < bytes.length) {
    const ch = bytes[i];
    if (ch === '\n') {
      line += 1;
      i += 1;
      atLineStart = true;
      if (depth === 0) finishLine();
      continue;
    }
    if (ch === '\r') {
      i += 1;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      atLineStart = false;
      i += 1;
      continue;
    }
    if (ch === ';') {
      while (i < bytes.length && bytes[i] !== '\n') i += 1;
      continue;
    }
    if (ch === '(') {
      depth += 1;
      atLineStart = false;
      i += 1;
      continue;
    }
    if (ch === ')') {
      if (depth === 0) problems.push({ line, text: sourceLines[line - 1] ?? '', reason: 'A ")" without its "("' });
      else depth -= 1;
      i += 1;
      continue;
    }
    const startsLine = atLineStart && depth === 0 && current.length === 0;
    if (current.length === 0) logicalStart = line;
    atLineStart = false;
    let word = '';
    let raw = '';
    let quoted = false;
    if (ch === '"') {
      quoted = true;
      raw += '"';
      i += 1;
      while (i < bytes.length && bytes[i] !== '"') {
        if (bytes[i] === '\n') line += 1;
        const read = readChar(bytes, i);
        word += read.char;
        raw += bytes.slice(i, read.next);
        i = read.next;
      }
      if (i >= bytes.length)
        problems.push({ line: logicalStart, text: sourceLines[logicalStart - 1] ?? '', reason: 'A quoted string is missing its closing quote (")' });
      raw += '"';
      i += 1;
    } else {
      while (i < bytes.length && !' \t\n\r;()'.includes(bytes[i])) {
        if (bytes[i] === '"') {
          // A quoted value inside a word (SVCB's key="value"): kept with its quotes for rich-records.ts to read.
          const close = bytes.indexOf('"', i + 1);
          const end = close < 0 ? bytes.length : close + 1;
          word += bytes.slice(i, end);
          raw += bytes.slice(i, end);
          i = end;
          continue;
        }
        const read = readChar(bytes, i);
        word += read.char;
        raw += bytes.slice(i, read.next);
        i = read.next;
      }
    }
    current.push({
      text: Buffer.from(word, 'latin1').toString('utf8'),
      quoted,
      raw: Buffer.from(raw, 'latin1').toString('utf8'),
      line: logicalStart,
      startsLine,
    });
  }
  if (depth > 0) problems.push({ line: logicalStart, text: sourceLines[logicalStart - 1] ?? '', reason: 'A "(" is never closed' });
  finishLine();
  return { lines, problems };
}

function readChar(bytes: string, i: number): { char: string; next: number } {
  if (bytes[i] !== '\\' || i + 1 >= bytes.length) return { char: bytes[i], next: i + 1 };
  const digits = bytes.slice(i + 1, i + 4);
  if (/^\d{3}$/.test(digits) && Number(digits) < 256) return { char: String.fromCharCode(Number(digits)), next: i + 4 };
  return { char: bytes[i + 1], next: i + 2 };
}

const classes = new Set(['IN', 'CH', 'HS', 'CS']);

function absolute(name: string, origin: string): string {
  if (name === '@') return origin;
  if (name.endsWith('.')) return name.slice(0, -1).toLowerCase();
  return `${name}.${origin}`.toLowerCase();
}

/**
 * Reads a zone file whose origin defaults to `zone`. Directives: $ORIGIN, $TTL; $INCLUDE and $GENERATE are refused
 * (an upload cannot reach other files). Each record keeps its line; what cannot be read is a problem with its line.
 */
export function parseZoneFile(text: string, zone: string, defaultTtl: number): { records: ParsedLine[]; problems: ZoneFileProblem[] } {
  const { lines, problems } = tokenize(text);
  const sourceLines = text.split(/\r?\n/);
  const records: ParsedLine[] = [];
  let origin = zone.toLowerCase();
  let ttl: number | null = null;
  let previousOwner: string | null = null;
  for (const tokens of lines) {
    const lineNo = tokens[0].line;
    const source = (sourceLines[lineNo - 1] ?? '').trim();
    const refuse = (reason: string) => problems.push({ line: lineNo, text: source, reason });
    const first = tokens[0].text;
    if (!tokens[0].quoted && first.startsWith('$')) {
      const directive = first.toUpperCase();
      if (directive === '$ORIGIN' && tokens[1]) origin = absolute(tokens[1].text, origin);
      else if (directive === '$TTL' && tokens[1] && parseTtl(tokens[1].text) !== null) ttl = parseTtl(tokens[1].text);
      else if (directive === '$INCLUDE' || directive === '$GENERATE') refuse(`${directive} is not supported: paste the records themselves`);
      else refuse(`${first} is not a directive this import reads (it reads $ORIGIN and $TTL)`);
      continue;
    }
    let index = 0;
    let owner: string | null;
    if (tokens[0].startsLine) {
      owner = absolute(tokens[0].text, origin);
      index = 1;
    } else owner = previousOwner;
    if (owner === null) {
      refuse('The first record has no name');
      continue;
    }
    previousOwner = owner;
    let recordTtl: number | null = null;
    for (let k = 0; k < 2 && index < tokens.length; k += 1) {
      const word = tokens[index].text;
      if (classes.has(word.toUpperCase())) {
        if (word.toUpperCase() !== 'IN') {
          refuse(`Class ${word.toUpperCase()} is not served: only IN records are`);
          recordTtl = -1;
          break;
        }
        index += 1;
      } else if (recordTtl === null && parseTtl(word) !== null && index + 1 < tokens.length) {
        recordTtl = parseTtl(word);
        index += 1;
      }
    }
    if (recordTtl === -1) continue;
    const typeToken = tokens[index];
    if (!typeToken) {
      refuse('The record has no type');
      continue;
    }
    const rest = tokens.slice(index + 1);
    records.push({
      line: lineNo,
      owner,
      ttl: recordTtl ?? ttl ?? defaultTtl,
      type: typeToken.text.toUpperCase(),
      words: rest.map((t) => t.text),
      quoted: rest.map((t) => t.quoted),
      rdata: rest.map((t) => t.raw).join(' '),
      source,
    });
  }
  return { records, problems };
}

/** The record's value as Add DNS takes it, names made absolute against the origin. */
export type ImportCandidate = {
  line: number;
  source: string;
  type: DnsRecordType;
  host: string;
  data: string;
  priority?: number;
  weight?: number;
  port?: number;
  ttl: number;
};

const target = (name: string | undefined, origin: string) => (name === undefined ? '' : name === '.' ? '.' : absolute(name, origin));

/**
 * A parsed record as a candidate for the zone, or why it cannot be one: our SOA and nameservers are ours, other
 * zones' names and types we do not serve are refused. Values are only shaped here; validateDnsRecord judges them.
 */
export function toCandidate(
  record: ParsedLine,
  zone: string,
  ownNameservers: readonly string[],
): { candidate: ImportCandidate } | { skip: string } | { refuse: string } {
  const apex = zone.toLowerCase();
  if (record.owner !== apex && !record.owner.endsWith(`.${apex}`)) return { refuse: `${record.owner} is outside ${apex}` };
  const host = record.owner === apex ? '@' : record.owner.slice(0, -apex.length - 1);
  const { type, words } = record;
  const base = { line: record.line, source: record.source, host, ttl: record.ttl };
  if (type === 'SOA') return { skip: 'The SOA record is ours: it is kept as it is' };
  if (type === 'NS' && host === '@') {
    const name = target(words[0], apex);
    if (ownNameservers.some((ns) => ns.toLowerCase().replace(/\.$/, '') === name)) return { skip: 'Our own nameserver: already served' };
    return { refuse: 'Nameservers for the domain itself are set under Change Nameservers, not in its zone' };
  }
  if (!(dnsRecordTypes as readonly string[]).includes(type)) {
    return {
      refuse:
        /^TYPE\d+$/.test(type) || /^[A-Z0-9]+$/.test(type)
          ? `${type} records are not supported here (supported: ${dnsRecordTypes.join(', ')})`
          : `"${type}" is not a record type`,
    };
  }
  const number = (word: string | undefined) => (word !== undefined && /^\d+$/.test(word) ? Number(word) : Number.NaN);
  switch (type as DnsRecordType) {
    case 'A':
    case 'AAAA':
      return { candidate: { ...base, type: type as DnsRecordType, data: words.join(' ') } };
    case 'CNAME':
    case 'NS':
    case 'ALIAS':
      return { candidate: { ...base, type: type as DnsRecordType, data: words.length === 1 ? target(words[0], apex) : words.join(' ') } };
    case 'MX':
      return { candidate: { ...base, type: 'MX', priority: number(words[0]), data: words.length === 2 ? target(words[1], apex) : words.slice(1).join(' ') } };
    case 'SRV':
      return {
        candidate: {
          ...base,
          type: 'SRV',
          priority: number(words[0]),
          weight: number(words[1]),
          port: number(words[2]),
          data: words.length === 4 ? target(words[3], apex) : words.slice(3).join(' '),
        },
      };
    case 'TXT':
      return { candidate: { ...base, type: 'TXT', data: words.join(record.quoted.every(Boolean) ? '' : ' ') } };
    case 'CAA':
      return {
        candidate: {
          ...base,
          type: 'CAA',
          data: `${words[0] ?? ''} ${words[1] ?? ''} "${(words.slice(2).join(' ') ?? '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
        },
      };
    case 'TLSA':
      return { candidate: { ...base, type: 'TLSA', data: words.join(' ') } };
    case 'HTTPS':
    case 'SVCB': {
      // The parameters keep their quoting: rich-records.ts reads them from the text as written.
      const rawWords = record.rdata.split(/\s+/);
      const params = rawWords.slice(2).join(' ');
      return {
        candidate: { ...base, type: type as DnsRecordType, priority: number(words[0]), data: `${target(words[1], apex)}${params ? ` ${params}` : ''}` },
      };
    }
  }
  return { refuse: `${type} records are not supported here` };
}

const fq = (name: string) => (name === '.' ? '.' : `${name}.`);

function quoteTxt(text: string): string {
  return splitTxt(text)
    .map((part) => {
      let out = '';
      for (const byte of Buffer.from(part, 'utf8')) {
        if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
        else if (byte < 0x20 || byte > 0x7e) out += `\\${String(byte).padStart(3, '0')}`;
        else out += String.fromCharCode(byte);
      }
      return `"${out}"`;
    })
    .join(' ');
}

/** One record's RDATA as the file writes it: target names absolute with their dot. */
export function rdataText(record: ZoneRecordSnapshot): string {
  switch (record.type) {
    case 'CNAME':
    case 'NS':
    case 'ALIAS':
      return fq(record.data);
    case 'MX':
      return `${record.priority ?? 0} ${fq(record.data)}`;
    case 'SRV':
      return `${record.priority ?? 0} ${record.weight ?? 0} ${record.port ?? 0} ${fq(record.data)}`;
    case 'TXT':
      return quoteTxt(record.data);
    case 'HTTPS':
    case 'SVCB': {
      const [targetName, ...params] = record.data.split(' ');
      return [String(record.priority ?? 0), fq(targetName), ...params].join(' ');
    }
    default:
      return record.data;
  }
}

/**
 * The zone as a BIND file: our SOA and nameservers, then the customer's records (the ones the panel lists), host
 * names relative to the origin. Records the service adds by itself (parking, email, glue) are left out: importing
 * them back would turn them into records of the customer's own.
 */
export function writeZoneFile(zone: string, soa: Soa, nameservers: readonly string[], records: readonly ZoneRecordSnapshot[], note: string): string {
  const apex = zone.toLowerCase();
  const rows: string[][] = [
    ['@', String(soa.ttl), 'IN', 'SOA', `${fq(soa.mname)} ${fq(soa.rname)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum}`],
    ...nameservers.map((ns) => ['@', '3600', 'IN', 'NS', fq(ns.toLowerCase().replace(/\.$/, ''))]),
    ...[...records].sort(compareSnapshots).map((r) => [r.host, String(r.ttl), 'IN', r.type, rdataText(r)]),
  ];
  const width = Math.max(...rows.map((row) => row[0].length), 1);
  return [
    `; ${apex}: ${note}`,
    '; Records we add for you (parking, forwarding, email, custom nameservers) are not listed: they follow your settings.',
    `$ORIGIN ${fq(apex)}`,
    `$TTL ${soa.ttl}`,
    ...rows.map(([owner, ttl, klass, type, rdata]) => `${owner.padEnd(width)}  ${ttl.padStart(5)}  ${klass}  ${type.padEnd(5)}  ${rdata}`),
    '',
  ].join('\n');
}

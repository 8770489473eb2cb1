/**
 * Wire RDATA of the structured record types (CAA RFC 8659 §4.1, TLSA RFC 6698 §2.1, SVCB and HTTPS RFC 9460 §2.2),
 * from the canonical text the zone builder hands over. Apart from the servers, so any packet writer (dns-packet's
 * unknown-type encoder, or a hand-written one) sends them as raw RDATA under their type code.
 */
import { parseCaa, parseSvcb, parseTlsa, svcbKeyNumbers } from '../../contract/dns/rich-records.ts';
import type { RichRecordType, ZoneRecord } from './index.ts';

/** IANA type codes. */
export const richTypeCodes: Record<RichRecordType, number> = { TLSA: 52, SVCB: 64, HTTPS: 65, CAA: 257 };

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
}

/** A domain name, uncompressed (RFC 9460 §2.2: the TargetName is never compressed). */
function wireName(name: string): Buffer {
  if (name === '.' || name === '') return Buffer.of(0);
  const parts: Buffer[] = [];
  for (const label of name.replace(/\.$/, '').split('.')) {
    const bytes = Buffer.from(label, 'latin1');
    parts.push(Buffer.of(bytes.length), bytes);
  }
  parts.push(Buffer.of(0));
  return Buffer.concat(parts);
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null];
  const words = (text: string) => (text ? text.split(':') : []);
  const left = words(head);
  const right = tail === null ? [] : words(tail);
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return Buffer.concat(groups.map((group) => u16(Number.parseInt(group, 16))));
}

function caaRdata(data: string): Buffer {
  const fields = parseCaa(data);
  if ('error' in fields) throw new Error(`CAA value not canonical: ${data}`);
  const tag = Buffer.from(fields.tag, 'latin1');
  return Buffer.concat([Buffer.of(fields.flags, tag.length), tag, Buffer.from(fields.value, 'latin1')]);
}

function tlsaRdata(data: string): Buffer {
  const fields = parseTlsa(data);
  if ('error' in fields) throw new Error(`TLSA value not canonical: ${data}`);
  return Buffer.concat([Buffer.of(fields.usage, fields.selector, fields.matchingType), Buffer.from(fields.data, 'hex')]);
}

/** SvcParams in key order, each key, length, value (RFC 9460 §2.2); ALPN IDs as length-prefixed strings. */
function svcbRdata(priority: number, data: string): Buffer {
  const fields = parseSvcb(data);
  if ('error' in fields) throw new Error(`SVCB value not canonical: ${data}`);
  const { params } = fields;
  const entries: [number, Buffer][] = [];
  const keyCode = (name: string) => (name.startsWith('key') ? Number(name.slice(3)) : (svcbKeyNumbers as Record<string, number>)[name]);
  if (params.mandatory?.length)
    entries.push([
      0,
      Buffer.concat(
        params.mandatory
          .map(keyCode)
          .sort((a, b) => a - b)
          .map(u16),
      ),
    ]);
  if (params.alpn?.length) entries.push([1, Buffer.concat(params.alpn.map((id) => Buffer.concat([Buffer.of(Buffer.byteLength(id)), Buffer.from(id)])))]);
  if (params.noDefaultAlpn) entries.push([2, Buffer.alloc(0)]);
  if (params.port !== undefined) entries.push([3, u16(params.port)]);
  if (params.ipv4hint?.length) entries.push([4, Buffer.concat(params.ipv4hint.map(ipv4Bytes))]);
  if (params.ech) entries.push([5, Buffer.from(params.ech, 'base64')]);
  if (params.ipv6hint?.length) entries.push([6, Buffer.concat(params.ipv6hint.map(ipv6Bytes))]);
  for (const [number, value] of params.other ?? []) entries.push([number, Buffer.from(value, 'latin1')]);
  entries.sort((a, b) => a[0] - b[0]);
  const target = fields.target === '.' ? Buffer.of(0) : wireName(fields.target);
  return Buffer.concat([u16(priority), target, ...entries.flatMap(([key, value]) => [u16(key), u16(value.length), value])]);
}

/** The record's RDATA on the wire (without its length). */
export function encodeRichRdata(record: Pick<ZoneRecord, 'type' | 'data' | 'priority'>): Buffer {
  switch (record.type) {
    case 'CAA':
      return caaRdata(record.data);
    case 'TLSA':
      return tlsaRdata(record.data);
    case 'SVCB':
    case 'HTTPS':
      return svcbRdata(record.priority ?? 0, record.data);
    default:
      throw new Error(`${record.type} is not a structured type`);
  }
}

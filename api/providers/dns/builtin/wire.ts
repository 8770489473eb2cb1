/**
 * The built-in server's wire format: the numbers of a DNS message (types, rcodes, header flags, sizes) and RRs encoded
 * once per zone, owners left out so an answer can write each with a compression pointer into the question (keeping
 * the query's case, at two bytes). dns-packet encodes the RDATA when a zone is compiled, never per query. Queries are
 * read in query.ts, answers written in answer-writer.ts.
 */
import * as packet from 'dns-packet';

export const QTYPE = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, SRV: 33, OPT: 41, DS: 43, IXFR: 251, AXFR: 252, ANY: 255 } as const;
export const CLASS_IN = 1;
export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5, BADVERS: 16 } as const;
export const OPCODE = { QUERY: 0, NOTIFY: 4 } as const;

export const FLAG_QR = 0x8000;
export const FLAG_AA = 0x0400;
export const FLAG_TC = 0x0200;
export const FLAG_RD = 0x0100;
export const FLAG_CD = 0x0010;
export const OPCODE_MASK = 0x7800;
/** Without EDNS a UDP answer is at most 512 bytes (RFC 1035 §4.2.1); with it, what the client offers up to 1232 (DNS flag day 2020). */
export const PLAIN_UDP_BYTES = 512;
export const EDNS_UDP_BYTES = 1232;
export const OPT_RR_BYTES = 11;
export const MAX_MESSAGE = 65535;

/**
 * RRs without their owner names, back to back in one buffer (each TYPE CLASS TTL RDLENGTH RDATA): one allocation
 * however many records, written out with an owner in front of each.
 */
export type RRs = { data: Buffer; count: number };

/** One RRset, encoded once. */
export type RRset = RRs & {
  type: number;
  ttl: number;
  /** Host names in the RDATA (NS, MX, SRV targets; a CNAME's target), lower-case, for chasing and glue. */
  targets: string[] | null;
};

export const noRRs: RRs = { data: Buffer.alloc(0), count: 0 };

/** Bytes of the RR at `offset` of `data` (its RDLENGTH read from the header). */
export const rrLength = (data: Uint8Array, offset: number) => 10 + ((data[offset + 8] << 8) | data[offset + 9]);

export function joinRRs(tails: readonly Uint8Array[]): RRs {
  return { data: Buffer.concat(tails), count: tails.length };
}

/** dns-packet's single-record encoder (exported, though its type declarations leave it out). */
const recordCodec = (packet as unknown as { answer: { encode(record: packet.Answer): Buffer } }).answer;

/** Encodes one RR's type, class, TTL and RDATA with dns-packet (owner written as the root, then cut off). */
export function encodeTail(type: string, ttl: number, data: unknown): Buffer {
  const encoded = recordCodec.encode({ name: '.', type, class: 'IN', ttl, data } as packet.Answer);
  return encoded.subarray(1);
}

/** The wire form of a name we hold (lower-case, no escapes), uncompressed. */
export function encodeName(name: string): Uint8Array {
  if (name === '') return Uint8Array.of(0);
  const bytes = Buffer.alloc(name.length + 2);
  let at = 0;
  for (const label of name.split('.')) {
    bytes[at] = label.length;
    bytes.write(label, at + 1, 'latin1');
    at += label.length + 1;
  }
  bytes[at] = 0;
  return Uint8Array.from(bytes.subarray(0, at + 1));
}

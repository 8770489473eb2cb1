/**
 * A query read straight from the bytes into one reused object: the header, the one question (its name lower-cased,
 * with where each label sits, so answers can point to it) and the additional section's OPT record.
 */
import { EDNS_UDP_BYTES, FLAG_QR, OPCODE_MASK, PLAIN_UDP_BYTES, QTYPE, RCODE } from './wire.ts';

/** One query as read from the wire. Reused for every synchronous answer: copy what must outlive the call. */
export type Query = {
  message: Uint8Array;
  id: number;
  flags: number;
  opcode: number;
  /** The question's bytes (name, type, class) as received: echoed byte for byte. */
  questionEnd: number;
  qtype: number;
  qclass: number;
  /** Lower-case, dot-separated; a dot or backslash inside a label is escaped with a backslash (never one of our names). */
  name: string;
  /** Per label: where it starts in `name` and where its length byte sits in the message. */
  labelCount: number;
  labelAt: number[];
  labelWire: number[];
  edns: boolean;
  ednsVersion: number;
  dnssecOk: boolean;
  udpPayloadSize: number;
  /** IXFR: the serial the client holds (from the SOA in its authority section), else -1. */
  clientSerial: number;
};

/** Why a message got no regular answer: nothing at all (garbage, a response), or an error rcode for the header read. */
export type ParseFailure = { drop: true } | { drop: false; rcode: number; questionEnd: number };

const nameScratch = Buffer.alloc(1024);

function skipName(message: Uint8Array, offset: number): number {
  for (let hops = 0; offset < message.length && hops < 128; hops += 1) {
    const length = message[offset];
    if (length === 0) return offset + 1;
    if ((length & 0xc0) === 0xc0) return offset + 2 <= message.length ? offset + 2 : -1;
    if (length & 0xc0) return -1;
    offset += length + 1;
  }
  return -1;
}

const u16 = (m: Uint8Array, at: number) => (m[at] << 8) | m[at + 1];
const u32 = (m: Uint8Array, at: number) => ((m[at] << 24) | (m[at + 1] << 16) | (m[at + 2] << 8) | m[at + 3]) >>> 0;

/**
 * Reads the header, the one question and the additional section's OPT record into `into`. Returns null when `into`
 * holds a query to answer, else why not (FORMERR for a malformed one, REFUSED or NOTIMP are decided by the caller).
 */
export function parseQuery(message: Uint8Array, into: Query): ParseFailure | null {
  if (message.length < 12) return { drop: true };
  const flags = u16(message, 2);
  if (flags & FLAG_QR) return { drop: true };
  into.message = message;
  into.id = u16(message, 0);
  into.flags = flags;
  into.opcode = (flags & OPCODE_MASK) >> 11;
  into.edns = false;
  into.ednsVersion = 0;
  into.dnssecOk = false;
  into.udpPayloadSize = PLAIN_UDP_BYTES;
  into.clientSerial = -1;
  into.questionEnd = 12;
  const qdcount = u16(message, 4);
  if (qdcount !== 1) return { drop: false, rcode: RCODE.FORMERR, questionEnd: 12 };
  // The question name, uncompressed (a pointer there is FORMERR: there is nothing before it to point to).
  let offset = 12;
  let out = 0;
  let labels = 0;
  for (;;) {
    if (offset >= message.length) return { drop: false, rcode: RCODE.FORMERR, questionEnd: 12 };
    const length = message[offset];
    if (length === 0) {
      offset += 1;
      break;
    }
    if (length > 63 || offset + 1 + length > message.length || offset - 12 + length + 2 > 255) return { drop: false, rcode: RCODE.FORMERR, questionEnd: 12 };
    if (labels > 0) nameScratch[out++] = 0x2e;
    into.labelAt[labels] = out;
    into.labelWire[labels] = offset;
    labels += 1;
    for (let i = offset + 1, end = offset + 1 + length; i < end; i += 1) {
      let byte = message[i];
      if (byte >= 0x41 && byte <= 0x5a) byte |= 0x20;
      else if (byte === 0x2e || byte === 0x5c) nameScratch[out++] = 0x5c;
      nameScratch[out++] = byte;
    }
    offset += length + 1;
  }
  if (offset + 4 > message.length) return { drop: false, rcode: RCODE.FORMERR, questionEnd: 12 };
  into.labelCount = labels;
  into.name = labels === 0 ? '' : nameScratch.toString('latin1', 0, out);
  into.qtype = u16(message, offset);
  into.qclass = u16(message, offset + 2);
  offset += 4;
  into.questionEnd = offset;
  const ancount = u16(message, 6);
  const nscount = u16(message, 8);
  const arcount = u16(message, 10);
  if (ancount === 0 && nscount === 0 && arcount === 0) return null;
  for (let i = 0; i < ancount + nscount + arcount; i += 1) {
    const nameEnd = skipName(message, offset);
    if (nameEnd < 0 || nameEnd + 10 > message.length) return { drop: false, rcode: RCODE.FORMERR, questionEnd: into.questionEnd };
    const type = u16(message, nameEnd);
    const rdlength = u16(message, nameEnd + 8);
    if (nameEnd + 10 + rdlength > message.length) return { drop: false, rcode: RCODE.FORMERR, questionEnd: into.questionEnd };
    const inAdditional = i >= ancount + nscount;
    if (type === QTYPE.OPT) {
      // RFC 6891 §6.1.1: one OPT, in the additional section, owned by the root.
      if (!inAdditional || into.edns || nameEnd !== offset + 1) return { drop: false, rcode: RCODE.FORMERR, questionEnd: into.questionEnd };
      into.edns = true;
      into.udpPayloadSize = u16(message, nameEnd + 2);
      into.ednsVersion = message[nameEnd + 5];
      into.dnssecOk = (message[nameEnd + 6] & 0x80) !== 0;
    } else if (type === QTYPE.SOA && i >= ancount && !inAdditional && rdlength >= 22) {
      // IXFR's authority SOA: the serial follows MNAME and RNAME.
      const rdata = nameEnd + 10;
      const afterRname = skipName(message, skipName(message, rdata));
      if (afterRname > 0 && afterRname + 4 <= message.length) into.clientSerial = u32(message, afterRname);
    }
    offset = nameEnd + 10 + rdlength;
  }
  return null;
}

export function createQuery(): Query {
  return {
    message: new Uint8Array(0),
    id: 0,
    flags: 0,
    opcode: 0,
    questionEnd: 12,
    qtype: 0,
    qclass: 0,
    name: '',
    labelCount: 0,
    labelAt: new Array(128).fill(0),
    labelWire: new Array(128).fill(0),
    edns: false,
    ednsVersion: 0,
    dnssecOk: false,
    udpPayloadSize: PLAIN_UDP_BYTES,
    clientSerial: -1,
  };
}

/** A copy of a query whose answer has to wait (ALIAS lookups): the parse result is reused by the next message. */
export function copyQuery(query: Query): Query {
  return {
    ...query,
    message: Uint8Array.from(query.message),
    labelAt: query.labelAt.slice(0, query.labelCount),
    labelWire: query.labelWire.slice(0, query.labelCount),
  };
}

/** The largest UDP answer this query allows. */
export function udpLimit(query: Query): number {
  if (!query.edns) return PLAIN_UDP_BYTES;
  return Math.max(PLAIN_UDP_BYTES, Math.min(query.udpPayloadSize, EDNS_UDP_BYTES));
}

/**
 * The built-in server's packet layer: reads a query's header, question and OPT record straight from the bytes, and
 * writes answers from RRs encoded once per zone (owner names as compression pointers into the question, so they keep
 * the query's case and cost two bytes). dns-packet encodes the RDATA when a zone is compiled, never per query.
 */
import * as packet from 'dns-packet';

export const QTYPE = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, SRV: 33, OPT: 41, DS: 43, IXFR: 251, AXFR: 252, ANY: 255 } as const;
export const CLASS_IN = 1;
export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5, BADVERS: 16 } as const;
export const OPCODE = { QUERY: 0, NOTIFY: 4 } as const;

const FLAG_QR = 0x8000;
const FLAG_AA = 0x0400;
const FLAG_TC = 0x0200;
const FLAG_RD = 0x0100;
const FLAG_CD = 0x0010;
const OPCODE_MASK = 0x7800;
/** Without EDNS a UDP answer is at most 512 bytes (RFC 1035 §4.2.1); with it, what the client offers up to 1232 (DNS flag day 2020). */
export const PLAIN_UDP_BYTES = 512;
export const EDNS_UDP_BYTES = 1232;
const OPT_RR_BYTES = 11;
const MAX_MESSAGE = 65535;

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

/**
 * Writes one answer into a buffer it reuses: header, the question copied as received, then sections in order. Names
 * in the question are pointed to, so owners keep the query's case; other owners are written once and pointed to after.
 */
export class AnswerWriter {
  readonly buffer = Buffer.alloc(MAX_MESSAGE + 2);
  /** The message starts after a 2-byte length slot, so TCP can send it framed without a copy. */
  private readonly base = 2;
  pos = 0;
  private counts = [0, 0, 0];
  private section = 0;
  private flags = 0;
  private query!: Query;
  private names: string[] = [];
  private nameOffsets: number[] = [];

  begin(query: Query, withQuestion = true): void {
    this.query = query;
    const b = this.buffer;
    const m = query.message;
    const base = this.base;
    b[base] = m[0];
    b[base + 1] = m[1];
    this.flags = FLAG_QR | (query.flags & (OPCODE_MASK | FLAG_RD | FLAG_CD));
    this.counts[0] = 0;
    this.counts[1] = 0;
    this.counts[2] = 0;
    this.section = 0;
    this.names.length = 0;
    this.nameOffsets.length = 0;
    let pos = base + 12;
    const end = withQuestion ? query.questionEnd : 12;
    for (let i = 12; i < end; i += 1) b[pos++] = m[i];
    b[base + 4] = 0;
    b[base + 5] = end > 12 ? 1 : 0;
    this.pos = pos;
  }

  setRcode(rcode: number, authoritative: boolean): void {
    this.flags = (this.flags & ~(0x000f | FLAG_AA)) | (rcode & 0xf) | (authoritative ? FLAG_AA : 0);
  }

  get rcode(): number {
    return this.flags & 0xf;
  }

  get answerCount(): number {
    return this.counts[0];
  }

  /** Moves on to the authority (1) or additional (2) section; RRs are written in section order. */
  toSection(section: 1 | 2): void {
    this.section = section;
  }

  /** Where the name sits in the message (the question or a name written before), or -1. */
  private find(name: string): number {
    const q = this.query;
    const qname = q.name;
    if (qname.length >= name.length && qname.endsWith(name)) {
      for (let i = 0; i < q.labelCount; i += 1) {
        if (qname.length - q.labelAt[i] === name.length) return q.labelWire[i];
        if (qname.length - q.labelAt[i] < name.length) break;
      }
    }
    for (let i = 0; i < this.names.length; i += 1) if (this.names[i] === name) return this.nameOffsets[i];
    return -1;
  }

  private writeOwner(name: string): void {
    const b = this.buffer;
    const at = this.find(name);
    if (at >= 0) {
      b[this.pos++] = 0xc0 | (at >> 8);
      b[this.pos++] = at & 0xff;
      return;
    }
    // Written once here (lower-case: a name the query did not carry), pointed to by the RRs after it.
    if (this.pos - this.base < 0x3fff) {
      this.names.push(name);
      this.nameOffsets.push(this.pos - this.base);
    }
    const wire = encodeName(name);
    b.set(wire, this.pos);
    this.pos += wire.length;
  }

  /** Owner as the question name (offset 12, the query's own spelling). */
  private writeQuestionOwner(): void {
    this.buffer[this.pos++] = 0xc0;
    this.buffer[this.pos++] = 12;
  }

  /** RRs under `owner` (null: the question name); `ttl` overrides the stored TTL (ALIAS, negative SOA). */
  rrset(owner: string | null, set: RRs, ttl = -1): void {
    for (let i = 0, offset = 0; i < set.count; i += 1) offset = this.rrFrom(owner, set.data, offset, ttl);
  }

  /** The RR at `offset` of `data` under `owner`; returns where the next RR starts. */
  rrFrom(owner: string | null, data: Buffer, offset: number, ttl = -1): number {
    const length = rrLength(data, offset);
    if (owner === null) this.writeQuestionOwner();
    else this.writeOwner(owner);
    const b = this.buffer;
    const at = this.pos;
    data.copy(b, at, offset, offset + length);
    if (ttl >= 0) {
      b[at + 4] = ttl >>> 24;
      b[at + 5] = (ttl >>> 16) & 0xff;
      b[at + 6] = (ttl >>> 8) & 0xff;
      b[at + 7] = ttl & 0xff;
    }
    this.pos = at + length;
    this.counts[this.section] += 1;
    return offset + length;
  }

  /** A zone's SOA: its shared template with the zone's serial written in. */
  soa(owner: string | null, template: { tail: Buffer; serialAt: number }, serial: number, ttl = -1): void {
    this.rrFrom(owner, template.tail, 0, ttl);
    const tailAt = this.pos - template.tail.length;
    const b = this.buffer;
    const p = tailAt + template.serialAt;
    b[p] = serial >>> 24;
    b[p + 1] = (serial >>> 16) & 0xff;
    b[p + 2] = (serial >>> 8) & 0xff;
    b[p + 3] = serial & 0xff;
  }

  /** A position to come back to when the RRs after it do not fit (additional data is optional). */
  mark(): { pos: number; count: number; names: number } {
    return { pos: this.pos, count: this.counts[this.section], names: this.names.length };
  }

  rollback(mark: { pos: number; count: number; names: number }): void {
    this.pos = mark.pos;
    this.counts[this.section] = mark.count;
    this.names.length = mark.names;
    this.nameOffsets.length = mark.names;
  }

  get length(): number {
    return this.pos - this.base;
  }

  /** Drops every section written so far (the question stays). */
  reset(): void {
    this.pos = this.base + this.query.questionEnd;
    this.counts[0] = 0;
    this.counts[1] = 0;
    this.counts[2] = 0;
    this.section = 0;
    this.names.length = 0;
    this.nameOffsets.length = 0;
  }

  /** Drops every section, sets TC: the client asks again over TCP (RFC 1035 §4.2.1; RRL's slip). */
  truncate(): void {
    this.reset();
    this.flags |= FLAG_TC;
  }

  /** Ends the message: the OPT record when the query had EDNS (DO echoed, RFC 3225), the header counts. */
  finish(extendedRcode = 0): Uint8Array {
    const q = this.query;
    const b = this.buffer;
    if (q.edns) {
      let p = this.pos;
      b[p++] = 0;
      b[p++] = 0;
      b[p++] = QTYPE.OPT;
      b[p++] = EDNS_UDP_BYTES >> 8;
      b[p++] = EDNS_UDP_BYTES & 0xff;
      b[p++] = extendedRcode;
      b[p++] = 0;
      b[p++] = q.dnssecOk ? 0x80 : 0;
      b[p++] = 0;
      b[p++] = 0;
      b[p++] = 0;
      this.pos = p;
      this.counts[2] += 1;
    }
    const base = this.base;
    b[base + 2] = this.flags >> 8;
    b[base + 3] = this.flags & 0xff;
    b[base + 6] = this.counts[0] >> 8;
    b[base + 7] = this.counts[0] & 0xff;
    b[base + 8] = this.counts[1] >> 8;
    b[base + 9] = this.counts[1] & 0xff;
    b[base + 10] = this.counts[2] >> 8;
    b[base + 11] = this.counts[2] & 0xff;
    return b.subarray(base, this.pos);
  }

  /** The finished message with its 2-byte TCP length in front (RFC 1035 §4.2.2). */
  framed(): Uint8Array {
    const length = this.pos - this.base;
    this.buffer[0] = length >> 8;
    this.buffer[1] = length & 0xff;
    return this.buffer.subarray(0, this.pos);
  }

  /** Room left before `limit` bytes, keeping space for the OPT record. */
  fits(limit: number): boolean {
    return this.pos - this.base + (this.query.edns ? OPT_RR_BYTES : 0) <= limit;
  }
}

/** The largest UDP answer this query allows. */
export function udpLimit(query: Query): number {
  if (!query.edns) return PLAIN_UDP_BYTES;
  return Math.max(PLAIN_UDP_BYTES, Math.min(query.udpPayloadSize, EDNS_UDP_BYTES));
}

/** The answer to one query, written into a buffer reused from query to query (with room for its TCP length in front). */
import type { Query } from './query.ts';
import {
  EDNS_UDP_BYTES,
  encodeName,
  FLAG_AA,
  FLAG_CD,
  FLAG_QR,
  FLAG_RD,
  FLAG_TC,
  MAX_MESSAGE,
  OPCODE_MASK,
  OPT_RR_BYTES,
  QTYPE,
  type RRs,
  rrLength,
} from './wire.ts';

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

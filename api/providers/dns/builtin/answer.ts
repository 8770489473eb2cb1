/**
 * How a standard query (opcode QUERY, class IN) is answered from the zones in memory, written straight into the
 * AnswerWriter: RFC 1034 §4.3.2's algorithm with wildcards (RFC 4592), CNAME chains whose last name sets the rcode
 * (RFC 6604), negative answers carrying the SOA (RFC 2308), minimal ANY (RFC 8482), and ALIAS flattened into A/AAAA.
 */
import type { AliasResolver } from './alias-resolver.ts';
import type { AnswerWriter } from './answer-writer.ts';
import type { Query } from './query.ts';
import { noRRs, QTYPE, RCODE, type RRs, type RRset } from './wire.ts';
import { type CompiledZone, type ZoneBody, type ZoneNode, parentOfRelative, type ZoneStore } from './zone-store.ts';

const maxChase = 8;

/** RRsets an ANY query may get, in the order the first one present is picked (RFC 8482 §4.2: one RRset). */
const anyPreference = [QTYPE.A, QTYPE.AAAA, QTYPE.MX, QTYPE.TXT, QTYPE.SRV, QTYPE.NS, QTYPE.CNAME];

export type AnswerContext = {
  store: ZoneStore;
  alias: AliasResolver;
  minimalAny: boolean;
};

/** What the answer was, for rate limiting: the zone it came from and, for a referral, the delegation. */
export type AnswerInfo = { zone: CompiledZone | null; referral: string | null };

export type Flattened = { rrs: RRs; ttl: number; failed: boolean };

const empty: Flattened = { rrs: noRRs, ttl: 0, failed: false };

function findSet(node: ZoneNode, type: number): RRset | undefined {
  const sets = node.sets;
  for (let i = 0; i < sets.length; i += 1) if (sets[i].type === type) return sets[i];
  return undefined;
}

const relativeTo = (zone: CompiledZone, name: string): string | null =>
  name === zone.name
    ? ''
    : name.length > zone.name.length && name.endsWith(zone.name) && name.charCodeAt(name.length - zone.name.length - 1) === 46
      ? name.slice(0, name.length - zone.name.length - 1)
      : null;

const absolute = (zone: CompiledZone, relative: string) => (relative === '' ? zone.name : `${relative}.${zone.name}`);

/** The topmost delegation at or above `relative`, if any. */
function cutAbove(body: ZoneBody, relative: string): string | null {
  if (!body.cuts) return null;
  let found: string | null = null;
  for (const cut of body.cuts) {
    if ((relative === cut || relative.endsWith(`.${cut}`)) && (found === null || cut.length < found.length)) found = cut;
  }
  return found;
}

/** The wildcard that covers a name that does not exist, per RFC 4592: `*.` + its closest encloser. */
function wildcardFor(body: ZoneBody, relative: string): ZoneNode | undefined {
  for (let parent = parentOfRelative(relative); parent !== null; parent = parentOfRelative(parent)) {
    if (body.nodes.has(parent) || body.interior.has(parent)) return body.nodes.get(parent === '' ? '*' : `*.${parent}`);
  }
  return undefined;
}

/** The most specific zone we serve that holds `name` (a lower-case name, no escapes). */
export function zoneOf(store: ZoneStore, name: string): CompiledZone | undefined {
  for (let at = 0; at >= 0 && at < name.length; ) {
    const zone = store.get(at === 0 ? name : name.slice(at));
    if (zone) return zone;
    const dot = name.indexOf('.', at);
    at = dot < 0 ? -1 : dot + 1;
  }
  return undefined;
}

export class Answerer {
  readonly info: AnswerInfo = { zone: null, referral: null };

  constructor(private readonly context: AnswerContext) {}

  /**
   * A or AAAA addresses of an ALIAS target: from our own zones (following their CNAMEs and ALIASes), else from the
   * alias resolver's cache. Undefined: the resolver must be asked first (`pending` is set to that lookup).
   */
  flatten(target: string, type: number, depth: number, allowLookup: boolean, pending: { wait: Promise<void> | null }): Flattened | undefined {
    if (depth > maxChase) return empty;
    const zone = zoneOf(this.context.store, target);
    if (zone) {
      const relative = relativeTo(zone, target) as string;
      const node = zone.body.nodes.get(relative) ?? (zone.body.hasWildcard && !zone.body.interior.has(relative) ? wildcardFor(zone.body, relative) : undefined);
      if (!node) return empty;
      const cname = findSet(node, QTYPE.CNAME);
      if (cname?.targets) return this.flatten(cname.targets[0], type, depth + 1, allowLookup, pending);
      if (node.alias) return this.flatten(node.alias.target, type, depth + 1, allowLookup, pending);
      const set = findSet(node, type);
      return set ? { rrs: set, ttl: set.ttl, failed: false } : empty;
    }
    const cached = this.context.alias.cached(target, type);
    if (cached) return cached;
    if (!allowLookup) return { rrs: noRRs, ttl: 0, failed: true };
    pending.wait = this.context.alias.lookup(target, type);
    return undefined;
  }

  /**
   * Writes the answer to `query` into `writer` (begun). Returns null when done, or a lookup to wait for (an ALIAS
   * target the resolver must be asked about) after which the query is answered again from a copy.
   */
  answer(query: Query, writer: AnswerWriter, limit: number, allowLookup = true): Promise<void> | null {
    const info = this.info;
    info.zone = null;
    info.referral = null;
    let zone: CompiledZone | undefined;
    let apexLabel = 0;
    for (; apexLabel < query.labelCount; apexLabel += 1) {
      zone = this.context.store.get(apexLabel === 0 ? query.name : query.name.slice(query.labelAt[apexLabel]));
      if (zone) break;
    }
    if (!zone) {
      writer.setRcode(RCODE.REFUSED, false);
      return null;
    }
    info.zone = zone;
    const body = zone.body;
    const qtype = query.qtype;
    const relative = apexLabel === 0 ? '' : query.name.slice(0, query.labelAt[apexLabel] - 1);

    const cut = body.cuts ? cutAbove(body, relative) : null;
    if (cut !== null && !(qtype === QTYPE.DS && cut === relative)) {
      // Delegated below us: a referral, not authoritative (RFC 1034 §4.3.2 step 3b), glue in the additional section.
      info.referral = cut;
      writer.setRcode(RCODE.NOERROR, false);
      writer.toSection(1);
      const ns = findSet(body.nodes.get(cut) as ZoneNode, QTYPE.NS) as RRset;
      writer.rrset(absolute(zone, cut), ns);
      this.additional(zone, writer, ns, limit);
      return null;
    }

    writer.setRcode(RCODE.NOERROR, true);
    let owner: string | null = null;
    let node = body.nodes.get(relative);
    if (!node && !body.interior.has(relative) && body.hasWildcard) node = wildcardFor(body, relative);
    if (!node) return this.negative(zone, writer, body.interior.has(relative) ? RCODE.NOERROR : RCODE.NXDOMAIN);

    // CNAME: answered for every type but CNAME (and ANY, which gets the CNAME itself), followed while the chain stays
    // in this zone.
    if (qtype !== QTYPE.CNAME && qtype !== QTYPE.ANY) {
      for (let hops = 0; hops < maxChase; hops += 1) {
        const cname = findSet(node, QTYPE.CNAME);
        if (!cname) break;
        writer.rrset(owner, cname);
        const target = (cname.targets as string[])[0];
        const next = relativeTo(zone, target);
        if (next === null || cutAbove(body, next) !== null) return this.fit(writer, limit);
        owner = target;
        node = body.nodes.get(next);
        if (!node && !body.interior.has(next) && body.hasWildcard) node = wildcardFor(body, next);
        if (!node) return this.negative(zone, writer, body.interior.has(next) ? RCODE.NOERROR : RCODE.NXDOMAIN);
      }
    }

    const atApex = node === body.nodes.get('');
    if (qtype === QTYPE.ANY) return this.any(zone, node, owner, atApex, writer, limit, allowLookup);
    if (qtype === QTYPE.SOA && atApex) {
      writer.soa(owner, zone.soa, zone.serial);
      return this.fit(writer, limit);
    }
    if (node.alias && (qtype === QTYPE.A || qtype === QTYPE.AAAA)) return this.alias(zone, node, owner, qtype, writer, limit, allowLookup);
    const set = findSet(node, qtype);
    if (!set) return this.negative(zone, writer, RCODE.NOERROR);
    writer.rrset(owner, set);
    if (!writer.fits(limit)) {
      writer.truncate();
      return null;
    }
    this.additional(zone, writer, set, limit);
    return null;
  }

  /** ALIAS at the name: its target's addresses under the name, with the lower of the two TTLs. */
  private alias(
    zone: CompiledZone,
    node: ZoneNode,
    owner: string | null,
    type: number,
    writer: AnswerWriter,
    limit: number,
    allowLookup: boolean,
  ): Promise<void> | null {
    const alias = node.alias as NonNullable<ZoneNode['alias']>;
    const pending = { wait: null as Promise<void> | null };
    const flat = this.flatten(alias.target, type, 0, allowLookup, pending);
    if (!flat) return pending.wait;
    if (flat.failed) {
      // The resolver did not answer: say so, rather than let resolvers cache an empty answer.
      writer.reset();
      writer.setRcode(RCODE.SERVFAIL, false);
      return null;
    }
    if (flat.rrs.count === 0) return this.negative(zone, writer, RCODE.NOERROR);
    writer.rrset(owner, flat.rrs, Math.min(alias.ttl, flat.ttl));
    return this.fit(writer, limit);
  }

  /** NXDOMAIN or NODATA: the zone's SOA in the authority section with the negative TTL (RFC 2308 §3). */
  private negative(zone: CompiledZone, writer: AnswerWriter, rcode: number): null {
    writer.setRcode(rcode, true);
    writer.toSection(1);
    writer.soa(zone.name, zone.soa, zone.serial, zone.soa.negativeTtl);
    return null;
  }

  private fit(writer: AnswerWriter, limit: number): null {
    if (!writer.fits(limit)) writer.truncate();
    return null;
  }

  private any(
    zone: CompiledZone,
    node: ZoneNode,
    owner: string | null,
    atApex: boolean,
    writer: AnswerWriter,
    limit: number,
    allowLookup: boolean,
  ): Promise<void> | null {
    if (this.context.minimalAny) {
      for (const type of anyPreference) {
        const set = findSet(node, type);
        if (set) {
          writer.rrset(owner, set);
          return this.fit(writer, limit);
        }
      }
      if (node.alias) return this.alias(zone, node, owner, QTYPE.A, writer, limit, allowLookup);
      if (atApex) {
        writer.soa(owner, zone.soa, zone.serial);
        return this.fit(writer, limit);
      }
      return this.negative(zone, writer, RCODE.NOERROR);
    }
    if (node.alias) {
      // Every lookup first, so nothing is written twice when the answer is started over.
      for (const type of [QTYPE.A, QTYPE.AAAA]) {
        const pending = { wait: null as Promise<void> | null };
        if (!this.flatten(node.alias.target, type, 0, allowLookup, pending)) return pending.wait;
      }
    }
    if (atApex) writer.soa(owner, zone.soa, zone.serial);
    for (const set of node.sets) writer.rrset(owner, set);
    if (node.alias) {
      for (const type of [QTYPE.A, QTYPE.AAAA]) {
        const flat = this.flatten(node.alias.target, type, 0, false, { wait: null }) as Flattened;
        writer.rrset(owner, flat.rrs, Math.min(node.alias.ttl, flat.ttl));
      }
    }
    if (writer.answerCount === 0) return this.negative(zone, writer, RCODE.NOERROR);
    return this.fit(writer, limit);
  }

  /** Addresses of in-zone NS, MX and SRV targets, while they fit (additional data may be left out without TC). */
  private additional(zone: CompiledZone, writer: AnswerWriter, set: RRset, limit: number): void {
    if (!set.targets || set.type === QTYPE.CNAME) return;
    writer.toSection(2);
    for (const target of set.targets) {
      const relative = relativeTo(zone, target);
      if (relative === null) continue;
      const node = zone.body.nodes.get(relative);
      if (!node) continue;
      for (const type of [QTYPE.A, QTYPE.AAAA]) {
        const addresses = findSet(node, type);
        if (!addresses) continue;
        for (let i = 0, offset = 0; i < addresses.count; i += 1) {
          const mark = writer.mark();
          offset = writer.rrFrom(target, addresses.data, offset);
          if (!writer.fits(limit)) {
            writer.rollback(mark);
            return;
          }
        }
      }
    }
  }
}

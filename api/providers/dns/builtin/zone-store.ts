/**
 * Every zone the built-in server answers, in memory: compiled once into RRsets encoded for the wire, found for a
 * query by walking the query name's suffixes (apex → zone). Zones with the same content relative to their apex (most
 * parked domains) share one compiled body, so 100,000 zones cost little more than their SOAs and names.
 */
import { createHash } from 'node:crypto';
import type { Soa, Zone, ZoneRecord } from '../index.ts';
import { encodeRichRdata, richTypeCodes } from '../rdata.ts';
import { encodeTail, joinRRs, QTYPE, type RRset } from './wire.ts';

export type ZoneNode = {
  sets: RRset[];
  /** ALIAS at this name: flattened into A and AAAA at query time. */
  alias: { target: string; ttl: number } | null;
};

/** What a zone holds relative to its apex ('' is the apex, 'www', '*.blog'): shared by identical zones. */
export type ZoneBody = {
  nodes: Map<string, ZoneNode>;
  /** Names that exist only because a deeper one does (empty non-terminals: NODATA, not NXDOMAIN). */
  interior: ReadonlySet<string>;
  /** Names below the apex with NS records: delegations, answered with a referral. */
  cuts: string[] | null;
  hasWildcard: boolean;
};

/**
 * A zone's SOA but its serial, shared by every zone with the same one (all of ours): the RR after its owner, encoded
 * once, with the serial's offset in it, written over per zone.
 */
export type SoaTemplate = {
  soa: Omit<Soa, 'serial'>;
  tail: Buffer;
  serialAt: number;
  /** Negative answers carry the SOA with min(TTL, MINIMUM) (RFC 2308 §3). */
  negativeTtl: number;
};

export type CompiledZone = {
  name: string;
  /** The domain row it was built from (null for zones published by name only). */
  domainId: number | null;
  serial: number;
  soa: SoaTemplate;
  body: ZoneBody;
};

const rrTypes: Record<Exclude<ZoneRecord['type'], 'ALIAS'>, number> = {
  A: QTYPE.A,
  AAAA: QTYPE.AAAA,
  CNAME: QTYPE.CNAME,
  MX: QTYPE.MX,
  NS: QTYPE.NS,
  SRV: QTYPE.SRV,
  TXT: QTYPE.TXT,
  ...richTypeCodes,
};

function splitTxt(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  // Split on character boundaries: back off from a continuation byte (10xxxxxx).
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(start + 255, bytes.length);
    while (end < bytes.length && end > start && (bytes[end] & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end));
    start = end;
  }
  return parts.length ? parts : [Buffer.alloc(0)];
}

function recordTail(record: ZoneRecord): Buffer {
  switch (record.type) {
    case 'MX':
      return encodeTail('MX', record.ttl, { preference: record.priority ?? 0, exchange: record.data });
    case 'SRV':
      return encodeTail('SRV', record.ttl, { priority: record.priority ?? 0, weight: record.weight ?? 0, port: record.port ?? 0, target: record.data });
    case 'TXT':
      return encodeTail('TXT', record.ttl, splitTxt(record.data));
    case 'ALIAS':
      throw new Error('ALIAS records are flattened, never encoded');
    // CAA, HTTPS, SVCB, TLSA (issue #25): raw RDATA from rdata.ts under the type code, dns-packet's unknown-type form.
    case 'CAA':
    case 'HTTPS':
    case 'SVCB':
    case 'TLSA':
      return encodeTail(`UNKNOWN_${richTypeCodes[record.type]}`, record.ttl, encodeRichRdata(record));
    default:
      return encodeTail(record.type, record.ttl, record.data);
  }
}

function soaTemplate(soa: Soa): SoaTemplate {
  const { serial: _serial, ...rest } = soa;
  const tail = encodeTail('SOA', soa.ttl, { ...rest, serial: 0 });
  // TYPE CLASS TTL RDLENGTH, then MNAME and RNAME (uncompressed), then the serial.
  const serialAt = 10 + (soa.mname ? soa.mname.length + 2 : 1) + (soa.rname ? soa.rname.length + 2 : 1);
  return { soa: rest, tail, serialAt, negativeTtl: Math.min(soa.ttl, soa.minimum) };
}

const relative = (apex: string, name: string) => (name === apex ? '' : name.slice(0, name.length - apex.length - 1));

function parentOf(relativeName: string): string | null {
  if (relativeName === '') return null;
  const dot = relativeName.indexOf('.');
  return dot < 0 ? '' : relativeName.slice(dot + 1);
}

/**
 * The body's identity: a digest of its records relative to the apex, in a stable order (names in data stay absolute).
 * A digest rather than the text, so the index costs the same for a zone of 3 records or 300.
 */
function bodyKey(apex: string, records: readonly ZoneRecord[]): string {
  const lines = records.map((r) => `${relative(apex, r.name)}\t${r.type}\t${r.ttl}\t${r.priority ?? ''}\t${r.weight ?? ''}\t${r.port ?? ''}\t${r.data}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('base64');
}

/** Most bodies have no empty non-terminal: they share this one empty set. */
const noNames: ReadonlySet<string> = new Set();

/** Builds (or shares) the RRset of `list`, records of one type at one name. */
type RRsetSource = (type: number, list: ZoneRecord[]) => RRset;

function compileBody(apex: string, records: readonly ZoneRecord[], rrset: RRsetSource): ZoneBody {
  const nodes = new Map<string, ZoneNode>();
  const byType = new Map<string, Map<number, ZoneRecord[]>>();
  let hasWildcard = false;
  const node = (name: string) => {
    let found = nodes.get(name);
    if (!found) {
      found = { sets: [], alias: null };
      nodes.set(name, found);
    }
    return found;
  };
  for (const record of records) {
    if (record.name !== apex && !record.name.endsWith(`.${apex}`)) continue;
    const name = relative(apex, record.name);
    if (name === '*' || name.startsWith('*.')) hasWildcard = true;
    if (record.type === 'ALIAS') {
      node(name).alias = { target: record.data.toLowerCase(), ttl: record.ttl };
      continue;
    }
    node(name);
    let types = byType.get(name);
    if (!types) {
      types = new Map();
      byType.set(name, types);
    }
    const type = rrTypes[record.type];
    const list = types.get(type);
    if (list) list.push(record);
    else types.set(type, [record]);
  }
  for (const [name, types] of byType) {
    const target = nodes.get(name) as ZoneNode;
    for (const [type, list] of types) target.sets.push(rrset(type, list));
  }
  let interior: Set<string> | null = null;
  const cuts: string[] = [];
  for (const [name, found] of nodes) {
    for (let parent = parentOf(name); parent !== null && parent !== ''; parent = parentOf(parent)) {
      if (nodes.has(parent)) break;
      interior ??= new Set();
      interior.add(parent);
    }
    if (name !== '' && found.sets.some((set) => set.type === QTYPE.NS)) cuts.push(name);
  }
  return { nodes, interior: interior ?? noNames, cuts: cuts.length ? cuts : null, hasWildcard };
}

/** What makes two RRsets the same: type, the records' TTL and content (names in data absolute). */
function rrsetKey(type: number, list: readonly ZoneRecord[]): string {
  return `${type}\n${list
    .map((r) => `${r.ttl}\t${r.priority ?? ''}\t${r.weight ?? ''}\t${r.port ?? ''}\t${r.data}`)
    .sort()
    .join('\n')}`;
}

function buildRRset(type: number, list: readonly ZoneRecord[]): RRset {
  // One TTL per RRset (RFC 2181 §5.2): the lowest of its records.
  let ttl = list[0].ttl;
  for (const record of list) ttl = Math.min(ttl, record.ttl);
  const hosts = type === QTYPE.NS || type === QTYPE.MX || type === QTYPE.SRV || type === QTYPE.CNAME ? list.map((r) => r.data.toLowerCase()) : null;
  return { type, ttl, targets: hosts, ...joinRRs(list.map((r) => recordTail({ ...r, ttl }))) };
}

type Shared<T> = { value: T; key: string; users: number };

/** Called when a zone appears or its serial changes (secondaries get a NOTIFY). */
export type SerialListener = (zone: CompiledZone) => void;

export class ZoneStore {
  private readonly zones = new Map<string, CompiledZone>();
  private readonly byDomain = new Map<number, string>();
  private readonly bodies = new Map<string, Shared<ZoneBody>>();
  private readonly bodyOf = new WeakMap<ZoneBody, Shared<ZoneBody>>();
  /** RRsets shared between bodies (our NS set, the parking address ...), counted by the bodies that hold them. */
  private readonly rrsets = new Map<string, Shared<RRset>>();
  private readonly setOf = new WeakMap<RRset, Shared<RRset>>();
  private readonly soas = new Map<string, SoaTemplate>();
  private listener: SerialListener | null = null;
  private loading: Set<string> | null = null;

  get size(): number {
    return this.zones.size;
  }

  onSerialChange(listener: SerialListener | null): void {
    this.listener = listener;
  }

  /** The zone with this apex. */
  get(apex: string): CompiledZone | undefined {
    return this.zones.get(apex);
  }

  names(): IterableIterator<string> {
    return this.zones.keys();
  }

  private acquire(apex: string, records: readonly ZoneRecord[]): ZoneBody {
    const key = bodyKey(apex, records);
    const shared = this.bodies.get(key);
    if (shared) {
      shared.users += 1;
      return shared.value;
    }
    const body = compileBody(apex, records, (type, list) => {
      const setKey = rrsetKey(type, list);
      let set = this.rrsets.get(setKey);
      if (set) set.users += 1;
      else {
        set = { value: buildRRset(type, list), key: setKey, users: 1 };
        this.rrsets.set(setKey, set);
        this.setOf.set(set.value, set);
      }
      return set.value;
    });
    const entry = { value: body, key, users: 1 };
    this.bodies.set(key, entry);
    this.bodyOf.set(body, entry);
    return body;
  }

  private release(body: ZoneBody): void {
    const entry = this.bodyOf.get(body);
    if (!entry || --entry.users > 0) return;
    this.bodies.delete(entry.key);
    for (const node of body.nodes.values()) {
      for (const set of node.sets) {
        const shared = this.setOf.get(set);
        if (shared && --shared.users === 0) this.rrsets.delete(shared.key);
      }
    }
  }

  private removeName(name: string): void {
    const old = this.zones.get(name);
    if (!old) return;
    this.zones.delete(name);
    this.release(old.body);
    if (old.domainId !== null && this.byDomain.get(old.domainId) === name) this.byDomain.delete(old.domainId);
  }

  /** Serves `zone` (replacing what was served under its name), or stops serving `name`. */
  set(name: string, zone: Zone | null, domainId: number | null = null): void {
    const apex = name.toLowerCase();
    const old = this.zones.get(apex);
    if (!zone) {
      this.removeName(apex);
      return;
    }
    const owner = domainId ?? old?.domainId ?? null;
    if (owner !== null) {
      // The domain's zone had another name before (the row was renamed): that one goes.
      const previous = this.byDomain.get(owner);
      if (previous !== undefined && previous !== apex) this.removeName(previous);
      this.byDomain.set(owner, apex);
    }
    const soa = zone.soa;
    const soaKey = `${soa.mname} ${soa.rname} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum} ${soa.ttl}`;
    let template = this.soas.get(soaKey);
    if (!template) {
      template = soaTemplate(soa);
      this.soas.set(soaKey, template);
    }
    const compiled: CompiledZone = { name: apex, domainId: owner, serial: soa.serial, soa: template, body: this.acquire(apex, zone.records) };
    if (old) this.release(old.body);
    this.zones.set(apex, compiled);
    this.loading?.add(apex);
    if (old ? old.serial !== compiled.serial : !this.loading) this.listener?.(compiled);
  }

  /** A domain's zone changed: served as given, or no longer served (null). */
  setDomain(domainId: number, zone: Zone | null): void {
    if (zone) {
      this.set(zone.name, zone, domainId);
      return;
    }
    const name = this.byDomain.get(domainId);
    if (name !== undefined) this.removeName(name);
  }

  /**
   * A full load: zones set between `beginLoad` and `endLoad` are kept, every other zone stops being served. Only zones
   * already served whose serial moved are announced: a start-up does not NOTIFY every zone at once (secondaries poll
   * on their SOA refresh).
   */
  beginLoad(): void {
    this.loading = new Set();
  }

  endLoad(): void {
    const kept = this.loading;
    this.loading = null;
    if (!kept) return;
    for (const name of [...this.zones.keys()]) if (!kept.has(name)) this.removeName(name);
  }

  /** How many distinct compiled bodies the zones share (for the benchmark's memory figures). */
  get bodyCount(): number {
    return this.bodies.size;
  }

  /** How many distinct RRsets those bodies share. */
  get rrsetCount(): number {
    return this.rrsets.size;
  }
}

export { parentOf as parentOfRelative };

/**
 * Every zone the built-in server answers, in memory: compiled once into RRsets encoded for the wire, found for a
 * query by walking the query name's suffixes (apex → zone). Zones with the same content relative to their apex (most
 * parked domains) share one compiled body, so 100,000 zones cost little more than their SOAs and names.
 */
import { createHash } from 'node:crypto';
import type { Soa, Zone, ZoneRecord } from '../index.ts';
import { encodeTail, QTYPE, type RRset } from './wire.ts';

export type ZoneNode = {
  sets: RRset[];
  /** ALIAS at this name: flattened into A and AAAA at query time. */
  alias: { target: string; ttl: number } | null;
};

/** What a zone holds relative to its apex ('' is the apex, 'www', '*.blog'): shared by identical zones. */
export type ZoneBody = {
  nodes: Map<string, ZoneNode>;
  /** Names that exist only because a deeper one does (empty non-terminals: NODATA, not NXDOMAIN). */
  interior: Set<string>;
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
  tail: Uint8Array;
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

const rrTypes: Record<Exclude<ZoneRecord['type'], 'ALIAS'>, number> = { A: QTYPE.A, AAAA: QTYPE.AAAA, CNAME: QTYPE.CNAME, MX: QTYPE.MX, NS: QTYPE.NS, SRV: QTYPE.SRV, TXT: QTYPE.TXT };

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

function recordTail(record: ZoneRecord): Uint8Array {
  switch (record.type) {
    case 'MX':
      return encodeTail('MX', record.ttl, { preference: record.priority ?? 0, exchange: record.data });
    case 'SRV':
      return encodeTail('SRV', record.ttl, { priority: record.priority ?? 0, weight: record.weight ?? 0, port: record.port ?? 0, target: record.data });
    case 'TXT':
      return encodeTail('TXT', record.ttl, splitTxt(record.data));
    case 'ALIAS':
      throw new Error('ALIAS records are flattened, never encoded');
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

function compileBody(apex: string, records: readonly ZoneRecord[]): ZoneBody {
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
    for (const [type, list] of types) {
      // One TTL per RRset (RFC 2181 §5.2): the lowest of its records.
      const ttl = Math.min(...list.map((r) => r.ttl));
      const hosts = type === QTYPE.NS || type === QTYPE.MX || type === QTYPE.SRV || type === QTYPE.CNAME ? list.map((r) => r.data.toLowerCase()) : null;
      target.sets.push({ type, ttl, rrs: list.map((r) => recordTail({ ...r, ttl })), targets: hosts });
    }
  }
  const interior = new Set<string>();
  const cuts: string[] = [];
  for (const [name, found] of nodes) {
    for (let parent = parentOf(name); parent !== null && parent !== ''; parent = parentOf(parent)) {
      if (nodes.has(parent)) break;
      interior.add(parent);
    }
    if (name !== '' && found.sets.some((set) => set.type === QTYPE.NS)) cuts.push(name);
  }
  return { nodes, interior, cuts: cuts.length ? cuts : null, hasWildcard };
}

type Shared = { body: ZoneBody; users: number };

/** Called when a zone appears or its serial changes (secondaries get a NOTIFY). */
export type SerialListener = (zone: CompiledZone) => void;

export class ZoneStore {
  private readonly zones = new Map<string, CompiledZone>();
  private readonly byDomain = new Map<number, string>();
  private readonly bodies = new Map<string, Shared>();
  private readonly bodyKeys = new WeakMap<ZoneBody, string>();
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
      return shared.body;
    }
    const body = compileBody(apex, records);
    this.bodies.set(key, { body, users: 1 });
    this.bodyKeys.set(body, key);
    return body;
  }

  private release(body: ZoneBody): void {
    const key = this.bodyKeys.get(body);
    if (key === undefined) return;
    const shared = this.bodies.get(key);
    if (shared && --shared.users === 0) this.bodies.delete(key);
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
}

export { parentOf as parentOfRelative };

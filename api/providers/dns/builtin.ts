/**
 * The built-in authoritative DNS server (the default DNS provider): UDP and TCP on one port, answers from the zones
 * the services build, read through a short cache that publishZone refreshes at once in this process and that other
 * processes' changes reach within `cacheMs`. Messages are encoded and decoded by dns-packet.
 */
import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import * as packet from 'dns-packet';
import type { DnsProvider, Zone, ZoneRecord } from './index.ts';

/** Loads the zones named (apex names), null for a name we do not serve; one call for every candidate of a query. */
export type ZoneSource = (names: string[]) => Promise<Map<string, Zone | null>>;

export type DnsListenOptions = { port: number; host: string; loadZones: ZoneSource };

export type BuiltinDns = DnsProvider & {
  /** Starts answering on `port` (0: a free one) over UDP and TCP; resolves with the port both listen on. */
  listen(options: DnsListenOptions): Promise<{ port: number }>;
  /** Queries answered so far (for the start-up banner and benchmarks). */
  readonly answered: number;
};

/** How long another process's change may take to show: a cached zone is read again after this. */
const cacheMs = 500;
const maxCacheEntries = 20_000;
/** Without EDNS a UDP answer is at most 512 bytes; with it, at most 1232 (DNS flag day 2020) or what the client offers. */
const plainUdpBytes = 512;
const ednsUdpBytes = 1232;
const aliasTimeoutMs = 2000;
const maxChase = 8;
const tcpIdleMs = 10_000;

const rcode = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

type IndexedZone = {
  zone: Zone;
  /** Records by owner name. */
  names: Map<string, ZoneRecord[]>;
  /** Names that exist only because a deeper name does (empty non-terminals answer NODATA, not NXDOMAIN). */
  interior: Set<string>;
};

type Cached = { zone: IndexedZone | null; at: number };

function indexZone(zone: Zone): IndexedZone {
  const names = new Map<string, ZoneRecord[]>();
  const interior = new Set<string>();
  for (const record of zone.records) {
    const list = names.get(record.name);
    if (list) list.push(record);
    else names.set(record.name, [record]);
    for (let name = parentOf(record.name); name && name.length > zone.name.length; name = parentOf(name)) interior.add(name);
  }
  return { zone, names, interior };
}

function reportFailure(error: unknown): void {
  console.error('DNS: a query could not be answered:', error);
}

function parentOf(name: string): string | null {
  const dot = name.indexOf('.');
  return dot < 0 ? null : name.slice(dot + 1);
}

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

function toAnswer(record: ZoneRecord, owner = record.name): packet.Answer {
  const base = { name: owner, ttl: record.ttl, class: 'IN' as const };
  switch (record.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'NS':
      return { ...base, type: record.type, data: record.data } as packet.Answer;
    case 'MX':
      return { ...base, type: 'MX', data: { preference: record.priority ?? 0, exchange: record.data } };
    case 'SRV':
      return { ...base, type: 'SRV', data: { priority: record.priority ?? 0, weight: record.weight ?? 0, port: record.port ?? 0, target: record.data } };
    case 'TXT':
      return { ...base, type: 'TXT', data: splitTxt(record.data) };
    case 'ALIAS':
      throw new Error('ALIAS records are flattened, never sent');
  }
}

function soaAnswer(zone: Zone, ttl?: number): packet.Answer {
  const { soa } = zone;
  return {
    name: zone.name,
    type: 'SOA',
    class: 'IN',
    // RFC 2308 §3: a negative answer's SOA carries min(TTL, MINIMUM).
    ttl: ttl ?? Math.min(soa.ttl, soa.minimum),
    data: { mname: soa.mname, rname: soa.rname, serial: soa.serial, refresh: soa.refresh, retry: soa.retry, expire: soa.expire, minimum: soa.minimum },
  };
}

export function createBuiltinDns(): BuiltinDns {
  const cache = new Map<string, Cached>();
  const loading = new Map<string, Promise<void>>();
  let source: ZoneSource | null = null;
  let udp: dgram.Socket | null = null;
  let tcp: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  const inFlight = new Set<Promise<unknown>>();
  let answered = 0;
  let closing = false;
  const aliasCache = new Map<string, { addresses: string[]; ttl: number; at: number }>();
  const resolver = new Resolver({ timeout: aliasTimeoutMs, tries: 1 });

  function remember(name: string, zone: IndexedZone | null) {
    if (cache.size >= maxCacheEntries) cache.delete(cache.keys().next().value as string);
    cache.set(name, { zone, at: performance.now() });
  }

  function fresh(name: string): Cached | undefined {
    const hit = cache.get(name);
    return hit && performance.now() - hit.at < cacheMs ? hit : undefined;
  }

  /** The most specific zone we serve that holds `qname`, or null (REFUSED). */
  async function findZone(qname: string): Promise<IndexedZone | null> {
    const candidates: string[] = [];
    for (let name: string | null = qname; name?.includes('.'); name = parentOf(name)) candidates.push(name);
    const missing = candidates.filter((name) => !fresh(name));
    if (missing.length && source) {
      const key = missing.join(' ');
      let pending = loading.get(key);
      if (!pending) {
        const load = source;
        pending = load(missing)
          .then((zones) => {
            for (const name of missing) {
              const zone = zones.get(name);
              remember(name, zone ? indexZone(zone) : null);
            }
          })
          .finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      await pending;
    }
    for (const name of candidates) {
      const zone = cache.get(name)?.zone;
      if (zone) return zone;
    }
    return null;
  }

  /** ALIAS target's addresses: from our own zones when we serve it, else from the system's resolvers (cached for their TTL). */
  async function flattenAlias(target: string, type: 'A' | 'AAAA', ttl: number, depth: number): Promise<{ addresses: string[]; ttl: number }> {
    if (depth > maxChase) return { addresses: [], ttl };
    const own = await findZone(target);
    if (own) {
      const records = own.names.get(target) ?? [];
      const cname = records.find((r) => r.type === 'CNAME' || r.type === 'ALIAS');
      if (cname) return flattenAlias(cname.data, type, Math.min(ttl, cname.ttl), depth + 1);
      const found = records.filter((r) => r.type === type);
      return { addresses: found.map((r) => r.data), ttl: Math.min(ttl, ...found.map((r) => r.ttl)) };
    }
    const key = `${type} ${target}`;
    const hit = aliasCache.get(key);
    if (hit && performance.now() - hit.at < hit.ttl * 1000) return hit;
    try {
      const found = type === 'A' ? await resolver.resolve4(target, { ttl: true }) : await resolver.resolve6(target, { ttl: true });
      const result = { addresses: found.map((r) => r.address), ttl: Math.max(30, Math.min(ttl, ...found.map((r) => r.ttl))), at: performance.now() };
      aliasCache.set(key, result);
      return result;
    } catch {
      return { addresses: [], ttl: 30 };
    }
  }

  /** The records at `name` for `type`, ALIAS flattened into A and AAAA. */
  async function recordsOf(zone: IndexedZone, name: string, owner: string, type: string): Promise<packet.Answer[]> {
    const here = zone.names.get(name) ?? [];
    const answers: packet.Answer[] = [];
    for (const record of here) {
      if (record.type === 'ALIAS') {
        if (type === 'A' || type === 'AAAA' || type === 'ANY') {
          const families: ('A' | 'AAAA')[] = type === 'ANY' ? ['A', 'AAAA'] : [type];
          for (const family of families) {
            const flat = await flattenAlias(record.data, family, record.ttl, 0);
            for (const address of flat.addresses) answers.push({ name: owner, type: family, class: 'IN', ttl: flat.ttl, data: address } as packet.Answer);
          }
        }
      } else if (record.type === type || type === 'ANY') answers.push(toAnswer(record, owner));
    }
    return answers;
  }

  /** A delegation (customer NS records below the apex) covering `qname`, most general first. */
  function findCut(zone: IndexedZone, qname: string): { name: string; ns: ZoneRecord[] } | null {
    const chain: string[] = [];
    for (let name: string | null = qname; name && name !== zone.zone.name; name = parentOf(name)) chain.unshift(name);
    for (const name of chain) {
      const ns = (zone.names.get(name) ?? []).filter((r) => r.type === 'NS');
      if (ns.length) return { name, ns };
    }
    return null;
  }

  /** Address records for in-zone targets (glue, MX and SRV hosts), for the additional section. */
  function additionalFor(zone: IndexedZone, answers: packet.Answer[]): packet.Answer[] {
    const targets = new Set<string>();
    for (const answer of answers) {
      if (answer.type === 'NS') targets.add(answer.data as string);
      if (answer.type === 'MX') targets.add((answer.data as { exchange: string }).exchange);
      if (answer.type === 'SRV') targets.add((answer.data as { target: string }).target);
    }
    const extra: packet.Answer[] = [];
    for (const target of targets) {
      if (target !== zone.zone.name && !target.endsWith(`.${zone.zone.name}`)) continue;
      for (const record of zone.names.get(target) ?? []) if (record.type === 'A' || record.type === 'AAAA') extra.push(toAnswer(record));
    }
    return extra;
  }

  async function resolve(query: packet.Packet): Promise<packet.Packet> {
    const reply: packet.Packet = {
      id: query.id,
      type: 'response',
      flags: (query.flags ?? 0) & packet.RECURSION_DESIRED,
      questions: query.questions,
      answers: [],
      authorities: [],
      additionals: [],
    };
    const setRcode = (code: number, authoritative: boolean) => {
      reply.flags = ((reply.flags ?? 0) & ~0x040f) | code | (authoritative ? packet.AUTHORITATIVE_ANSWER : 0);
    };
    const opcode = ((query.flags ?? 0) >> 11) & 0xf;
    const question = query.questions?.[0];
    if (opcode !== 0) {
      setRcode(rcode.NOTIMP, false);
      return reply;
    }
    if (!question || (query.questions?.length ?? 0) !== 1) {
      setRcode(rcode.FORMERR, false);
      return reply;
    }
    const qname = question.name.toLowerCase().replace(/\.$/, '');
    const qtype = question.type as string;
    const zone = await findZone(qname);
    if (!zone) {
      setRcode(rcode.REFUSED, false);
      return reply;
    }
    const cut = findCut(zone, qname);
    if (cut && !(qtype === 'DS' && cut.name === qname)) {
      // A subdomain delegated elsewhere: refer, not authoritative (RFC 1034 §4.3.2).
      reply.authorities = cut.ns.map((record) => toAnswer(record));
      reply.additionals = additionalFor(zone, reply.authorities);
      setRcode(rcode.NOERROR, false);
      return reply;
    }
    setRcode(rcode.NOERROR, true);
    let name = qname;
    let records = zone.names.get(name);
    if (!records && !zone.interior.has(name)) {
      // Wildcard: *.closest-existing-parent (RFC 4592), unless a name between exists.
      for (let parent = parentOf(name); parent && parent.length >= zone.zone.name.length; parent = parentOf(parent)) {
        const wildcard = zone.names.get(`*.${parent}`);
        if (wildcard) {
          records = wildcard;
          name = `*.${parent}`;
          break;
        }
        if (zone.names.has(parent) || zone.interior.has(parent)) break;
      }
    }
    if (!records) {
      if (!zone.interior.has(qname) && qname !== zone.zone.name) setRcode(rcode.NXDOMAIN, true);
      if (qname !== zone.zone.name || qtype !== 'SOA') {
        reply.authorities = [soaAnswer(zone.zone)];
        return reply;
      }
    }
    if (qtype === 'SOA' && qname === zone.zone.name) {
      reply.answers = [soaAnswer(zone.zone, zone.zone.soa.ttl)];
      return reply;
    }
    // CNAME: answer it for every type but CNAME itself, and follow it while it stays in this zone.
    let owner = qname;
    for (let hops = 0; hops < maxChase; hops += 1) {
      const cname = (zone.names.get(name) ?? []).find((r) => r.type === 'CNAME');
      if (!cname || qtype === 'CNAME') break;
      reply.answers?.push(toAnswer(cname, owner));
      const target = cname.data;
      if (target !== zone.zone.name && !target.endsWith(`.${zone.zone.name}`)) return reply;
      name = target;
      owner = target;
      if (!zone.names.has(name)) return reply;
    }
    const found = await recordsOf(zone, name, owner, qtype === 'ANY' ? 'ANY' : qtype);
    if (qtype === 'ANY' && owner === zone.zone.name) found.unshift(soaAnswer(zone.zone, zone.zone.soa.ttl));
    reply.answers?.push(...found);
    if ((reply.answers?.length ?? 0) === 0) reply.authorities = [soaAnswer(zone.zone)];
    else reply.additionals = additionalFor(zone, reply.answers ?? []);
    return reply;
  }

  /** Answers one message; null when it cannot even be read (dropped, as servers do with garbage). */
  async function handle(message: Buffer, maxBytes: number | null): Promise<Buffer | null> {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      if (message.length < 12) return null;
      // The header is readable: say FORMERR for its id.
      return packet.encode({ id: message.readUInt16BE(0), type: 'response', flags: rcode.FORMERR, questions: [] });
    }
    if (query.type !== 'query') return null;
    let reply: packet.Packet;
    try {
      reply = await resolve(query);
    } catch (error) {
      console.error('DNS: answering failed:', error);
      reply = { id: query.id, type: 'response', flags: rcode.SERVFAIL, questions: query.questions };
    }
    const opt = query.additionals?.find((record) => record.type === 'OPT') as { udpPayloadSize?: number } | undefined;
    if (opt) reply.additionals = [...(reply.additionals ?? []), { name: '.', type: 'OPT', udpPayloadSize: ednsUdpBytes, flags: 0 } as packet.Answer];
    answered += 1;
    let encoded = packet.encode(reply);
    const limit = maxBytes === null ? null : opt ? Math.max(plainUdpBytes, Math.min(opt.udpPayloadSize ?? plainUdpBytes, ednsUdpBytes)) : plainUdpBytes;
    if (limit !== null && encoded.length > limit) {
      // Too big for UDP: the client asks again over TCP (RFC 1035 §4.2.1).
      encoded = packet.encode({ ...reply, flags: (reply.flags ?? 0) | packet.TRUNCATED_RESPONSE, answers: [], authorities: [], additionals: opt ? reply.additionals?.slice(-1) : [] });
    }
    return encoded;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  function serveTcp(socket: net.Socket) {
    sockets.add(socket);
    socket.setTimeout(tcpIdleMs, () => socket.end());
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < length + 2) break;
        const message = buffered.subarray(2, length + 2);
        buffered = buffered.subarray(length + 2);
        void track(
          handle(message, null).then((answer) => {
            if (!answer || socket.destroyed || socket.writableEnded) return;
            const framed = Buffer.alloc(answer.length + 2);
            framed.writeUInt16BE(answer.length, 0);
            answer.copy(framed, 2);
            return new Promise<void>((resolve) => socket.write(framed, () => resolve()));
          }),
        ).catch(reportFailure);
      }
    });
  }

  async function listenOn(port: number, host: string): Promise<number> {
    const family = net.isIPv6(host) ? 'udp6' : 'udp4';
    const socket = dgram.createSocket({ type: family, reuseAddr: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    const bound = socket.address().port;
    const server = net.createServer(serveTcp);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(bound, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      socket.close();
      throw error;
    }
    socket.on('error', (error) => console.error('DNS (UDP):', error.message));
    socket.on('message', (message, peer) => {
      if (closing) return;
      // The send is part of the work close() waits for: a datagram queued on a socket being closed is dropped.
      void track(
        handle(message, plainUdpBytes).then((answer) => answer && new Promise<void>((resolve) => socket.send(answer, peer.port, peer.address, () => resolve()))),
      ).catch(reportFailure);
    });
    udp = socket;
    tcp = server;
    return bound;
  }

  return {
    name: 'builtin',
    get answered() {
      return answered;
    },
    async publishZone(name, zone) {
      remember(name, zone ? indexZone(zone) : null);
    },
    async listen({ port, host, loadZones }) {
      source = loadZones;
      closing = false;
      // With port 0, UDP picks a free port and TCP takes the same; if TCP finds it taken, try another.
      for (let attempt = 0; ; attempt += 1) {
        try {
          return { port: await listenOn(port, host) };
        } catch (error) {
          if (port !== 0 || attempt >= 5 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
        }
      }
    },
    async close() {
      closing = true;
      // Drain: stop taking connections, let queries already being answered go out, then close the sockets.
      const server = tcp;
      const tcpClosed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await Promise.allSettled([...inFlight]);
      for (const socket of sockets) socket.end();
      await Promise.race([tcpClosed, new Promise((resolve) => setTimeout(resolve, 1000))]);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (udp ? udp.close(() => resolve()) : resolve()));
      udp = null;
      tcp = null;
      source = null;
    },
  };
}

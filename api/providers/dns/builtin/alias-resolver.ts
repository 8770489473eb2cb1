/**
 * ALIAS flattening outside our own zones: asks only the resolvers configured in DNS_ALIAS_RESOLVER (never the
 * machine's), refuses special-use and internal names without asking, drops addresses no public client should be sent
 * to, and keeps answers in a bounded cache for their TTL.
 */
import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import { BlockList, isIP } from 'node:net';
import * as packet from 'dns-packet';
import type { ResolverAddress } from './addresses.ts';
import { encodeTail, joinRRs, noRRs, QTYPE, type RRs } from './wire.ts';
import { isRefusedAliasTarget } from '../../../contract/dns/alias-targets.ts';

export type AliasAnswer = {
  /** A or AAAA RRs without owners, TTL to be written over (wire.ts AnswerWriter.rrset). */
  rrs: RRs;
  /** Seconds left, at least 1. */
  ttl: number;
  /** The resolvers did not answer (SERVFAIL to the client, asked again after a few seconds). */
  failed: boolean;
};

type Entry = { rrs: RRs; expires: number; failed: boolean };

const timeoutMs = 1500;
const failureSeconds = 5;
const defaultNegativeSeconds = 60;
const maxTtlSeconds = 86_400;

/** Private, loopback, link-local, unique-local, shared, multicast and reserved ranges (IANA special-purpose registries). */
const unroutable = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, bits, 'ipv6');
  return list;
})();

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is never a public client's answer; a rule for it would also catch plain IPv4.
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !unroutable.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class AliasResolver {
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly servers: readonly ResolverAddress[],
    private readonly maxEntries = 10_000,
  ) {}

  /** What the cache holds for `target` (refused names: nothing, never asked), or undefined when it must be asked. */
  cached(target: string, type: number): AliasAnswer | undefined {
    if (isRefusedAliasTarget(target) || this.servers.length === 0) return { rrs: noRRs, ttl: defaultNegativeSeconds, failed: false };
    const entry = this.cache.get(`${type} ${target}`);
    if (!entry) return undefined;
    const left = Math.floor((entry.expires - performance.now()) / 1000);
    if (left < 1) {
      this.cache.delete(`${type} ${target}`);
      return undefined;
    }
    return { rrs: entry.rrs, ttl: left, failed: entry.failed };
  }

  /** Asks the configured resolvers once (concurrent askers share the question) and caches what they say. */
  lookup(target: string, type: number): Promise<void> {
    const key = `${type} ${target}`;
    let running = this.pending.get(key);
    if (!running) {
      running = this.ask(target, type)
        .then((entry) => this.remember(key, entry))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  get size(): number {
    return this.cache.size;
  }

  /** Waits for lookups under way (shutdown). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending.values()]);
  }

  private remember(key: string, entry: Entry) {
    // Bounded: the oldest entry makes room (Map keeps insertion order).
    while (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, entry);
  }

  private async ask(target: string, type: number): Promise<Entry> {
    for (const server of this.servers) {
      const reply = await query(server, target, type).catch(() => null);
      if (!reply) continue;
      const rcode = ((reply.flags ?? 0) & 0xf) as number;
      if (rcode !== 0 && rcode !== 3) continue;
      return fromReply(reply, target, type);
    }
    return { rrs: noRRs, expires: performance.now() + failureSeconds * 1000, failed: true };
  }
}

function fromReply(reply: packet.Packet, target: string, type: number): Entry {
  const wanted = type === QTYPE.A ? 'A' : 'AAAA';
  const answers = (reply.answers ?? []).filter((a) => a.type !== 'OPT') as { name: string; type: string; ttl?: number; data: unknown }[];
  // Follow the CNAME chain from the target through the answer section; only its addresses count.
  let name = target;
  let ttl = maxTtlSeconds;
  const addresses: string[] = [];
  for (let hops = 0; hops < 16; hops += 1) {
    const here = answers.filter((a) => a.name.toLowerCase() === name);
    const found = here.filter((a) => a.type === wanted);
    if (found.length) {
      for (const record of found) {
        ttl = Math.min(ttl, record.ttl ?? 0);
        addresses.push(String(record.data));
      }
      break;
    }
    const cname = here.find((a) => a.type === 'CNAME');
    if (!cname) break;
    ttl = Math.min(ttl, cname.ttl ?? 0);
    name = String(cname.data).toLowerCase();
  }
  const usable = addresses.filter(isPublicAddress);
  if (usable.length === 0) {
    const soa = (reply.authorities ?? []).find((a) => a.type === 'SOA') as { ttl?: number; data?: { minimum?: number } } | undefined;
    const negative = soa ? Math.min(soa.ttl ?? defaultNegativeSeconds, soa.data?.minimum ?? defaultNegativeSeconds) : defaultNegativeSeconds;
    return { rrs: noRRs, expires: performance.now() + Math.max(1, Math.min(negative, 3600)) * 1000, failed: false };
  }
  return {
    rrs: joinRRs(usable.map((address) => encodeTail(wanted, 0, address))),
    expires: performance.now() + Math.max(1, Math.min(ttl, maxTtlSeconds)) * 1000,
    failed: false,
  };
}

/** One question over UDP from a fresh socket (a random source port and id: spoofed answers must guess both). */
function query(server: ResolverAddress, name: string, type: number): Promise<packet.Packet> {
  const id = randomInt(0, 0x10000);
  const message = packet.encode({
    type: 'query',
    id,
    flags: packet.RECURSION_DESIRED,
    questions: [{ name, type: type === QTYPE.A ? 'A' : 'AAAA', class: 'IN' }],
    additionals: [{ name: '.', type: 'OPT', udpPayloadSize: 1232, flags: 0 } as packet.Answer],
  });
  const socket = dgram.createSocket(isIP(server.address) === 6 ? 'udp6' : 'udp4');
  return new Promise<packet.Packet>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('timed out')), timeoutMs);
    let finished = false;
    function done(error: Error | null, reply?: packet.Packet) {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(reply as packet.Packet);
    }
    socket.on('error', (error) => done(error));
    socket.on('message', (message, peer) => {
      if (peer.port !== server.port) return;
      let reply: packet.Packet;
      try {
        reply = packet.decode(message);
      } catch {
        return;
      }
      const question = reply.questions?.[0];
      if (reply.id !== id || reply.type !== 'response' || question?.name.toLowerCase() !== name || question.type !== (type === QTYPE.A ? 'A' : 'AAAA')) return;
      if ((reply.flags ?? 0) & packet.TRUNCATED_RESPONSE) return done(new Error('truncated'));
      done(null, reply);
    });
    socket.send(message, server.port, server.address, (error) => error && done(error));
  });
}

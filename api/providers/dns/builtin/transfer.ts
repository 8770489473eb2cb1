/**
 * Feeding standard secondaries (NSD, Knot, BIND): full zone transfers over TCP (AXFR, RFC 5936; IXFR answered with
 * the whole zone as RFC 1995 §4 allows, or the SOA alone when the secondary is current) to the configured addresses
 * only, and NOTIFY (RFC 1996) to them when a zone's serial changes, repeated until they acknowledge it.
 */
import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import { BlockList, isIP } from 'node:net';
import * as packet from 'dns-packet';
import type { ResolverAddress } from './addresses.ts';
import { AnswerWriter } from './answer-writer.ts';
import type { Query } from './query.ts';
import { OPCODE, QTYPE, RCODE, type RRs } from './wire.ts';
import type { CompiledZone } from './zone-store.ts';

/** Fills AXFR messages to about this size (RFC 5936 allows 65,535; smaller ones keep memory per transfer small). */
const messageBytes = 16_000;
const notifyRetries = 5;
const notifyIntervalMs = 2000;

/** Who may transfer zones: the secondaries' addresses (any source port). */
export function secondaryList(secondaries: readonly ResolverAddress[]): BlockList {
  const list = new BlockList();
  for (const { address } of secondaries) list.addAddress(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

export function isSecondary(list: BlockList, address: string): boolean {
  const mapped = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  const family = isIP(mapped);
  return family !== 0 && list.check(mapped, family === 6 ? 'ipv6' : 'ipv4');
}

/** RFC 1982 serial arithmetic: whether `a` is newer than `b`. */
export function isNewerSerial(a: number, b: number): boolean {
  return a !== b && ((a > b && a - b < 2 ** 31) || (a < b && b - a > 2 ** 31));
}

export type FlattenForTransfer = (target: string, type: number) => Promise<{ rrs: RRs; ttl: number }>;

/**
 * The messages of a zone transfer, each framed for TCP: SOA, every RRset (ALIAS flattened to the addresses it has
 * now, as PowerDNS's outgoing-axfr-expand-alias does: secondaries know no ALIAS), SOA again.
 */
export async function* transferMessages(zone: CompiledZone, query: Query, flatten: FlattenForTransfer): AsyncGenerator<Uint8Array> {
  const writer = new AnswerWriter();
  const start = () => {
    writer.begin(query);
    writer.setRcode(RCODE.NOERROR, true);
  };
  const flush = () => {
    writer.finish();
    return Uint8Array.from(writer.framed());
  };
  start();
  writer.soa(zone.name, zone.soa, zone.serial);
  const apexFirst = [...zone.body.nodes.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : 0));
  for (const relative of apexFirst) {
    const node = zone.body.nodes.get(relative);
    if (!node) continue;
    const owner = relative === '' ? zone.name : `${relative}.${zone.name}`;
    const sets: { rrs: RRs; ttl: number }[] = node.sets.map((set) => ({ rrs: set, ttl: -1 }));
    if (node.alias) {
      for (const type of [QTYPE.A, QTYPE.AAAA]) {
        const flat = await flatten(node.alias.target, type);
        sets.push({ rrs: flat.rrs, ttl: Math.min(node.alias.ttl, flat.ttl) });
      }
    }
    for (const { rrs, ttl } of sets) {
      for (let i = 0, offset = 0; i < rrs.count; i += 1) {
        if (writer.length > messageBytes) {
          yield flush();
          start();
        }
        offset = writer.rrFrom(owner, rrs.data, offset, ttl);
      }
    }
  }
  writer.soa(zone.name, zone.soa, zone.serial);
  yield flush();
}

/** The answer to a secondary whose copy is current (IXFR) or that asked over UDP: the SOA alone. */
export function soaOnly(zone: CompiledZone, writer: AnswerWriter): void {
  writer.setRcode(RCODE.NOERROR, true);
  writer.soa(zone.name, zone.soa, zone.serial);
}

type Pending = { zone: string; serial: number; secondary: ResolverAddress; id: number; attempts: number; timer: ReturnType<typeof setTimeout> | null };

/** Sends NOTIFY for each changed zone to every secondary until it answers (or after five tries, gives up). */
export class Notifier {
  private readonly sockets = new Map<4 | 6, dgram.Socket>();
  private readonly pending = new Map<string, Pending>();
  private closed = false;
  /** NOTIFYs acknowledged by a secondary, for the start-up banner and tests. */
  acknowledged = 0;

  constructor(
    private readonly secondaries: readonly ResolverAddress[],
    private readonly sourceHost: string | null,
  ) {}

  notify(zone: CompiledZone): void {
    if (this.closed) return;
    for (const secondary of this.secondaries) {
      const key = `${zone.name} ${secondary.address} ${secondary.port}`;
      const existing = this.pending.get(key);
      if (existing?.timer) clearTimeout(existing.timer);
      // A newer change replaces the one still being announced: the secondary fetches whatever is current.
      const entry: Pending = { zone: zone.name, serial: zone.serial, secondary, id: randomInt(0, 0x10000), attempts: 0, timer: null };
      this.pending.set(key, entry);
      this.send(key, entry, zone);
    }
  }

  private socket(family: 4 | 6): dgram.Socket {
    let socket = this.sockets.get(family);
    if (socket) return socket;
    socket = dgram.createSocket(family === 6 ? 'udp6' : 'udp4');
    socket.on('error', (error) => console.error('DNS NOTIFY:', error.message));
    socket.on('message', (message, peer) => this.onReply(message, peer));
    // From the address the server answers on, when it has one: secondaries accept NOTIFY from their primary's address.
    const source = this.sourceHost && isIP(this.sourceHost) === family && !/^(0\.0\.0\.0|::)$/.test(this.sourceHost) ? this.sourceHost : undefined;
    socket.bind({ port: 0, address: source });
    socket.unref();
    this.sockets.set(family, socket);
    return socket;
  }

  private send(key: string, entry: Pending, zone: CompiledZone): void {
    if (this.closed || this.pending.get(key) !== entry) return;
    if (entry.attempts >= notifyRetries) {
      this.pending.delete(key);
      console.warn(`DNS: ${entry.secondary.address}:${entry.secondary.port} did not answer NOTIFY for ${entry.zone} (serial ${entry.serial})`);
      return;
    }
    entry.attempts += 1;
    const message = packet.encode({
      type: 'query',
      id: entry.id,
      flags: (OPCODE.NOTIFY << 11) | packet.AUTHORITATIVE_ANSWER,
      questions: [{ name: zone.name, type: 'SOA', class: 'IN' }],
      answers: [
        {
          name: zone.name,
          type: 'SOA',
          class: 'IN',
          ttl: zone.soa.soa.ttl,
          data: { ...zone.soa.soa, serial: zone.serial },
        },
      ],
    });
    const family = isIP(entry.secondary.address) === 6 ? 6 : 4;
    this.socket(family).send(message, entry.secondary.port, entry.secondary.address);
    entry.timer = setTimeout(() => this.send(key, entry, zone), notifyIntervalMs);
    entry.timer.unref?.();
  }

  private onReply(message: Buffer, peer: dgram.RemoteInfo): void {
    if (message.length < 12) return;
    const id = message.readUInt16BE(0);
    const flags = message.readUInt16BE(2);
    if (!(flags & 0x8000) || ((flags >> 11) & 0xf) !== OPCODE.NOTIFY) return;
    for (const [key, entry] of this.pending) {
      if (entry.id !== id || entry.secondary.port !== peer.port || entry.secondary.address !== peer.address) continue;
      if (entry.timer) clearTimeout(entry.timer);
      this.pending.delete(key);
      this.acknowledged += 1;
    }
  }

  close(): void {
    this.closed = true;
    for (const entry of this.pending.values()) if (entry.timer) clearTimeout(entry.timer);
    this.pending.clear();
    for (const socket of this.sockets.values()) socket.close();
    this.sockets.clear();
  }
}

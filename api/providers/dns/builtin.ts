/**
 * The built-in authoritative DNS server (the default DNS provider): UDP and TCP on one port, answering from zones held
 * in memory (builtin/zone-store.ts) that the services load at start and keep current as the database changes. Under
 * Bun, UDP goes through Bun.udpSocket and a query is answered synchronously into one reused buffer; only ALIAS targets
 * the resolver must be asked about and zone transfers wait. Rate limiting (RRL), NOTIFY and AXFR to configured
 * secondaries, and EDNS follow the RFCs the README lists.
 */
import net from 'node:net';
import { AliasResolver } from './builtin/alias-resolver.ts';
import { Answerer } from './builtin/answer.ts';
import type { BuiltinDnsOptions } from './builtin/options.ts';
import { DROP, ResponseRateLimiter, SLIP } from './builtin/rate-limit.ts';
import { isNewerSerial, isSecondary, Notifier, secondaryList, soaOnly, transferMessages } from './builtin/transfer.ts';
import { bindUdp, type Reply, type UdpEndpoint } from './builtin/udp.ts';
import { AnswerWriter } from './builtin/answer-writer.ts';
import { copyQuery, createQuery, parseQuery, type Query, udpLimit } from './builtin/query.ts';
import { CLASS_IN, noRRs, OPCODE, QTYPE, RCODE } from './builtin/wire.ts';
import { ZoneStore } from './builtin/zone-store.ts';
import type { DnsProvider } from './index.ts';

export type DnsListenOptions = { port: number; host: string };

export type DnsCounters = { answered: number; rateLimitedDropped: number; rateLimitedTruncated: number; transfers: number; notifiesAcknowledged: number };

export type BuiltinDns = DnsProvider & {
  /** The zones served: the services fill it (a full load at start, then each change); queries only read it. */
  readonly zones: ZoneStore;
  /** Starts answering on `port` (0: a free one) over UDP and TCP; resolves with the port both listen on. */
  listen(options: DnsListenOptions): Promise<{ port: number }>;
  readonly listening: boolean;
  /** Queries answered so far (for the start-up banner and benchmarks). */
  readonly answered: number;
  counters(): DnsCounters;
};

const tcpIdleMs = 10_000;
const maxTcpConnections = 512;
const tcpLimit = 65_535;

export function createBuiltinDns(options: BuiltinDnsOptions = {}): BuiltinDns {
  const zones = new ZoneStore();
  const alias = new AliasResolver(options.aliasResolvers ?? []);
  const answerer = new Answerer({ store: zones, alias, minimalAny: options.minimalAny ?? true });
  const limiter = new ResponseRateLimiter(options.rateLimit ?? { responsesPerSecond: 0, slip: 2, ipv4Prefix: 24, ipv6Prefix: 56 });
  const secondaries = secondaryList(options.secondaries ?? []);
  let notifier: Notifier | null = null;
  const query = createQuery();
  const writer = new AnswerWriter();
  let udp: UdpEndpoint | null = null;
  let tcp: net.Server | null = null;
  const connections = new Set<net.Socket>();
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;
  const counters: DnsCounters = { answered: 0, rateLimitedDropped: 0, rateLimitedTruncated: 0, transfers: 0, notifiesAcknowledged: 0 };

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  /** Which of RRL's response kinds this is (BIND's): same answer, NXDOMAIN or NODATA from a zone, referral, error. */
  function responseKey(q: Query, w: AnswerWriter): string {
    const { zone, referral } = answerer.info;
    const rcode = w.rcode;
    if (rcode === RCODE.NXDOMAIN && zone) return `x ${zone.name}`;
    if (rcode !== RCODE.NOERROR || !zone) return 'e';
    if (referral !== null) return `r ${referral}.${zone.name}`;
    if (w.answerCount === 0) return `d ${zone.name}`;
    return `a ${q.qtype} ${q.name}`;
  }

  /**
   * Everything but answering from zones: errors from the header, opcodes, classes, EDNS versions, transfers. Returns
   * true when `w` holds the reply, false when the zones must answer, or a transfer to stream (TCP).
   */
  function screen(q: Query, w: AnswerWriter, transport: 'udp' | 'tcp', address: string): boolean | 'transfer' {
    w.begin(q);
    if (q.opcode !== OPCODE.QUERY) {
      // RFC 1035 §4.1.1: not implemented; the reply carries the opcode it was asked with.
      w.setRcode(RCODE.NOTIMP, false);
      return true;
    }
    if (q.ednsVersion > 0) {
      // RFC 6891 §6.1.3: BADVERS (16: 0 in the header, 1 in the OPT's extended rcode), our version 0.
      w.setRcode(RCODE.BADVERS & 0xf, false);
      return true;
    }
    if (q.qclass !== CLASS_IN) {
      w.setRcode(RCODE.REFUSED, false);
      return true;
    }
    if (q.qtype === QTYPE.OPT) {
      w.setRcode(RCODE.FORMERR, false);
      return true;
    }
    if (q.qtype === QTYPE.AXFR || q.qtype === QTYPE.IXFR) {
      const zone = zones.get(q.name);
      if (!zone || !isSecondary(secondaries, address) || (transport === 'udp' && q.qtype === QTYPE.AXFR)) {
        w.setRcode(RCODE.REFUSED, false);
        return true;
      }
      // IXFR from a secondary that is current, or over UDP: the SOA alone (RFC 1995 §2, §4).
      if (q.qtype === QTYPE.IXFR && (transport === 'udp' || (q.clientSerial >= 0 && !isNewerSerial(zone.serial, q.clientSerial)))) {
        soaOnly(zone, w);
        return true;
      }
      return 'transfer';
    }
    // Meta types we do not serve (TKEY, TSIG, MAILB, MAILA).
    if (q.qtype >= 249 && q.qtype <= 254) {
      w.setRcode(RCODE.NOTIMP, false);
      return true;
    }
    return false;
  }

  /** Applies RRL to a finished UDP answer in `w`: null to drop it. */
  function rateLimited(q: Query, w: AnswerWriter, address: string): Uint8Array | null {
    if (limiter.enabled && !isSecondary(secondaries, address)) {
      const verdict = limiter.check(address, responseKey(q, w));
      if (verdict === DROP) {
        counters.rateLimitedDropped += 1;
        return null;
      }
      if (verdict === SLIP) {
        counters.rateLimitedTruncated += 1;
        w.truncate();
      }
    }
    counters.answered += 1;
    return w.finish(q.ednsVersion > 0 ? RCODE.BADVERS >> 4 : 0);
  }

  function onUdp(message: Uint8Array, _port: number, address: string, reply: Reply): void {
    if (closing) return;
    try {
      const failure = parseQuery(message, query);
      if (failure) {
        if (failure.drop) return;
        writer.begin(query, failure.questionEnd > 12);
        writer.setRcode(failure.rcode, false);
        const answer = rateLimited(query, writer, address);
        if (answer) reply(answer);
        return;
      }
      const screened = screen(query, writer, 'udp', address);
      if (screened !== false) {
        answerer.info.zone = null;
        const answer = rateLimited(query, writer, address);
        if (answer) reply(answer);
        return;
      }
      const pending = answerer.answer(query, writer, udpLimit(query));
      if (pending === null) {
        const answer = rateLimited(query, writer, address);
        if (answer) reply(answer);
        return;
      }
      // An ALIAS target the resolver must be asked about: answer from a copy once it has been.
      const copy = copyQuery(query);
      void track(
        pending.then(async () => {
          const own = new AnswerWriter();
          own.begin(copy);
          answerer.answer(copy, own, udpLimit(copy), false);
          const answer = rateLimited(copy, own, address);
          if (answer) await reply(answer);
        }),
      ).catch(reportFailure);
    } catch (error) {
      reportFailure(error);
    }
  }

  /**
   * One TCP query: the answer (framed), or the messages of a zone transfer. `q` and `w` belong to the connection, whose
   * queries are answered one after the other.
   */
  async function answerTcp(message: Uint8Array, address: string, q: Query, w: AnswerWriter, write: (framed: Uint8Array) => Promise<void>): Promise<void> {
    const failure = parseQuery(message, q);
    if (failure) {
      if (failure.drop) return;
      w.begin(q, failure.questionEnd > 12);
      w.setRcode(failure.rcode, false);
      w.finish();
      return write(Uint8Array.from(w.framed()));
    }
    const screened = screen(q, w, 'tcp', address);
    if (screened === 'transfer') {
      const zone = zones.get(q.name);
      if (!zone) return;
      counters.transfers += 1;
      const flatten = async (target: string, type: number) => {
        const pending = { wait: null as Promise<void> | null };
        let flat = answerer.flatten(target, type, 0, true, pending);
        if (!flat) {
          await pending.wait;
          flat = answerer.flatten(target, type, 0, false, pending);
        }
        return flat && !flat.failed ? flat : { rrs: noRRs, ttl: 0 };
      };
      for await (const framed of transferMessages(zone, q, flatten)) await write(framed);
      return;
    }
    if (screened === false) {
      const pending = answerer.answer(q, w, tcpLimit);
      if (pending) {
        await pending;
        w.begin(q);
        answerer.answer(q, w, tcpLimit, false);
      }
    }
    counters.answered += 1;
    w.finish(q.ednsVersion > 0 ? RCODE.BADVERS >> 4 : 0);
    return write(Uint8Array.from(w.framed()));
  }

  function serveTcp(socket: net.Socket) {
    if (closing || connections.size >= maxTcpConnections) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.setTimeout(tcpIdleMs, () => socket.destroy());
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    const address = socket.remoteAddress ?? '';
    const write = (framed: Uint8Array) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) return resolve();
        socket.write(framed, () => resolve());
      });
    let buffered: Buffer = Buffer.alloc(0);
    const q = createQuery();
    const w = new AnswerWriter();
    // Queries on one connection are answered in order (RFC 7766 allows either; in order keeps transfers whole).
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < 2 + length) break;
        const message = Uint8Array.from(buffered.subarray(2, 2 + length));
        buffered = buffered.subarray(2 + length);
        queue = queue.then(() => track(answerTcp(message, address, q, w, write)).catch(reportFailure));
      }
    });
  }

  async function listenOn(port: number, host: string): Promise<number> {
    const endpoint = await bindUdp(host, port, onUdp);
    const server = net.createServer(serveTcp);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(endpoint.port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      endpoint.close();
      throw error;
    }
    udp = endpoint;
    tcp = server;
    return endpoint.port;
  }

  return {
    name: 'builtin',
    zones,
    get listening() {
      return udp !== null;
    },
    get answered() {
      return counters.answered;
    },
    counters: () => ({ ...counters, notifiesAcknowledged: notifier?.acknowledged ?? 0 }),
    async publishZone(name, zone) {
      // Only a process that serves DNS keeps zones; others learn nothing from this (the database is the source).
      if (udp) zones.set(name, zone);
    },
    async listen({ port, host }) {
      closing = false;
      if (options.secondaries?.length) {
        const active = new Notifier(options.secondaries, host);
        notifier = active;
        zones.onSerialChange((zone) => active.notify(zone));
      }
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
      for (const socket of connections) socket.end();
      await Promise.race([tcpClosed, new Promise((resolve) => setTimeout(resolve, 1000))]);
      for (const socket of connections) socket.destroy();
      udp?.close();
      udp = null;
      tcp = null;
      zones.onSerialChange(null);
      notifier?.close();
      notifier = null;
      await alias.settle();
    },
  };
}

function reportFailure(error: unknown): void {
  console.error('DNS: a query could not be answered:', error);
}

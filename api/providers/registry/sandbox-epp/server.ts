/**
 * The sandbox registry served over EPP (RFC 5730 with RFC 5734 TLS framing) on loopback, for the product's own EPP
 * client, Net::EPP and any other EPP software: several simulated registries on one port, each logging in with its
 * own clID and password and serving only its extensions, all over the sandbox registry world in PostgreSQL.
 */
import tls from 'node:tls';
import { type Clock, now } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { createFrameDecoder, frame } from '../epp-connection.ts';
import { childOf, ns, parseXml, textOf, type XmlElement } from '../epp-xml.ts';
import { registryLatencyMs } from '../sandbox-availability.ts';
import { loadOrCreateCertificate } from './certificate.ts';
import { contactCommand } from './contacts.ts';
import type { CommandContext } from './context.ts';
import { createDomain, renewDomain } from './domain-create.ts';
import { checkDomains, infoDomain } from './domain-query.ts';
import { transferDomain } from './domain-transfer.ts';
import { deleteDomain, purgeExpiredDeletions, updateDomain } from './domain-update.ts';
import { greetingXml, type Reply, refuse, responseXml } from './frames.ts';
import { hostCommand } from './hosts.ts';
import { login } from './login.ts';
import { poll } from './poll.ts';
import { createRegistryRouter, extensionOf, type SimulatedRegistry } from './registries.ts';
import { downRegistries, markRegistryDown } from './registry-states.ts';

export type { SimulatedRegistry } from './registries.ts';

export type SandboxEppServerOptions = {
  /** 0: a free port. */
  port: number;
  host?: string;
  registries: SimulatedRegistry[];
  /** Where the self-signed certificate is kept (made at first start). */
  certDir: string;
  db: Db;
  /** The sandbox world reads the process clock (api/clock.ts); pass the same one. */
  clock?: Clock;
  /** Our registrar's name in the sandbox world (EPP_REGISTRAR_NAME). */
  registrarName?: string;
  /** Simulated answer time per extension (SANDBOX_REGISTRY_LATENCY_MS; 0: answer at once). */
  latencyMs?: number;
  /** How often other processes' stops and starts (the admin command) are read, in ms. */
  statePollMs?: number;
  /** Sees every frame received ('in') and sent ('out'): for conformance tests and traces. */
  onFrame?(direction: 'in' | 'out', xml: string): void;
};

export type SandboxEppServer = {
  port: number;
  host: string;
  registries: readonly SimulatedRegistry[];
  /** The server certificate in PEM: the `ca` an EPP client pins. */
  ca: string;
  certPath: string;
  /** Stops (true) or starts (false) one simulated registry: stopped, it refuses logins and its sessions are dropped. */
  setRegistryDown(name: string, down: boolean): Promise<void>;
  stop(): Promise<void>;
};

import type { Session } from './session.ts';

export type { Session };

let transactions = 0;

export async function startSandboxEppServer(options: SandboxEppServerOptions): Promise<SandboxEppServer> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? { now };
  const router = createRegistryRouter(options.registries);
  const registrarName = options.registrarName ?? 'Dotspot, Inc.';
  const passwords = new Map(options.registries.map((registry) => [registry.name, registry.password]));
  const certificate = await loadOrCreateCertificate(options.certDir);
  const sessions = new Set<Session>();
  let down = await downRegistries(options.db);
  let lastPurge = Number.NEGATIVE_INFINITY;

  const dropSessionsOf = (name: string) => {
    for (const session of sessions) if (session.registry?.name === name) session.socket.destroy();
  };
  const refreshStates = async () => {
    const now = await downRegistries(options.db);
    for (const name of now) if (!down.has(name)) dropSessionsOf(name);
    down = now;
  };
  const stateTimer = setInterval(() => void refreshStates().catch(() => undefined), options.statePollMs ?? 2000);
  stateTimer.unref?.();

  const send = (socket: tls.TLSSocket, xml: string) => {
    options.onFrame?.('out', xml);
    socket.write(frame(xml));
  };

  const latencyOf = (domain: string) => registryLatencyMs(router.forDomain(domain)?.name ?? extensionOf(domain), options.latencyMs ?? 0);

  async function dispatch(session: Session, command: XmlElement, extension: XmlElement | undefined): Promise<Reply> {
    const verbEl = command.children.find((child) => child.ns === ns.epp && child.name !== 'extension' && child.name !== 'clTRID');
    if (!verbEl) return refuse(2001, 'The command names no action');
    const verb = verbEl.name;
    if (verb === 'login') return login(session, verbEl, { registries: options.registries, passwords, isDown: (name) => down.has(name), sessions });
    if (!session.registry) return refuse(2002, 'Log in first');
    if (verb === 'logout') return { code: 1500, close: 'answer-then-close' };
    const ctx: CommandContext = {
      db: options.db,
      clock,
      router,
      registrarName,
      registry: session.registry,
      clientId: session.clientId,
      extURIs: session.extURIs,
      extension,
      latencyOf,
    };
    if (verb === 'poll') return poll(ctx, verbEl.attrs.op ?? '', verbEl.attrs.msgID);
    const object = verbEl.children[0];
    if (!object) return refuse(2001, `<${verb}> names no object`);
    if (object.ns === ns.host) return hostCommand(ctx, verb, object);
    if (object.ns === ns.contact) return contactCommand(ctx, verb, object);
    if (object.ns !== ns.domain) return refuse(2307, `Objects of ${object.ns} are not served here`);
    if (performance.now() - lastPurge > 60_000) {
      lastPurge = performance.now();
      await purgeExpiredDeletions(ctx);
    }
    switch (verb) {
      case 'check':
        return checkDomains(ctx, object);
      case 'info':
        return infoDomain(ctx, object);
      case 'create':
        return createDomain(ctx, object);
      case 'renew':
        return renewDomain(ctx, object);
      case 'update':
        return updateDomain(ctx, object);
      case 'delete':
        return deleteDomain(ctx, object);
      case 'transfer':
        return transferDomain(ctx, verbEl.attrs.op ?? '', object);
      default:
        return refuse(2101, `<${verb}> is not a command this registry knows`);
    }
  }

  /** One frame in, at most one frame out. */
  async function handle(session: Session, xml: string): Promise<void> {
    options.onFrame?.('in', xml);
    const svTRID = `SIM-${(session.registry?.name ?? 'anon').slice(0, 20)}-${clock.now().getTime().toString(36)}-${++transactions}`;
    let root: XmlElement;
    try {
      root = parseXml(xml);
    } catch (error) {
      send(session.socket, responseXml(refuse(2001, `Not XML: ${(error as Error).message}`), undefined, svTRID));
      return;
    }
    if (root.ns !== ns.epp || root.name !== 'epp') {
      send(session.socket, responseXml(refuse(2001, 'The root element is not <epp> in the EPP namespace'), undefined, svTRID));
      return;
    }
    if (childOf(root, ns.epp, 'hello')) {
      send(session.socket, greetingXml('Dotspot sandbox registry', clock.now()));
      return;
    }
    const command = childOf(root, ns.epp, 'command');
    if (!command) {
      send(session.socket, responseXml(refuse(2001, 'Expected <command> or <hello>'), undefined, svTRID));
      return;
    }
    const clTRID = textOf(command, ns.epp, 'clTRID');
    let reply: Reply;
    try {
      reply = await dispatch(session, command, childOf(command, ns.epp, 'extension'));
    } catch (error) {
      console.error('Sandbox EPP server: a command failed:', error);
      reply = refuse(2400, 'The registry could not carry out the command');
    }
    if (reply.close === 'before' || reply.close === 'after') {
      // A dropped connection or a lost answer: the client hears nothing.
      session.socket.destroy();
      return;
    }
    send(session.socket, responseXml(reply, clTRID, svTRID));
    if (reply.close === 'answer-then-close' || reply.code >= 2500) session.socket.end();
  }

  const server = tls.createServer({ cert: certificate.cert, key: certificate.key, minVersion: 'TLSv1.2' }, (socket) => {
    const session: Session = { socket, registry: null, clientId: '', extURIs: new Set(), failures: 0 };
    sessions.add(session);
    let chain = Promise.resolve();
    const decode = createFrameDecoder((xml) => {
      chain = chain
        .then(() => handle(session, xml))
        .catch(() => {
          socket.destroy();
        });
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        decode(chunk);
      } catch {
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sessions.delete(session));
    socket.setKeepAlive(true, 60_000);
    // One frame per answer: send it now rather than wait to coalesce (Nagle), or every answer waits on the client's ACK.
    socket.setNoDelay(true);
    send(socket, greetingXml('Dotspot sandbox registry', clock.now()));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
    host,
    registries: options.registries,
    ca: certificate.cert,
    certPath: certificate.certPath,
    async setRegistryDown(name, isDown) {
      if (!passwords.has(name)) throw new Error(`No sandbox registry is named ${name}; there are ${[...passwords.keys()].join(', ')}`);
      await markRegistryDown(options.db, name, isDown, clock.now());
      if (isDown) {
        down.add(name);
        dropSessionsOf(name);
      } else down.delete(name);
    },
    async stop() {
      clearInterval(stateTimer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.socket.destroy();
      await closed;
    },
  };
}

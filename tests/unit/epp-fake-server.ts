/**
 * An in-process EPP registry for tests: TLS with a certificate made at start-up, RFC 5734 framing, a session that logs
 * in and out, and hooks that drop, stall or lose the answer to the next command; the registry it talks to, with
 * real-shaped RFC 5730-5733 (+ RFC 8748 fee) answers kept in memory, is epp-fake-registry.ts.
 */
import tls from 'node:tls';
import selfsigned from 'selfsigned';
import { createFrameDecoder, frame } from '../../api/providers/registry/epp-connection.ts';
import { childOf, ns, parseXml, textOf, type XmlElement } from '../../api/providers/registry/epp-xml.ts';
import { createFakeRegistry, type FakeRegistryOptions } from './epp-fake-registry.ts';

export { daysAgo, type FakeContact, type FakeDomain, type FakeMessage, yearsAhead } from './epp-fake-registry.ts';

export type FakeEppServer = Awaited<ReturnType<typeof startFakeEppServer>>;

export async function startFakeEppServer(options: FakeRegistryOptions & { pw?: string } = {}) {
  const registry = createFakeRegistry(options);
  const { clID, respond, fail, handleLoggedIn } = registry;
  let password = options.pw ?? 'secret-pw';
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });

  // What the registry holds, and what the connection side records and is told to do.
  const state = Object.assign(registry.state, {
    /** Every command received, by name, with the object names it carried. */
    received: [] as Array<{ command: string; names: string[]; xml: string }>,
    logins: 0,
    hellos: 0,
    logouts: 0,
    /** Next command of this name (`create`, or `create:domain` for one object type): close the socket without answering. */
    dropNext: null as string | null,
    /** Next command of this name: never answer. */
    stallNext: null as string | null,
    /** Next command of this name: carry it out, then close the socket before the answer goes out (the answer is lost). */
    loseAnswerNext: null as string | null,
    /** Domain checks are answered this long after they arrive (0: at once), so a test can act while one is on the wire. */
    checkDelayMs: 0,
  });
  const sockets = new Set<tls.TLSSocket>();

  const greeting = () =>
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${ns.epp}"><greeting><svID>Fake Registry EPP</svID><svDate>${new Date().toISOString()}</svDate><svcMenu><version>1.0</version><lang>en</lang><objURI>${ns.domain}</objURI><objURI>${ns.contact}</objURI><objURI>${ns.host}</objURI><svcExtension>${state.offerFees ? `<extURI>${ns.fee}</extURI>` : ''}<extURI>${ns.secDNS}</extURI><extURI>${ns.rgp}</extURI></svcExtension></svcMenu><dcp><access><all/></access><statement><purpose><admin/><prov/></purpose><recipient><ours/></recipient><retention><stated/></retention></statement></dcp></greeting></epp>`;

  function handleCommand(command: XmlElement, loggedIn: { value: boolean }): string | null {
    const clTRID = textOf(command, ns.epp, 'clTRID') ?? '';
    const verb = command.children.find((child) => child.ns === ns.epp && child.name !== 'clTRID' && child.name !== 'extension');
    if (!verb) return fail(2001, 'Command syntax error', clTRID);
    const object = verb.children[0];
    const names = object ? [...object.children.filter((c) => c.name === 'name' || c.name === 'id').map((c) => c.text)] : [];
    const commandName = verb.name === 'transfer' || verb.name === 'poll' ? `${verb.name}-${verb.attrs.op}` : verb.name;
    const kind = object?.ns === ns.domain ? 'domain' : object?.ns === ns.host ? 'host' : object?.ns === ns.contact ? 'contact' : '';
    const fullName = kind ? `${commandName}:${kind}` : commandName;
    state.received.push({ command: fullName, names, xml: '' });
    if (state.dropNext === commandName || state.dropNext === fullName) {
      state.dropNext = null;
      return 'DROP';
    }
    if (state.loseAnswerNext === commandName || state.loseAnswerNext === fullName) {
      state.loseAnswerNext = null;
      if (loggedIn.value) handleLoggedIn(verb, object, command, clTRID);
      return 'DROP';
    }
    if (state.stallNext === commandName) {
      state.stallNext = null;
      return null;
    }
    if (verb.name === 'login') {
      if (textOf(verb, ns.epp, 'clID') !== clID || textOf(verb, ns.epp, 'pw') !== password) return fail(2200, 'Authentication error', clTRID);
      // RFC 5730 §2.9.1.1: a <newPW> replaces the password from this login on.
      password = textOf(verb, ns.epp, 'newPW') ?? password;
      loggedIn.value = true;
      state.logins += 1;
      return respond(1000, 'Command completed successfully', clTRID);
    }
    if (!loggedIn.value) return fail(2002, 'Command use error: not logged in', clTRID);
    if (verb.name === 'logout') {
      state.logouts += 1;
      return respond(1500, 'Command completed successfully; ending session', clTRID);
    }
    return handleLoggedIn(verb, object, command, clTRID);
  }

  const server = tls.createServer({ key: pems.private, cert: pems.cert }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const loggedIn = { value: false };
    const decode = createFrameDecoder((xml) => {
      const root = parseXml(xml);
      if (childOf(root, ns.epp, 'hello')) {
        state.hellos += 1;
        socket.write(frame(greeting()));
        return;
      }
      const command = childOf(root, ns.epp, 'command');
      if (!command) return;
      const answer = handleCommand(command, loggedIn);
      const last = state.received.at(-1);
      if (last) last.xml = xml;
      if (answer === 'DROP') {
        socket.destroy();
        return;
      }
      if (answer === null) return;
      if (state.checkDelayMs > 0 && state.received.at(-1)?.command === 'check:domain') {
        setTimeout(() => socket.write(frame(answer)), state.checkDelayMs);
        return;
      }
      socket.write(frame(answer));
      if (childOf(command, ns.epp, 'logout')) socket.end();
    });
    socket.on('data', (chunk: Buffer) => decode(chunk));
    socket.write(frame(greeting()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    state,
    port,
    ca: pems.cert,
    clID,
    password,
    /** Closes every client socket (as a registry restart or a network cut would). */
    cutConnections() {
      for (const socket of sockets) socket.destroy();
    },
    enqueue: registry.enqueue,
    settleTransfer: registry.settleTransfer,
    addDomain: registry.addDomain,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

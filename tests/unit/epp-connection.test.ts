import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFrameDecoder, EppConnection, type EppConnectionOptions, frame } from '../../api/providers/registry/epp-connection.ts';
import { createEppRegistry, type EppRegistry } from '../../api/providers/registry/epp.ts';
import { ns } from '../../api/providers/registry/epp-xml.ts';
import { type FakeEppServer, startFakeEppServer } from './epp-fake-server.ts';

let server: FakeEppServer;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  server = await startFakeEppServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

function options(overrides: Partial<EppConnectionOptions> = {}): EppConnectionOptions {
  return { host: '127.0.0.1', servername: 'localhost', port: server.port, username: server.clID, password: server.password, ca: server.ca, ...overrides };
}
function connection(overrides: Partial<EppConnectionOptions> = {}) {
  const conn = new EppConnection(options(overrides));
  opened.push(conn);
  return conn;
}
function registry(overrides: Partial<EppConnectionOptions> = {}): EppRegistry {
  const provider = createEppRegistry({ ...options(overrides), registrarName: 'Dotspot, Inc.', connections: 1 });
  opened.push(provider);
  return provider;
}
const domainInfo = (name: string) => `<info><domain:info xmlns:domain="${ns.domain}"><domain:name>${name}</domain:name></domain:info></info>`;

describe('EPP framing', () => {
  it('reassembles frames split across reads and separates frames that arrive together', () => {
    const got: string[] = [];
    const decode = createFrameDecoder((xml) => got.push(xml));
    const bytes = Buffer.concat([frame('<a>é</a>'), frame('<b/>')]);
    for (const byte of bytes.subarray(0, 7)) decode(Buffer.from([byte]));
    decode(bytes.subarray(7));
    expect(got).toEqual(['<a>é</a>', '<b/>']);
    expect(frame('<b/>').readUInt32BE(0)).toBe(8);
  });

  it('refuses a frame whose length header is impossible', () => {
    const decode = createFrameDecoder(() => undefined);
    expect(() => decode(Buffer.from([0, 0, 0, 2, 60]))).toThrow('EPP frame length 2 is invalid');
  });
});

describe('EPP session', () => {
  it('logs in with the services the greeting offers and logs out on close', async () => {
    const conn = connection();
    const greeting = await conn.greeting();
    expect(greeting).toMatchObject({ serverId: 'Fake Registry EPP', extURIs: [ns.fee, ns.secDNS, ns.rgp] });
    const login = server.state.received.filter((r) => r.command === 'login').at(-1);
    expect(login?.xml).toContain(`<objURI>${ns.domain}</objURI>`);
    expect(login?.xml).toContain(`<extURI>${ns.fee}</extURI>`);
    expect(login?.xml).toContain(`<extURI>${ns.rgp}</extURI>`);
    const logoutsBefore = server.state.logouts;
    await conn.close();
    expect(server.state.logouts).toBe(logoutsBefore + 1);
    await expect(conn.send(domainInfo('x.com'))).rejects.toThrow('The EPP connection is closed');
  });

  it('reports a refused login with the registry code', async () => {
    await expect(connection({ password: 'wrong' }).greeting()).rejects.toThrow(
      `EPP login to 127.0.0.1:${server.port} as ${server.clID} failed: the registry rejected our login (EPP 2200 Authentication error)`,
    );
  });

  it('refuses a registry certificate it cannot verify', async () => {
    await expect(connection({ ca: undefined }).greeting()).rejects.toThrow(/Could not connect to the registry at 127\.0\.0\.1:\d+: .*self[- ]signed/i);
  });

  it('answers a check after the connection drops mid-command, on a new session', async () => {
    const provider = registry();
    await provider.check(['warm-up.com']);
    const logins = server.state.logins;
    server.state.dropNext = 'check';
    expect(await provider.check(['after-drop.com'])).toEqual([{ domain: 'after-drop.com', available: true }]);
    expect(server.state.logins).toBe(logins + 1);
  });

  it('does not resend a registration cut off mid-command, and works again afterwards', async () => {
    const provider = registry();
    server.state.dropNext = 'create';
    await expect(
      provider.register({
        domain: 'cut-off.com',
        years: 1,
        nameservers: [],
        contact: {
          firstName: 'A',
          lastName: 'B',
          company: '',
          address: '1 St',
          city: 'C',
          state: 'S',
          zip: '1',
          country: 'US',
          email: 'a@b.co',
          phone: '+14155550100',
        },
      }),
    ).rejects.toThrow(`EPP connection to 127.0.0.1 dropped before the registry answered`);
    expect(server.state.received.filter((r) => r.command === 'create:contact' || r.command === 'create:domain').at(-1)?.command).toBe('create:contact');
    expect(await provider.check(['cut-off.com'])).toEqual([{ domain: 'cut-off.com', available: true }]);
  });

  it('reconnects when the registry closes an idle session', async () => {
    const conn = connection();
    await conn.greeting();
    server.cutConnections();
    await vi.waitFor(() => expect(conn.isOpen).toBe(false));
    const response = await conn.send(domainInfo('nothing-here.com'));
    expect(response.code).toBe(2303);
    expect(conn.sessionsOpened).toBe(2);
  });

  it('surfaces a registry that does not answer as a timeout error, then carries on', async () => {
    const provider = registry({ commandTimeoutMs: 300 });
    server.state.stallNext = 'info';
    await expect(provider.info('slow.com')).rejects.toThrow(`The registry at 127.0.0.1 did not answer within 300 ms`);
    expect(await provider.info('slow.com')).toBeNull();
  });

  it('gives up connecting to a registry that accepts the socket but never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      await expect(connection({ port, connectTimeoutMs: 200 }).greeting()).rejects.toThrow(
        `Could not connect to the registry at 127.0.0.1:${port} within 200 ms`,
      );
    } finally {
      silent.close();
    }
  });

  it('fails every waiting command with one connect attempt when the registry does not answer', async () => {
    let attempts = 0;
    const silent = net.createServer(() => {
      attempts += 1;
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const provider = createEppRegistry({ ...options({ port, connectTimeoutMs: 200 }), registrarName: 'Dotspot, Inc.', connections: 1 });
    try {
      const results = await Promise.allSettled([provider.info('a.com'), provider.info('b.com'), provider.whois('c.com')]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'answered'))).toEqual(
        Array(3).fill(`EppConnectionError: Could not connect to the registry at 127.0.0.1:${port} within 200 ms`),
      );
      expect(attempts).toBe(1);
    } finally {
      await provider.close();
      silent.close();
    }
  });

  it('keeps an idle session alive with hello', async () => {
    const conn = connection({ keepAliveMs: 40 });
    await conn.greeting();
    const hellos = server.state.hellos;
    await vi.waitFor(() => expect(server.state.hellos).toBeGreaterThanOrEqual(hellos + 2));
    expect((await conn.send(domainInfo('still-here.com'))).code).toBe(2303);
    expect(conn.sessionsOpened).toBe(1);
  });

  it('runs one command at a time and matches every answer to its command', async () => {
    server.addDomain({ name: 'queue-a.com' });
    const conn = connection();
    const responses = await Promise.all(
      ['queue-a.com', 'queue-b.com', 'queue-a.com', 'queue-c.com'].map((name) => conn.send(domainInfo(name), { retryOnDrop: true })),
    );
    expect(responses.map((r) => r.code)).toEqual([1000, 2303, 1000, 2303]);
    expect(new Set(responses.map((r) => r.clTRID)).size).toBe(4);
  });
});

describe('queries nobody waits for any more', () => {
  it('leave the queue unsent when their signal aborts; the one in flight and the others still finish', async () => {
    const conn = connection({ commandTimeoutMs: 1_500 });
    await conn.greeting();
    server.state.stallNext = 'info';
    const search = new AbortController();
    const inFlight = conn.send(domainInfo('stalled-cancel.com'), { signal: search.signal });
    const waiting = ['queued-one.com', 'queued-two.com'].map((name) => conn.send(domainInfo(name), { signal: search.signal }));
    const other = conn.send(domainInfo('someone-else.com'));
    expect(conn.load).toBe(4);
    search.abort();
    for (const cancelled of waiting) await expect(cancelled).rejects.toThrow('Cancelled before it was sent');
    expect(conn.load).toBe(2);
    // The stalled command was on the wire: it ends as unanswered, not as cancelled; the other caller is answered.
    await expect(inFlight).rejects.toThrow(/did not answer|no answer|timed out/i);
    expect((await other).code).toBeLessThan(3000);
    const asked = server.state.received.filter((r) => r.command === 'info:domain').flatMap((r) => r.names);
    expect(asked).toContain('stalled-cancel.com');
    expect(asked).toContain('someone-else.com');
    expect(asked).not.toContain('queued-one.com');
    expect(asked).not.toContain('queued-two.com');
    // Already aborted: refused at once.
    await expect(conn.send(domainInfo('late.com'), { signal: search.signal })).rejects.toThrow('Cancelled before it was sent');
  });
});

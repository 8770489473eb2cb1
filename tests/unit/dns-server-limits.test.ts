/**
 * The built-in server's defences and memory, without a database: response rate limiting as clients see it (dig and
 * raw datagrams), ALIAS with no resolver configured, the ALIAS cache's bound, and zones sharing what they have in common.
 */
import dgram from 'node:dgram';
import * as packet from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuiltinDns } from '../../api/providers/dns/builtin.ts';
import type { BuiltinDnsOptions } from '../../api/providers/dns/builtin/options.ts';
import { AliasResolver } from '../../api/providers/dns/builtin/alias-resolver.ts';
import { ResponseRateLimiter, SEND } from '../../api/providers/dns/builtin/rate-limit.ts';
import { ZoneStore } from '../../api/providers/dns/builtin/zone-store.ts';
import type { Zone } from '../../api/providers/dns/index.ts';
import { askRaw, dig, digSections, fakeResolver, queryBytes, RCODE, rcodeOf } from '../fixtures/dns-client.ts';

const soa = {
  mname: 'ns1.dotspot.example',
  rname: 'hostmaster.dotspot.example',
  serial: 2026112500,
  refresh: 3600,
  retry: 600,
  expire: 1209600,
  minimum: 300,
  ttl: 3600,
};

function parkedZone(name: string, serial = soa.serial): Zone {
  return {
    name,
    soa: { ...soa, serial },
    records: [
      { name, type: 'NS', ttl: 3600, data: 'ns1.dotspot.example' },
      { name, type: 'NS', ttl: 3600, data: 'ns2.dotspot.example' },
      { name, type: 'A', ttl: 300, data: '203.0.113.1' },
      { name: `www.${name}`, type: 'A', ttl: 300, data: '203.0.113.1' },
    ],
  };
}

const running: { close?(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close?.();
});

async function serve(options: BuiltinDnsOptions, zones: Zone[]) {
  const dns = createBuiltinDns(options);
  running.push(dns);
  const { port } = await dns.listen({ port: 0, host: '127.0.0.1' });
  for (const zone of zones) dns.zones.set(zone.name, zone);
  return { dns, port };
}

/** Sends `count` identical queries from one socket as fast as it can, and sorts the replies that came back. */
async function burst(port: number, name: string, count: number, from = '127.0.0.1') {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, from, resolve));
  const replies: Buffer[] = [];
  socket.on('message', (message) => replies.push(message));
  for (let id = 0; id < count; id += 1)
    socket.send(packet.encode({ type: 'query', id, flags: 0, questions: [{ name, type: 'A', class: 'IN' }] }), port, '127.0.0.1');
  // Every reply that will come has come once the server answers a question sent after the burst from elsewhere.
  await askRaw(port, queryBytes(name, 'SOA'), { from: '127.0.9.9' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.close();
  const truncated = replies.filter((reply) => (reply[2] & 0x02) !== 0);
  return { full: replies.length - truncated.length, truncated, dropped: count - replies.length };
}

describe('response rate limiting', () => {
  it('answers a prefix up to the rate, then drops the excess but slips every second one out truncated', async () => {
    const { port, dns } = await serve({ rateLimit: { responsesPerSecond: 5, slip: 2, ipv4Prefix: 24, ipv6Prefix: 56 } }, [parkedZone('rrl-test.com')]);
    const result = await burst(port, 'rrl-test.com', 40);
    // Five a second: the first five, plus what credit came back while the burst was sent.
    expect(result.full).toBeGreaterThanOrEqual(5);
    expect(result.full).toBeLessThan(12);
    const limited = 40 - result.full;
    expect(result.truncated.length).toBeGreaterThanOrEqual(Math.floor(limited / 2) - 1);
    expect(result.truncated.length).toBeLessThanOrEqual(Math.ceil(limited / 2));
    expect(result.dropped).toBe(limited - result.truncated.length);
    for (const reply of result.truncated) expect(packet.decode(reply).answers).toEqual([]);
    expect(dns.counters()).toMatchObject({ rateLimitedTruncated: result.truncated.length, rateLimitedDropped: result.dropped });
    // Another /24 has its own budget; other answers to the same prefix have theirs.
    expect(rcodeOf(await askRaw(port, queryBytes('rrl-test.com', 'A'), { from: '127.0.1.1' }))).toBe(RCODE.NOERROR);
    expect(packet.decode((await askRaw(port, queryBytes('www.rrl-test.com', 'A'))) as Buffer).answers).toHaveLength(1);
  });

  it('lets a real client through over TCP: dig retries a truncated answer there and gets it', async () => {
    // A budget that is always spent, slip 1: every UDP answer is the truncated one.
    const { port } = await serve({ rateLimit: { responsesPerSecond: 0.001, slip: 1, ipv4Prefix: 24, ipv6Prefix: 56 } }, [parkedZone('rrl-test.com')]);
    const output = await dig(port, ['rrl-test.com', 'A']);
    expect(output).toContain(';; Truncated, retrying in TCP mode.');
    expect(digSections(output).answer).toEqual([expect.stringMatching(/^rrl-test\.com\.\s+300\s+IN\s+A\s+203\.0\.113\.1$/)]);
  });

  it('still limits a flooding source after spoofed sources have filled its table', async () => {
    const { port, dns } = await serve({ rateLimit: { responsesPerSecond: 5, slip: 2, ipv4Prefix: 24, ipv6Prefix: 56, maxEntries: 20 } }, [
      parkedZone('rrl-test.com'),
    ]);
    // Thirty prefixes, each asking once: more sources than the table holds.
    for (let i = 0; i < 30; i += 1) expect(rcodeOf(await askRaw(port, queryBytes('rrl-test.com', 'A'), { from: `127.0.${10 + i}.1` }))).toBe(RCODE.NOERROR);
    const result = await burst(port, 'rrl-test.com', 40);
    expect(result.full).toBeGreaterThanOrEqual(5);
    expect(result.full).toBeLessThan(12);
    expect(result.dropped).toBeGreaterThan(0);
    expect(dns.counters().rateLimitedDropped).toBe(result.dropped);
  });

  it('forgets the least recently seen source when full, so a flooder arriving at a full table keeps its spent budget', () => {
    const limiter = new ResponseRateLimiter({ responsesPerSecond: 5, slip: 0, ipv4Prefix: 24, ipv6Prefix: 56, maxEntries: 100 });
    const spoofed = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.1`;
    for (let i = 0; i < 100; i += 1) limiter.check(spoofed(i), 'rrl-test.com A');
    let sent = 0;
    for (let i = 100; i < 10_100; i += 1) {
      // A new spoofed /24 for every packet the flooder sends: a hundred times the table's room.
      limiter.check(spoofed(i), 'rrl-test.com A');
      if (limiter.check('198.51.100.7', 'rrl-test.com A') === SEND) sent += 1;
    }
    expect(limiter.size).toBe(100);
    // Its one second's budget, and what came back while the loop ran: not a fresh budget each time it was pushed out.
    expect(sent).toBeLessThan(20);
  });

  it('is off at 0 responses a second', async () => {
    const { port } = await serve({ rateLimit: { responsesPerSecond: 0, slip: 2, ipv4Prefix: 24, ipv6Prefix: 56 } }, [parkedZone('rrl-test.com')]);
    expect(await burst(port, 'rrl-test.com', 200)).toMatchObject({ full: 200, dropped: 0 });
  });
});

describe('ALIAS without DNS_ALIAS_RESOLVER', () => {
  it('answers targets in our own zones and gives other targets no addresses, asking no one', async () => {
    const upstream = await fakeResolver({ 'cdn.example-cdn.net': { A: ['203.0.113.50'] } }, 60);
    const zone = parkedZone('alias-test.com');
    zone.records.push({ name: 'own.alias-test.com', type: 'ALIAS', ttl: 300, data: 'www.other-zone.com' });
    zone.records.push({ name: 'far.alias-test.com', type: 'ALIAS', ttl: 300, data: 'cdn.example-cdn.net' });
    const other = parkedZone('other-zone.com');
    other.records[3] = { name: 'www.other-zone.com', type: 'A', ttl: 60, data: '203.0.113.60' };
    const { port } = await serve({}, [zone, other]);
    expect(digSections(await dig(port, ['own.alias-test.com', 'A'])).answer).toEqual([
      expect.stringMatching(/^own\.alias-test\.com\.\s+60\s+IN\s+A\s+203\.0\.113\.60$/),
    ]);
    expect(digSections(await dig(port, ['far.alias-test.com', 'A']))).toMatchObject({ status: 'NOERROR', answer: [] });
    expect(upstream.asked('cdn.example-cdn.net')).toBe(0);
    upstream.close();
  });

  it('keeps at most maxEntries answers in its cache, dropping the oldest', async () => {
    const upstream = await fakeResolver(Object.fromEntries(['a', 'b', 'c'].map((label) => [`${label}.example-cdn.net`, { A: ['203.0.113.5'] }])), 300);
    const resolver = new AliasResolver([{ address: '127.0.0.1', port: upstream.port }], 2);
    for (const label of ['a', 'b', 'c']) await resolver.lookup(`${label}.example-cdn.net`, 1);
    expect(resolver.size).toBe(2);
    expect(resolver.cached('a.example-cdn.net', 1)).toBeUndefined();
    expect(resolver.cached('c.example-cdn.net', 1)?.rrs.count).toBe(1);
    upstream.close();
  });
});

describe('zones in memory', () => {
  it('shares one compiled body between zones with the same content, and lets go of it with the last', () => {
    const store = new ZoneStore();
    for (let i = 0; i < 1000; i += 1) store.set(`parked${i}.com`, parkedZone(`parked${i}.com`, soa.serial + i), i + 1);
    expect(store.size).toBe(1000);
    expect(store.bodyCount).toBe(1);
    // The parked body's RRsets: apex NS, apex A, www A (the same address, one RRset for both names).
    expect(store.rrsetCount).toBe(2);
    expect(store.get('parked7.com')?.serial).toBe(soa.serial + 7);
    const custom = parkedZone('parked3.com');
    custom.records.push({ name: 'blog.parked3.com', type: 'CNAME', ttl: 300, data: 'blogs.example.net' });
    store.setDomain(4, custom);
    expect(store.bodyCount).toBe(2);
    expect(store.rrsetCount).toBe(3);
    for (let i = 0; i < 1000; i += 1) if (i !== 3) store.setDomain(i + 1, null);
    expect(store.size).toBe(1);
    expect(store.bodyCount).toBe(1);
    expect(store.rrsetCount).toBe(3);
    store.setDomain(4, null);
    expect([store.size, store.bodyCount, store.rrsetCount]).toEqual([0, 0, 0]);
  });

  it('follows a domain renamed in its row: the old name stops answering', async () => {
    const { dns, port } = await serve({}, []);
    dns.zones.setDomain(9, parkedZone('before-rename.com'));
    expect(digSections(await dig(port, ['before-rename.com', 'A'])).status).toBe('NOERROR');
    dns.zones.setDomain(9, parkedZone('after-rename.com'));
    expect(digSections(await dig(port, ['before-rename.com', 'A'])).status).toBe('REFUSED');
    expect(digSections(await dig(port, ['after-rename.com', 'A'])).status).toBe('NOERROR');
  });
});

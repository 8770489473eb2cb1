/**
 * The DNS providers without a database: PowerDNS's HTTP calls against a fake API, and the built-in server's lifecycle
 * (draining an answer that waits on an ALIAS lookup).
 */
import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import * as packet from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { createBuiltinDns } from '../../api/providers/dns/builtin.ts';
import type { Zone } from '../../api/providers/dns/index.ts';
import { createPowerDns, zoneRrSets } from '../../api/providers/dns/powerdns.ts';

const zone: Zone = {
  name: 'example.com',
  soa: {
    mname: 'ns1.dotspot.example',
    rname: 'hostmaster.dotspot.example',
    serial: 2026112300,
    refresh: 3600,
    retry: 600,
    expire: 1209600,
    minimum: 300,
    ttl: 3600,
  },
  records: [
    { name: 'example.com', type: 'NS', ttl: 3600, data: 'ns1.dotspot.example' },
    { name: 'example.com', type: 'A', ttl: 300, data: '203.0.113.1' },
    { name: 'example.com', type: 'MX', ttl: 300, data: 'mx.example.net', priority: 10 },
    { name: 'example.com', type: 'TXT', ttl: 300, data: `say "hi" ${'x'.repeat(300)}` },
    { name: '_sip._tcp.example.com', type: 'SRV', ttl: 300, data: 'sip.example.net', priority: 1, weight: 2, port: 5060 },
  ],
};

function fakePowerDns(
  held: { rrsets: { name: string; type: string }[]; account?: string; serial?: number } | null,
  refusal?: { status: number; error: string },
) {
  const calls: { method: string; url: string; body: any; key: string | null }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method: init.method ?? 'GET', url, body, key: new Headers(init.headers).get('X-API-Key') });
    if (init.method === 'GET') return held ? Response.json(held) : Response.json({ error: 'Could not find domain' }, { status: 404 });
    if (refusal) return Response.json({ error: refusal.error }, { status: refusal.status });
    if (init.method === 'POST') return Response.json({}, { status: 201 });
    return new Response(null, { status: 204 });
  }) as unknown as typeof globalThis.fetch;
  return { calls, provider: createPowerDns({ url: 'http://pdns:8081/', apiKey: 'k', fetch }) };
}

describe('PowerDNS provider', () => {
  it('creates a missing zone as Native, marked as ours, with our SOA serial and zone-file content', async () => {
    const { calls, provider } = fakePowerDns(null);
    await provider.publishZone('example.com', zone);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://pdns:8081/api/v1/servers/localhost/zones/example.com.',
      'POST http://pdns:8081/api/v1/servers/localhost/zones',
      // The SOA rewritten as it is: PowerDNS purges the zone's cached REFUSED answers on a PATCH, not on a create.
      'PATCH http://pdns:8081/api/v1/servers/localhost/zones/example.com.',
    ]);
    expect(calls.every((c) => c.key === 'k')).toBe(true);
    const created = calls[1].body;
    expect(created).toMatchObject({ name: 'example.com.', kind: 'Native', soa_edit_api: '', account: 'dotspot' });
    expect(calls[2].body.rrsets).toEqual([{ ...created.rrsets.find((s: { type: string }) => s.type === 'SOA'), changetype: 'REPLACE' }]);
    const content = Object.fromEntries(
      created.rrsets.map((s: { name: string; type: string; records: { content: string }[] }) => [`${s.name} ${s.type}`, s.records.map((r) => r.content)]),
    );
    expect(content['example.com. SOA']).toEqual(['ns1.dotspot.example. hostmaster.dotspot.example. 2026112300 3600 600 1209600 300']);
    expect(content['example.com. MX']).toEqual(['10 mx.example.net.']);
    expect(content['_sip._tcp.example.com. SRV']).toEqual(['1 2 5060 sip.example.net.']);
    // TXT: quoted, quotes escaped, split at 255 bytes.
    expect(content['example.com. TXT'][0]).toMatch(/^"say \\"hi\\" x+" "x+"$/);
  });

  it('replaces the zone’s RRsets and deletes those no longer there in one PATCH; deletes a zone no longer served', async () => {
    const { calls, provider } = fakePowerDns({
      rrsets: [
        { name: 'old.example.com.', type: 'A' },
        { name: 'example.com.', type: 'A' },
      ],
    });
    await provider.publishZone('example.com', zone);
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body.rrsets).toEqual(
      expect.arrayContaining([
        { name: 'old.example.com.', type: 'A', changetype: 'DELETE' },
        expect.objectContaining({ name: 'example.com.', type: 'A', changetype: 'REPLACE', records: [{ content: '203.0.113.1', disabled: false }] }),
      ]),
    );
    await provider.publishZone('example.com', null);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: 'http://pdns:8081/api/v1/servers/localhost/zones/example.com.' });
  });
});

describe('PowerDNS provider, edge cases the real server does not show on its own', () => {
  const withAddress: Zone = { ...zone, records: [...zone.records, { name: 'v6.example.com', type: 'AAAA', ttl: 300, data: '2001:DB8:0:0:0:0:0:1' }] };
  // What PowerDNS prints back: addresses in RFC 5952 form, RRsets in its own order, with comments.
  const asServed = () =>
    zoneRrSets(withAddress)
      .reverse()
      .map((set) => ({ ...set, comments: [], records: set.records.map((r) => ({ ...r, content: set.type === 'AAAA' ? '2001:db8::1' : r.content })) }));

  it('sends addresses in canonical form and leaves a zone PowerDNS already serves exactly alone', async () => {
    const { calls, provider } = fakePowerDns({ account: 'dotspot', serial: zone.soa.serial, rrsets: asServed() });
    await provider.publishZone('example.com', withAddress);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(zoneRrSets(withAddress).find((set) => set.type === 'AAAA')?.records).toEqual([{ content: '2001:db8::1', disabled: false }]);
  });

  it('marks a zone it did not make as ours once it serves our content', async () => {
    const { calls, provider } = fakePowerDns({ account: '', serial: zone.soa.serial, rrsets: asServed() });
    await provider.publishZone('example.com', withAddress);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PATCH', 'PUT']);
    expect(calls[2].body).toEqual({ account: 'dotspot' });
  });

  it('says what PowerDNS refused, with its own words', async () => {
    const { provider } = fakePowerDns(
      { account: 'dotspot', serial: 1, rrsets: [] },
      { status: 422, error: 'RRset www.example.com. IN CNAME: Conflicts with pre-existing RRset' },
    );
    await expect(provider.publishZone('example.com', zone)).rejects.toThrow(
      'PowerDNS refused to update zone example.com: HTTP 422 RRset www.example.com. IN CNAME: Conflicts with pre-existing RRset',
    );
  });
});

/** A resolver that answers every A question with `address` after `delayMs`, and says when a question arrived. */
async function slowResolver(address: string, delayMs: number) {
  const socket = dgram.createSocket('udp4');
  let asked!: () => void;
  const question = new Promise<void>((resolve) => {
    asked = resolve;
  });
  socket.on('message', (message, peer) => {
    const query = packet.decode(message);
    asked();
    setTimeout(() => {
      const answers = [{ name: query.questions?.[0]?.name ?? '', type: 'A' as const, class: 'IN' as const, ttl: 60, data: address }];
      socket.send(
        packet.encode({ id: query.id, type: 'response', flags: packet.RECURSION_AVAILABLE, questions: query.questions, answers }),
        peer.port,
        peer.address,
      );
    }, delayMs);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, question, close: () => socket.close() };
}

describe('built-in DNS server', () => {
  it('starts on a free port, answers, and frees the port when closed', async () => {
    const dns = createBuiltinDns();
    const { port } = await dns.listen({ port: 0, host: '127.0.0.1' });
    dns.zones.set(zone.name, zone);
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${port}`]);
    expect(await resolver.resolve4('example.com')).toEqual(['203.0.113.1']);
    expect(await resolver.resolveSrv('_sip._tcp.example.com')).toEqual([{ name: 'sip.example.net', port: 5060, priority: 1, weight: 2 }]);
    await dns.close?.();
    const again = createBuiltinDns();
    const reopened = await again.listen({ port, host: '127.0.0.1' });
    expect(reopened.port).toBe(port);
    await again.close?.();
  });

  it('answers a query it is working on when close() begins before it lets go of the port', async () => {
    // An ALIAS whose target the (slow) configured resolver is being asked about when close() is called.
    const upstream = await slowResolver('198.51.100.40', 300);
    const dns = createBuiltinDns({ aliasResolvers: [{ address: '127.0.0.1', port: upstream.port }] });
    const { port } = await dns.listen({ port: 0, host: '127.0.0.1' });
    dns.zones.set(zone.name, { ...zone, records: [...zone.records, { name: 'shop.example.com', type: 'ALIAS', ttl: 300, data: 'shops.cdn-provider.net' }] });
    const resolver = new Resolver({ timeout: 3000, tries: 1 });
    resolver.setServers([`127.0.0.1:${port}`]);
    const answer = resolver.resolve4('shop.example.com');
    await upstream.question;
    await dns.close?.();
    upstream.close();
    expect(await answer).toEqual(['198.51.100.40']);
  });
});

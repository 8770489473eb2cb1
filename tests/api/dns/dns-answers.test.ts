/**
 * The built-in server answers as the RFCs say, checked with dig (and raw datagrams where dig cannot send the query):
 * a zone made through the API, served by startDnsServer with a configured secondary (127.0.0.2) and a configured
 * ALIAS resolver (a stand-in on a free port that counts what it is asked).
 */
import { eq } from 'drizzle-orm';
import * as packet from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecords, domains } from '../../../api/db/schema/index.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { askRaw, dig, digSections, fakeResolver, queryBytes, RCODE, rcodeOf } from '../../fixtures/dns-client.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const zone = 'answers-dns.com';
let t: TestContext;
let client: TestClient;
let server: DnsServer;
let port: number;
let domainId: number;
let upstream: Awaited<ReturnType<typeof fakeResolver>>;

const ask = (...args: string[]) => dig(port, args);

async function addRecord(record: Record<string, unknown>) {
  const res = await client.post('/api/dnsRecords', { domainId, ttl: 300, ...record });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

beforeAll(async () => {
  upstream = await fakeResolver(
    {
      'cdn.alias-target.net': { A: ['203.0.113.77', '10.0.0.5', '127.0.0.1', '169.254.1.1'], AAAA: ['2001:db8::77', 'fd00::5', 'fe80::1', '::1'] },
      'printer.internal': { A: ['203.0.113.99'] },
      'nas.local': { A: ['203.0.113.98'] },
    },
    // Long enough that the cached answer is still there two dig runs later on a busy machine (2 s was not).
    4,
  );
  t = await createTestContext({ env: { DNS_SECONDARIES: '127.0.0.2', DNS_ALIAS_RESOLVER: `127.0.0.1:${upstream.port}` } });
  const buyer = await signedInBuyer(t, 'dns-answers@example.com');
  client = buyer.client;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: zone, expireDate: new Date(Date.now() + 300 * 86400000), ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'] })
    .returning();
  domainId = row.domainId;
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (!started) throw new Error('the built-in DNS server did not start');
  server = started;
  port = started.port;
  await addRecord({ type: 'A', host: '@', data: '203.0.113.10' });
  await addRecord({ type: 'A', host: 'mail', data: '203.0.113.11' });
  await addRecord({ type: 'MX', host: '@', data: `mail.${zone}`, priority: 10 });
  await addRecord({ type: 'CNAME', host: 'www', data: zone });
  await addRecord({ type: 'CNAME', host: 'broken', data: `missing.${zone}` });
  await addRecord({ type: 'ALIAS', host: 'shop', data: 'cdn.alias-target.net' });
  await addRecord({ type: 'ALIAS', host: 'own', data: `mail.${zone}` });
  // Targets the form refuses (internal, local, single-label), as they might have been stored before that rule.
  for (const [host, data] of [
    ['printer', 'printer.internal'],
    ['nas', 'nas.local'],
    ['bare', 'intranet'],
  ]) {
    const refused = await client.post('/api/dnsRecords', { domainId, ttl: 300, type: 'ALIAS', host, data });
    expect(refused.status).toBe(400);
    await t.db.insert(dnsRecords).values({ domainId, type: 'ALIAS', host, data, ttl: 300 });
  }
});

afterAll(async () => {
  await server.stop();
  await t.close();
  upstream.close();
});

describe('CNAME chains (RFC 6604, RFC 2308)', () => {
  it('a CNAME to a name missing from the zone answers NXDOMAIN with the CNAME and the SOA', async () => {
    const reply = digSections(await ask(`broken.${zone}`, 'A'));
    expect(reply.status).toBe('NXDOMAIN');
    expect(reply.flags).toContain('aa');
    expect(reply.answer).toEqual([expect.stringMatching(new RegExp(`^broken\\.${zone}\\.\\s+300\\s+IN\\s+CNAME\\s+missing\\.${zone}\\.$`))]);
    expect(reply.authority).toEqual([
      expect.stringMatching(new RegExp(`^${zone}\\.\\s+300\\s+IN\\s+SOA\\s+ns1\\.dotspot\\.example\\. hostmaster\\.dotspot\\.example\\. \\d+`)),
    ]);
  });

  it('a CNAME to a name without the type asked for carries the SOA for negative caching', async () => {
    const reply = digSections(await ask(`www.${zone}`, 'AAAA'));
    expect(reply.status).toBe('NOERROR');
    expect(reply.answer).toEqual([expect.stringMatching(/CNAME\s+answers-dns\.com\.$/)]);
    expect(reply.authority).toEqual([expect.stringMatching(/IN\s+SOA\s/)]);
  });

  it('a CNAME to a name with the type is followed inside the zone, without a SOA', async () => {
    const reply = digSections(await ask(`www.${zone}`, 'A'));
    expect(reply.status).toBe('NOERROR');
    expect(reply.answer).toEqual([expect.stringMatching(/CNAME/), expect.stringMatching(/^answers-dns\.com\.\s+\d+\s+IN\s+A\s+203\.0\.113\.10$/)]);
    expect(reply.authority).toEqual([]);
  });
});

describe('header and EDNS (RFC 1035 §4.1.1, RFC 6891, RFC 3225)', () => {
  it('copies the opcode into the reply: QUERY answers, STATUS and UPDATE get NOTIMP with their opcode', async () => {
    expect(digSections(await ask(zone, 'A'))).toMatchObject({ opcode: 'QUERY', status: 'NOERROR' });
    expect(digSections(await ask('+opcode=status', zone, 'A'))).toMatchObject({ opcode: 'STATUS', status: 'NOTIMP' });
    expect(digSections(await ask('+opcode=update', zone, 'SOA'))).toMatchObject({ opcode: 'UPDATE', status: 'NOTIMP' });
  });

  it('refuses class CH and other classes than IN', async () => {
    expect(digSections(await ask('CH', 'TXT', 'version.bind'))).toMatchObject({ status: 'REFUSED', answer: [] });
    expect(digSections(await ask('CH', 'TXT', zone))).toMatchObject({ status: 'REFUSED', answer: [] });
    expect(digSections(await ask('HS', 'A', zone))).toMatchObject({ status: 'REFUSED', answer: [] });
  });

  it('answers EDNS version 1 with BADVERS and its own version 0', async () => {
    const output = await ask('+edns=1', '+noednsnegotiation', zone, 'A');
    expect(digSections(output)).toMatchObject({ status: 'BADVERS', answer: [] });
    expect(output).toMatch(/; EDNS: version: 0,/);
  });

  it('echoes the DO bit, and sets it only when asked', async () => {
    expect(await ask('+dnssec', zone, 'SOA')).toMatch(/; EDNS: version: 0, flags: do; udp: 1232/);
    expect(await ask(zone, 'SOA')).toMatch(/; EDNS: version: 0, flags:; udp: 1232/);
  });

  it('answers a query with two OPT records FORMERR', async () => {
    const opt = { name: '.', type: 'OPT', udpPayloadSize: 1232, flags: 0 } as packet.Answer;
    const reply = await askRaw(port, queryBytes(zone, 'A', { additionals: [opt, opt] }));
    expect(reply).not.toBeNull();
    expect(rcodeOf(reply)).toBe(RCODE.FORMERR);
    expect(packet.decode(reply as Buffer).answers).toEqual([]);
    // One OPT is fine.
    expect(rcodeOf(await askRaw(port, queryBytes(zone, 'A', { additionals: [opt] })))).toBe(RCODE.NOERROR);
  });

  it('echoes a label holding a literal dot byte for byte in the question', async () => {
    const output = await ask(`a\\.b.${zone}`, 'A');
    expect(digSections(output)).toMatchObject({ status: 'NXDOMAIN', question: [`;a\\.b.${zone}.\t\tIN\tA`] });
    // The same on the wire: the question's bytes, one 3-byte label "a.b", come back unchanged.
    const labels = [Buffer.from('a.b'), ...zone.split('.').map((l) => Buffer.from(l))];
    const name = Buffer.concat([...labels.flatMap((l) => [Buffer.of(l.length), l]), Buffer.of(0)]);
    const query = Buffer.concat([Buffer.from([0x12, 0x34, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]), name, Buffer.from([0, 1, 0, 1])]);
    const reply = (await askRaw(port, query)) as Buffer;
    expect(reply.subarray(12, 12 + name.length + 4).equals(query.subarray(12))).toBe(true);
    expect(reply[3] & 0x0f).toBe(3);
  });

  it('keeps the query’s case in owner names', async () => {
    const reply = digSections(await ask('WwW.AnSwErS-dNs.CoM', 'A'));
    expect(reply.question).toEqual([';WwW.AnSwErS-dNs.CoM.\t\tIN\tA']);
    expect(reply.answer).toEqual([
      expect.stringMatching(/^WwW\.AnSwErS-dNs\.CoM\.\s+\d+\s+IN\s+CNAME\s+answers-dns\.com\.$/),
      expect.stringMatching(/^AnSwErS-dNs\.CoM\.\s+\d+\s+IN\s+A\s+203\.0\.113\.10$/),
    ]);
    expect(digSections(await ask('MAIL.answers-dns.COM', 'A')).answer).toEqual([
      expect.stringMatching(/^MAIL\.answers-dns\.COM\.\s+\d+\s+IN\s+A\s+203\.0\.113\.11$/),
    ]);
  });

  it('answers ANY with one RRset (RFC 8482)', async () => {
    const reply = digSections(await ask(zone, 'ANY'));
    expect(reply.status).toBe('NOERROR');
    expect(reply.answer).toHaveLength(1);
    expect(reply.answer[0]).toMatch(/IN\s+A\s+203\.0\.113\.10$/);
  });

  it('answers over TCP what a UDP answer cannot hold, and says so over UDP (TC)', async () => {
    await addRecord({ type: 'TXT', host: 'big', data: 'x'.repeat(1000) });
    await addRecord({ type: 'TXT', host: 'big', data: 'y'.repeat(1000) });
    const truncated = await ask('+ignore', '+noedns', `big.${zone}`, 'TXT');
    expect(digSections(truncated)).toMatchObject({ status: 'NOERROR', answer: [] });
    expect(digSections(truncated).flags).toContain('tc');
    const whole = digSections(await ask(`big.${zone}`, 'TXT'));
    expect(whole.answer).toHaveLength(2);
  });
});

describe('zone transfers (RFC 5936)', () => {
  it('refuses AXFR and IXFR to anyone but a configured secondary', async () => {
    expect(await ask(zone, 'AXFR')).toMatch(/Transfer failed/);
    expect(await ask(zone, 'IXFR=1')).toMatch(/Transfer failed/);
    // Over UDP, not even for a secondary: a transfer is TCP's (RFC 5936 §4.2).
    for (const from of ['127.0.0.1', '127.0.0.2']) expect(rcodeOf(await askRaw(port, queryBytes(zone, 'AXFR'), { from }))).toBe(RCODE.REFUSED);
  });

  it('gives a configured secondary the whole zone over TCP: SOA first and last, ALIAS flattened to its public addresses', async () => {
    const output = await dig(port, [zone, 'AXFR'], { from: '127.0.0.2' });
    const records = output.split('\n').filter((line) => line && !line.startsWith(';'));
    expect(records[0]).toMatch(/^answers-dns\.com\.\s+3600\s+IN\s+SOA\s/);
    expect(records.at(-1)).toBe(records[0]);
    expect(records.filter((line) => /\sSOA\s/.test(line))).toHaveLength(2);
    expect(records).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^answers-dns\.com\.\s+3600\s+IN\s+NS\s+ns1\.dotspot\.example\.$/),
        expect.stringMatching(/^broken\.answers-dns\.com\.\s+300\s+IN\s+CNAME\s+missing\.answers-dns\.com\.$/),
        expect.stringMatching(/^shop\.answers-dns\.com\.\s+\d+\s+IN\s+A\s+203\.0\.113\.77$/),
        expect.stringMatching(/^own\.answers-dns\.com\.\s+\d+\s+IN\s+A\s+203\.0\.113\.11$/),
      ]),
    );
    expect(output).not.toMatch(/ALIAS|10\.0\.0\.5|fd00::5/);
    // An IXFR from a secondary whose serial is current gets the SOA alone.
    const serial = /SOA\s+\S+\s+\S+\s+(\d+)/.exec(records[0])?.[1];
    const current = (await dig(port, [zone, `IXFR=${serial}`], { from: '127.0.0.2' })).split('\n').filter((line) => line && !line.startsWith(';'));
    expect(current).toEqual([records[0]]);
  });
});

describe('ALIAS flattening', () => {
  it('asks the configured resolver and answers only its public addresses, with the lower TTL, from the cache while it lasts', async () => {
    const v4 = digSections(await ask(`shop.${zone}`, 'A'));
    expect(v4.answer).toEqual([expect.stringMatching(/^shop\.answers-dns\.com\.\s+[1-4]\s+IN\s+A\s+203\.0\.113\.77$/)]);
    const v6 = digSections(await ask(`shop.${zone}`, 'AAAA'));
    expect(v6.answer).toEqual([expect.stringMatching(/^shop\.answers-dns\.com\.\s+[1-4]\s+IN\s+AAAA\s+2001:db8::77$/)]);
    const askedBefore = upstream.asked('cdn.alias-target.net');
    expect(digSections(await ask(`shop.${zone}`, 'A')).answer).toHaveLength(1);
    expect(upstream.asked('cdn.alias-target.net')).toBe(askedBefore);
    // Past the upstream TTL (4 s) the resolver is asked again.
    await new Promise((resolve) => setTimeout(resolve, 4200));
    expect(digSections(await ask(`shop.${zone}`, 'A')).answer).toHaveLength(1);
    expect(upstream.asked('cdn.alias-target.net')).toBe(askedBefore + 1);
  });

  it('never asks about internal, special-use or single-label targets: those names have no addresses', async () => {
    for (const host of ['printer', 'nas', 'bare']) {
      const reply = digSections(await ask(`${host}.${zone}`, 'A'));
      expect(reply.status).toBe('NOERROR');
      expect(reply.answer).toEqual([]);
      expect(reply.authority).toEqual([expect.stringMatching(/IN\s+SOA\s/)]);
    }
    expect(upstream.asked('printer.internal') + upstream.asked('nas.local') + upstream.asked('intranet')).toBe(0);
  });

  it('answers targets in our own zones from memory, without the resolver', async () => {
    expect(digSections(await ask(`own.${zone}`, 'A')).answer).toEqual([expect.stringMatching(/^own\.answers-dns\.com\.\s+300\s+IN\s+A\s+203\.0\.113\.11$/)]);
    expect(upstream.asked(`mail.${zone}`)).toBe(0);
  });
});

describe('following the database', () => {
  it('serves a record written straight into the database (a change from another process) once it commits', async () => {
    await t.db.insert(dnsRecords).values({ domainId, type: 'A', host: 'direct', data: '203.0.113.123', ttl: 300 });
    await expect
      .poll(async () => digSections(await ask(`direct.${zone}`, 'A')).answer, { timeout: 5000, interval: 50 })
      .toEqual([expect.stringMatching(/203\.0\.113\.123$/)]);
    await t.db.delete(dnsRecords).where(eq(dnsRecords.host, 'direct'));
    await expect.poll(async () => digSections(await ask(`direct.${zone}`, 'A')).status, { timeout: 5000, interval: 50 }).toBe('NXDOMAIN');
  });
});

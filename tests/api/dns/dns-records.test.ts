/** /api/dnsRecords: ownership, every format rule with its message, the rules between records, website-type auto-sync. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordSchema } from '../../../api/contract/domains/domain.ts';
import { domains } from '../../../api/db/schema/index.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let owner: TestClient;
let stranger: TestClient;
let domainId: number;
let transferId: number;
const zone = 'recordrules.com';
const ns = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'records@example.com');
  owner = buyer.client;
  stranger = (await signedInBuyer(t, 'stranger@example.com')).client;
  const expireDate = new Date(Date.now() + 300 * 86400000);
  const [row] = await t.db.insert(domains).values({ accountId: buyer.accountId, domain: zone, expireDate, ns }).returning();
  domainId = row.domainId;
  const [transfer] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: 'arriving.com', expireDate, ns, status: 'transfer', inboundTransferStatus: 'pending' })
    .returning();
  transferId = transfer.domainId;
});
afterAll(() => t.close());

const add = (record: Record<string, unknown>, client = owner) => client.post('/api/dnsRecords', { domainId, ...record });
const websiteType = async () => (await owner.get(`/api/domains/${domainId}`)).body.websiteType;

describe('access', () => {
  it('needs a signed-in customer, answers 403 for another account’s domain or record and 404 for none', async () => {
    expect((await t.client().post('/api/dnsRecords', { domainId, type: 'A', host: 'x', data: '203.0.113.1' })).status).toBe(401);
    expect((await add({ type: 'A', host: 'x', data: '203.0.113.1' }, stranger)).status).toBe(403);
    expect((await stranger.get(`/api/dnsRecords?domainId=${domainId}`)).status).toBe(403);
    expect((await owner.post('/api/dnsRecords', { domainId: 999999, type: 'A', host: 'x', data: '203.0.113.1' })).status).toBe(404);
    const created = await add({ type: 'A', host: 'mine', data: '203.0.113.1' });
    expect(created.status).toBe(201);
    expect((await stranger.patch(`/api/dnsRecords/${created.body.dnsRecordId}`, { data: '203.0.113.2' })).status).toBe(403);
    expect((await stranger.delete(`/api/dnsRecords/${created.body.dnsRecordId}`)).status).toBe(403);
    expect((await owner.patch('/api/dnsRecords/999999', { data: '203.0.113.2' })).status).toBe(404);
    expect((await owner.delete('/api/dnsRecords/999999')).status).toBe(404);
    expect((await owner.delete(`/api/dnsRecords/${created.body.dnsRecordId}`)).status).toBe(200);
  });

  it('waits for a transfer to complete', async () => {
    const res = await owner.post('/api/dnsRecords', { domainId: transferId, type: 'A', host: 'x', data: '203.0.113.1' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('DNS records of arriving.com can be changed once its transfer completes');
  });
});

describe('format rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an IPv4 literal for A', { type: 'A', host: 'a', data: '300.1.1.1' }, 'data', 'Enter an IPv4 address such as 203.0.113.10'],
    ['an IPv6 literal for AAAA', { type: 'AAAA', host: 'a', data: '2001:db8::zz' }, 'data', 'Enter an IPv6 address such as 2001:db8::1'],
    ['a host name for MX', { type: 'MX', host: '@', data: '192.0.2.1', priority: 10 }, 'data', 'Mail server must be a host name, not an IP address'],
    ['a priority for MX', { type: 'MX', host: '@', data: 'mx.example.net' }, 'priority', 'Priority is required for MX records'],
    ['weight and port for SRV', { type: 'SRV', host: '_sip._tcp', data: 'sip.example.net', priority: 1 }, 'weight', 'Weight is required for SRV records'],
    [
      'service and protocol in an SRV host',
      { type: 'SRV', host: 'sip', data: 'sip.example.net', priority: 1, weight: 1, port: 5060 },
      'host',
      'An SRV host starts with the service and protocol, such as _sip._tcp',
    ],
    [
      'no CNAME at the apex',
      { type: 'CNAME', host: '@', data: 'other.example.net' },
      'host',
      'A CNAME record cannot be at the root (@): use an ALIAS record there',
    ],
    [
      'a public ALIAS target',
      { type: 'ALIAS', host: 'nas', data: 'nas.local' },
      'data',
      'An ALIAS record must point at a public host name, not a local, internal or reserved one',
    ],
    ['labels of at most 63 characters', { type: 'A', host: 'x'.repeat(64), data: '203.0.113.1' }, 'host', 'Each part of the host can be at most 63 characters'],
    ['TTL bounds', { type: 'A', host: 'ttl', data: '203.0.113.1', ttl: 86401 }, 'ttl', 'TTL must be from 60 to 86400 seconds'],
    ['TXT of at most 4000 bytes', { type: 'TXT', host: '@', data: 'x'.repeat(4001) }, 'data', 'Text can be at most 4000 bytes'],
    ['a value', { type: 'TXT', host: '@', data: '   ' }, 'data', 'Value is required'],
  ];
  for (const [rule, record, field, message] of cases) {
    it(`requires ${rule}`, async () => {
      const res = await add(record);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.data.errors[field]).toBe(message);
    });
  }

  it('refuses an unknown type with a readable message', async () => {
    // CAA was this example until it became a type of its own (issue #25); PTR records belong to reverse zones.
    const res = await add({ type: 'PTR', host: '@', data: 'host.example.net' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Choose a record type: A, AAAA, ALIAS, CNAME, MX, NS, SRV, TXT, CAA, HTTPS, SVCB, TLSA/);
  });

  it('stores trimmed values, the apex as @, punycode hosts, and numbers only where the type has them', async () => {
    const a = await add({ type: 'A', host: '  Café ', data: ' 203.0.113.9 ', priority: 3, weight: 2, port: 1 });
    expect(a.status).toBe(201);
    expect(dnsRecordSchema.parse(a.body)).toMatchObject({ host: 'xn--caf-dma', data: '203.0.113.9', priority: null, weight: null, port: null, ttl: 3600 });
    const mx = await add({ type: 'MX', host: `${zone}.`, data: 'MX.Example.NET.', priority: 10, port: 25 });
    expect(mx.body).toMatchObject({ host: '@', data: 'mx.example.net', priority: 10, weight: null, port: null });
    const srv = await add({ type: 'SRV', host: '_sip._tcp', data: 'sip.example.net', priority: 10, weight: 5, port: 5060 });
    expect(srv.body).toMatchObject({ priority: 10, weight: 5, port: 5060 });
    const list = await owner.get(`/api/dnsRecords?domainId=${domainId}`);
    expect(list.body.data.map((r: { host: string }) => r.host)).toEqual(expect.arrayContaining(['xn--caf-dma', '@', '_sip._tcp']));
  });
});

describe('rules between records', () => {
  it('keeps a CNAME alone at its name, refuses duplicates and A beside ALIAS', async () => {
    expect((await add({ type: 'TXT', host: 'alone', data: 'hello' })).status).toBe(201);
    const cname = await add({ type: 'CNAME', host: 'alone', data: 'target.example.net' });
    expect(cname.status).toBe(400);
    expect(cname.body.message).toBe('A CNAME record must be the only record at its name, and alone already has records');
    expect((await add({ type: 'CNAME', host: 'blog', data: 'target.example.net' })).status).toBe(201);
    expect((await add({ type: 'TXT', host: 'blog', data: 'x' })).body.message).toBe('blog has a CNAME record, which must be the only record at its name');
    const dup = await add({ type: 'TXT', host: 'alone', data: 'hello' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This record already exists');
    expect((await add({ type: 'ALIAS', host: 'app', data: 'app.cdn-host.net' })).status).toBe(201);
    expect((await add({ type: 'A', host: 'app', data: '203.0.113.3' })).body.message).toBe('app has an ALIAS record, which gives its addresses');
  });

  it('applies the same rules to an edit, keeping the type', async () => {
    const txt = await add({ type: 'TXT', host: 'edit-me', data: 'one' });
    const bad = await owner.patch(`/api/dnsRecords/${txt.body.dnsRecordId}`, { host: 'blog' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('blog has a CNAME record, which must be the only record at its name');
    const good = await owner.patch(`/api/dnsRecords/${txt.body.dnsRecordId}`, { dnsRecordId: txt.body.dnsRecordId, data: ' two ', ttl: 600 });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ type: 'TXT', host: 'edit-me', data: 'two', ttl: 600 });
    expect((await owner.patch(`/api/dnsRecords/${txt.body.dnsRecordId}`, { type: 'A' })).status).toBe(400);
  });
});

describe('website type auto-sync (spec §4)', () => {
  it('turns custom for root and www A, AAAA, ALIAS, CNAME or NS records and back to park when none remain', async () => {
    expect(await websiteType()).toBe('park');
    const sub = await add({ type: 'A', host: 'shop', data: '203.0.113.4' });
    expect(await websiteType()).toBe('park');
    const www = await add({ type: 'CNAME', host: 'www', data: 'shops.example.net' });
    expect(await websiteType()).toBe('custom');
    const root = await add({ type: 'AAAA', host: '@', data: '2001:db8::4' });
    await owner.delete(`/api/dnsRecords/${www.body.dnsRecordId}`);
    expect(await websiteType()).toBe('custom');
    await owner.delete(`/api/dnsRecords/${root.body.dnsRecordId}`);
    expect(await websiteType()).toBe('park');
    await owner.delete(`/api/dnsRecords/${sub.body.dnsRecordId}`);
    const wwwNs = await add({ type: 'NS', host: 'www', data: 'ns1.elsewhere.example.net' });
    expect(await websiteType()).toBe('custom');
    await owner.delete(`/api/dnsRecords/${wwwNs.body.dnsRecordId}`);
    expect(await websiteType()).toBe('park');
  });
});

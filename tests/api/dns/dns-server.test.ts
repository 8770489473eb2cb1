/**
 * DNS served for real: records changed through the API are seen by an independent resolver (node's dns.Resolver,
 * and dig for the sections it cannot show) querying the built-in server on a free port.
 */
import { execFile } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecords, domains } from '../../../api/db/schema/index.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { syncZone } from '../../../api/services/dns/zone.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const run = promisify(execFile);
let t: TestContext;
let client: TestClient;
let port: number;
let server: DnsServer;
let domainId: number;
const zone = 'zonetest-dns.com';

/** A fresh resolver per question: no answer comes from a cache on our side. */
function resolver(): Resolver {
  const r = new Resolver({ timeout: 2000, tries: 1 });
  r.setServers([`127.0.0.1:${port}`]);
  return r;
}

async function failureCode(query: Promise<unknown>): Promise<string> {
  try {
    await query;
    return 'answered';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

/** The answer once it differs from `before` (the server follows commits by NOTIFY, a moment later), within 2 s. */
async function answerOnceChanged(query: () => Promise<string[]>, before: string[]): Promise<string[] | string> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const answer = await query().catch((error: { code: string }) => error.code);
    if (JSON.stringify(answer) !== JSON.stringify(before) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function dig(...args: string[]): Promise<string> {
  const { stdout } = await run('dig', [`@127.0.0.1`, '-p', String(port), '+norec', '+time=2', '+tries=1', ...args]);
  return stdout;
}

async function addRecord(record: Record<string, unknown>): Promise<number> {
  const res = await client.post('/api/dnsRecords', { domainId, ...record });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.dnsRecordId;
}

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'dns-server@example.com');
  client = buyer.client;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: zone, expireDate: new Date(Date.now() + 300 * 86400000), ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'] })
    .returning();
  domainId = row.domainId;
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (started === null) throw new Error('the built-in DNS server did not start');
  server = started;
  port = started.port;
});
afterAll(async () => {
  await server.stop();
  await t.close();
});

describe('the built-in DNS server', () => {
  it('answers a parked domain with the web server address at the root and www, and our nameservers', async () => {
    expect(await resolver().resolve4(zone)).toEqual(['127.0.0.1']);
    expect(await resolver().resolve4(`www.${zone}`)).toEqual(['127.0.0.1']);
    expect((await resolver().resolveNs(zone)).sort()).toEqual(['ns1.dotspot.example', 'ns2.dotspot.example']);
    expect(await dig(zone, 'A')).toMatch(/flags: qr aa;/);
  });

  it('adds, edits and deletes an A record', async () => {
    const id = await addRecord({ type: 'A', host: 'blog', data: '203.0.113.5' });
    expect(await resolver().resolve4(`blog.${zone}`)).toEqual(['203.0.113.5']);
    expect((await client.patch(`/api/dnsRecords/${id}`, { data: '203.0.113.6' })).status).toBe(200);
    expect(await resolver().resolve4(`blog.${zone}`)).toEqual(['203.0.113.6']);
    expect((await client.delete(`/api/dnsRecords/${id}`)).status).toBe(200);
    expect(await failureCode(resolver().resolve4(`blog.${zone}`))).toBe('ENOTFOUND');
  });

  it('adds, edits and deletes an MX record', async () => {
    const id = await addRecord({ type: 'MX', host: '@', data: 'mx1.mailhost.example.net', priority: 10 });
    expect(await resolver().resolveMx(zone)).toEqual([{ exchange: 'mx1.mailhost.example.net', priority: 10 }]);
    await client.patch(`/api/dnsRecords/${id}`, { priority: 20, data: 'mx2.mailhost.example.net.' });
    expect(await resolver().resolveMx(zone)).toEqual([{ exchange: 'mx2.mailhost.example.net', priority: 20 }]);
    await client.delete(`/api/dnsRecords/${id}`);
    expect(await failureCode(resolver().resolveMx(zone))).toBe('ENODATA');
  });

  it('adds, edits and deletes a TXT record, longer text split into 255-byte strings', async () => {
    const long = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;
    const id = await addRecord({ type: 'TXT', host: 'sel._domainkey', data: long });
    const [strings] = await resolver().resolveTxt(`sel._domainkey.${zone}`);
    expect(strings.length).toBe(2);
    expect(strings[0].length).toBe(255);
    expect(strings.join('')).toBe(long);
    await client.patch(`/api/dnsRecords/${id}`, { data: 'hello world' });
    expect(await resolver().resolveTxt(`sel._domainkey.${zone}`)).toEqual([['hello world']]);
    await client.delete(`/api/dnsRecords/${id}`);
    expect(await failureCode(resolver().resolveTxt(`sel._domainkey.${zone}`))).toBe('ENOTFOUND');
  });

  it('adds, edits and deletes a CNAME record', async () => {
    const id = await addRecord({ type: 'CNAME', host: 'shop', data: 'shops.example.net' });
    expect(await resolver().resolveCname(`shop.${zone}`)).toEqual(['shops.example.net']);
    await client.patch(`/api/dnsRecords/${id}`, { data: 'store.example.org' });
    expect(await resolver().resolveCname(`shop.${zone}`)).toEqual(['store.example.org']);
    await client.delete(`/api/dnsRecords/${id}`);
    expect(await failureCode(resolver().resolveCname(`shop.${zone}`))).toBe('ENOTFOUND');
  });

  it('bumps the SOA serial on each change, and not when nothing in the zone changed', async () => {
    const before = (await resolver().resolveSoa(zone)).serial;
    const id = await addRecord({ type: 'A', host: 'api', data: '198.51.100.20' });
    const after = (await resolver().resolveSoa(zone)).serial;
    expect(after).toBeGreaterThan(before);
    // A domain change that leaves the zone alone (auto-renew) keeps the serial.
    expect((await client.patch(`/api/domains/${domainId}`, { ns: [] })).status).toBe(200);
    expect((await resolver().resolveSoa(zone)).serial).toBe(after);
    await client.delete(`/api/dnsRecords/${id}`);
    expect((await resolver().resolveSoa(zone)).serial).toBeGreaterThan(after);
  });

  it('answers NXDOMAIN with the SOA for an unknown name in our zone, and REFUSED for a zone we do not serve', async () => {
    const missing = await dig(`nothing-here.${zone}`, 'A');
    expect(missing).toMatch(/status: NXDOMAIN/);
    expect(missing).toMatch(
      new RegExp(`AUTHORITY SECTION:\\n${zone.replace(/\./g, '\\.')}\\.\\s+\\d+\\s+IN\\s+SOA\\s+ns1\\.dotspot\\.example\\. hostmaster\\.dotspot\\.example\\.`),
    );
    expect(await dig('example.org', 'A')).toMatch(/status: REFUSED/);
    expect(await failureCode(resolver().resolve4('example.org'))).toBe('EREFUSED');
  });

  it('answers over TCP as over UDP', async () => {
    expect(await dig('+tcp', zone, 'SOA')).toMatch(/status: NOERROR/);
    expect(await dig('+tcp', `www.${zone}`, 'A')).toMatch(/127\.0\.0\.1/);
  });

  it('turns the website custom for a root A record and back to park when it goes', async () => {
    const id = await addRecord({ type: 'A', host: '@', data: '203.0.113.77' });
    expect(await resolver().resolve4(zone)).toEqual(['203.0.113.77']);
    expect((await client.get(`/api/domains/${domainId}`)).body.websiteType).toBe('custom');
    // www is the customer's too now: no parking address there.
    expect(await failureCode(resolver().resolve4(`www.${zone}`))).toBe('ENOTFOUND');
    await client.delete(`/api/dnsRecords/${id}`);
    expect((await client.get(`/api/domains/${domainId}`)).body.websiteType).toBe('park');
    expect(await resolver().resolve4(zone)).toEqual(['127.0.0.1']);
  });

  it('serves a root record removed by another process as the website type will settle, before the type follows', async () => {
    const id = await addRecord({ type: 'A', host: '@', data: '203.0.113.88' });
    expect((await client.get(`/api/domains/${domainId}`)).body.websiteType).toBe('custom');
    // Another process commits the removal; its website-type auto-sync (a later statement) has not run yet.
    await t.db.delete(dnsRecords).where(eq(dnsRecords.dnsRecordId, id));
    // The stored type still says custom: the root must not go dark meanwhile.
    expect(await answerOnceChanged(() => resolver().resolve4(zone), ['203.0.113.88'])).toEqual(['127.0.0.1']);
    await syncZone(t.deps, domainId);
    expect((await client.get(`/api/domains/${domainId}`)).body.websiteType).toBe('park');
  });

  it('serves MX and SPF for the mail host once email is enabled', async () => {
    expect(await failureCode(resolver().resolveMx(zone))).toBe('ENODATA');
    await t.db.update(domains).set({ emailEnabled: true }).where(eq(domains.domainId, domainId));
    await syncZone(t.deps, domainId);
    expect(await resolver().resolveMx(zone)).toEqual([{ exchange: 'mail.dotspot.example', priority: 10 }]);
    expect(await resolver().resolveTxt(zone)).toEqual([['v=spf1 mx ~all']]);
  });

  it('follows a change made by another process within a second', async () => {
    await t.db.update(domains).set({ emailEnabled: false }).where(eq(domains.domainId, domainId));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await failureCode(resolver().resolveMx(zone))).toBe('ENODATA');
  });

  it('stops serving a zone moved to custom nameservers', async () => {
    const res = await client.patch(`/api/domains/${domainId}`, { ns: ['ns1.elsewhere.example.net', 'ns2.elsewhere.example.net'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ns: ['NS1.ELSEWHERE.EXAMPLE.NET', 'NS2.ELSEWHERE.EXAMPLE.NET'], websiteType: 'custom' });
    expect(await failureCode(resolver().resolve4(zone))).toBe('EREFUSED');
    expect((await client.patch(`/api/domains/${domainId}`, { ns: [] })).body).toMatchObject({
      ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
      websiteType: 'park',
    });
    expect(await resolver().resolve4(zone)).toEqual(['127.0.0.1']);
  });
});

/**
 * NSD as a secondary of the built-in server, as a registrar would run it for an anycast fleet: NSD transfers the
 * zone from us (IXFR asked, the whole zone given), dig against NSD sees it, and a change made through the API reaches
 * NSD by our NOTIFY (its own SOA refresh would take an hour). NSD comes from Debian (`apt-get install nsd`; .ci/run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../api/free-port.ts';
import { domains } from '../../../api/db/schema/index.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { dig, digSections } from '../../fixtures/dns-client.ts';
import { type Nsd, startNsd } from '../../fixtures/nsd.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const zone = 'secondary-dns.com';
/** NSD gets a loopback address of its own, so our server tells its transfers and its NOTIFY answers apart. */
const nsdAddress = '127.0.0.3';
let t: TestContext;
let client: TestClient;
let server: DnsServer;
let nsd: Nsd;
let domainId: number;

const askNsd = (...args: string[]) => dig(nsd.port, args, { server: nsdAddress });

beforeAll(async () => {
  // Our configuration names NSD's port, and NSD's names ours: NSD starts last, on the port reserved here.
  const nsdPort = await freePort();
  t = await createTestContext({ env: { DNS_SECONDARIES: `${nsdAddress}:${nsdPort}` } });
  const buyer = await signedInBuyer(t, 'dns-secondary@example.com');
  client = buyer.client;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: zone, expireDate: new Date(Date.now() + 300 * 86400000), ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'] })
    .returning();
  domainId = row.domainId;
  const res = await client.post('/api/dnsRecords', { domainId, type: 'A', host: 'app', data: '203.0.113.20', ttl: 300 });
  expect(res.status).toBe(201);
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (!started) throw new Error('the built-in DNS server did not start');
  server = started;
  nsd = await startNsd({ address: nsdAddress, zones: [zone], primary: { address: '127.0.0.1', port: server.port }, port: nsdPort });
}, 60_000);

afterAll(async () => {
  await nsd?.stop();
  await server?.stop();
  await t?.close();
});

describe('NSD as a secondary of the built-in server', () => {
  it('transfers the zone, and dig against NSD sees it with our serial', async () => {
    const ours = digSections(await dig(server.port, [zone, 'SOA'])).answer[0];
    await expect
      .poll(async () => digSections(await askNsd(zone, 'SOA')).answer[0], {
        timeout: 20_000,
        interval: 200,
        message: `NSD did not load the zone:\n${nsd.log()}`,
      })
      .toBe(ours);
    const app = digSections(await askNsd(`app.${zone}`, 'A'));
    expect(app.flags).toContain('aa');
    expect(app.answer).toEqual([expect.stringMatching(/^app\.secondary-dns\.com\.\s+300\s+IN\s+A\s+203\.0\.113\.20$/)]);
    expect(digSections(await askNsd(zone, 'NS')).answer).toEqual([
      expect.stringMatching(/NS\s+ns1\.dotspot\.example\.$/),
      expect.stringMatching(/NS\s+ns2\.dotspot\.example\.$/),
    ]);
  });

  it('gets a change made through the API by NOTIFY, long before its SOA refresh', async () => {
    const before = server.dns.counters().notifiesAcknowledged;
    const res = await client.post('/api/dnsRecords', { domainId, type: 'TXT', host: 'notified', data: 'sent by NOTIFY', ttl: 300 });
    expect(res.status).toBe(201);
    await expect
      .poll(async () => digSections(await askNsd(`notified.${zone}`, 'TXT')).answer, {
        timeout: 20_000,
        interval: 200,
        message: `NSD did not take the change:\n${nsd.log()}`,
      })
      .toEqual([expect.stringMatching(/TXT\s+"sent by NOTIFY"$/)]);
    expect(server.dns.counters().notifiesAcknowledged).toBeGreaterThan(before);
    expect(nsd.log()).toMatch(/notify/i);
  });
});

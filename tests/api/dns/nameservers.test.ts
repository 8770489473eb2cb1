/**
 * Nameservers (PATCH /api/domains/:id { ns }) and custom nameservers (/api/registeredNameservers): every rule, the
 * registry holding what we say, and the glue review job making a pending nameserver active as the clock moves.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { registeredNameserverSchema } from '../../../api/contract/dns/dns.ts';
import { registryDomains, registryHosts } from '../../../api/db/schema/index.ts';
import { loadServedZones } from '../../../api/services/dns/zone.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { defaultNameservers, ownNameserverDomain } from '../../fixtures/nameserver-domain.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;
let owner: TestClient;
let stranger: TestClient;
let domainId: number;
const zone = 'glueworks.com';

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  ({ client: owner, domainId } = await ownNameserverDomain(t, 'ns@example.com', zone));
  stranger = (await signedInBuyer(t, 'ns-stranger@example.com')).client;
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const setNs = (ns: string[], client = owner) => client.patch(`/api/domains/${domainId}`, { ns });
const registryNs = async () => (await t.db.select().from(registryDomains).where(eq(registryDomains.domain, zone)))[0].nameservers;

describe('Change Nameservers', () => {
  it('refuses fewer than 2 with the spec’s message', async () => {
    const res = await setNs(['ns1.example.net', '', '  ', 'NS1.EXAMPLE.NET']);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter at least 2 nameservers');
  });

  it('trims, de-duplicates and upper-cases, and the registry holds the new set', async () => {
    const res = await setNs([' ns1.example.net ', 'ns2.example.net.', 'NS1.example.net', '', '', '']);
    expect(res.status).toBe(200);
    expect(res.body.ns).toEqual(['NS1.EXAMPLE.NET', 'NS2.EXAMPLE.NET']);
    expect(await registryNs()).toEqual(['NS1.EXAMPLE.NET', 'NS2.EXAMPLE.NET']);
    // Not ours: the website is custom (spec §4).
    expect(res.body.websiteType).toBe('custom');
  });

  it('uses the provider’s two defaults when none are entered, and the website goes back to park', async () => {
    const res = await setNs(['', '', '', '', '', '']);
    expect(res.body).toMatchObject({ ns: defaultNameservers, websiteType: 'park' });
    expect(await registryNs()).toEqual(defaultNameservers);
  });

  it('checks host names on the server too, naming each refused entry by its place', async () => {
    const address = await setNs(['192.0.2.1', 'ns2.example.net']);
    expect(address.status).toBe(400);
    expect(address.body.message).toBe('Nameserver 1: Nameserver must be a host name, not an IP address');
    const single = await setNs(['ns1.example.net', '', 'ns2']);
    expect(single.body.message).toBe('Nameserver 3: Nameserver must be a full host name such as ns1.example.net');
    expect(single.body.data).toEqual({ errors: { 'ns.2': 'Nameserver must be a full host name such as ns1.example.net' } });
    expect((await setNs(['ns1..example.net', 'ns2.example.net'])).status).toBe(400);
    expect((await setNs(Array.from({ length: 14 }, (_, i) => `ns${i}.example.net`))).status).toBe(400);
  });

  it('refuses a nameserver under the domain until it is an active custom nameserver', async () => {
    const res = await setNs([`ns1.${zone}`, `ns2.${zone}`]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`ns1.${zone}, ns2.${zone} are under ${zone}: add them under Manage Custom Nameservers first and wait until approved`);
    expect(Object.keys(res.body.data.errors)).toEqual(['ns.0', 'ns.1']);
  });

  it('is only for the owner', async () => {
    expect((await setNs(['ns1.example.net', 'ns2.example.net'], stranger)).status).toBe(403);
  });
});

describe('custom nameservers', () => {
  const add = (body: Record<string, unknown>, client = owner) => client.post('/api/registeredNameservers', { domainId, ...body });

  it('requires a hostname under the domain and an IP address, each with its message', async () => {
    const empty = await add({ hostname: ' ', ipAddress: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors).toEqual({ hostname: 'Hostname is required', ipAddress: 'IP address is required' });
    expect((await add({ hostname: 'ns1.elsewhere.net', ipAddress: '203.0.113.53' })).body.message).toBe(`Hostname must be under ${zone}, such as ns1.${zone}`);
    expect((await add({ hostname: zone, ipAddress: '203.0.113.53' })).body.message).toBe(`Hostname must be under ${zone}, such as ns1.${zone}`);
    expect((await add({ hostname: `ns1.${zone}`, ipAddress: '203.0.113.256' })).body.message).toBe('Enter an IPv4 or IPv6 address, such as 203.0.113.53');
  });

  it('answers 403 for another account’s domain or nameserver and 404 for none', async () => {
    expect((await add({ hostname: `ns9.${zone}`, ipAddress: '203.0.113.9' }, stranger)).status).toBe(403);
    expect((await stranger.get(`/api/registeredNameservers?domainId=${domainId}`)).status).toBe(403);
    expect((await owner.post('/api/registeredNameservers', { domainId: 999999, hostname: 'ns1.x.com', ipAddress: '203.0.113.1' })).status).toBe(404);
    expect((await owner.patch('/api/registeredNameservers/999999', { ipAddress: '203.0.113.1' })).status).toBe(404);
    expect((await owner.delete('/api/registeredNameservers/999999')).status).toBe(404);
  });

  it('is received pending review, made active at the registry by the review job once its time comes, and then usable', async () => {
    const created = await add({ hostname: ` NS1.${zone.toUpperCase()} `, ipAddress: '203.0.113.53' });
    expect(created.status).toBe(201);
    expect(registeredNameserverSchema.parse(created.body)).toMatchObject({ hostname: `ns1.${zone}`, ipAddress: '203.0.113.53', status: 'pending' });
    expect((await add({ hostname: `ns1.${zone}`, ipAddress: '203.0.113.54' })).status).toBe(409);
    const second = await add({ hostname: `ns2.${zone}`, ipAddress: '2001:db8::53' });
    const list = await owner.get(`/api/registeredNameservers?domainId=${domainId}`);
    expect(list.body.data.map((n: { hostname: string; status: string }) => [n.hostname, n.status])).toEqual([
      [`ns1.${zone}`, 'pending'],
      [`ns2.${zone}`, 'pending'],
    ]);

    const scheduled = scheduledJobRunner(t.deps);
    // Not yet: nothing at the registry, no glue served, the nameserver cannot be used.
    clock.advance(30 * 60_000);
    expect(((await scheduled.runDue())['glue-review'] as { approved: number }).approved).toBe(0);
    expect(await t.db.select().from(registryHosts)).toEqual([]);
    expect((await setNs([`ns1.${zone}`, `ns2.${zone}`])).status).toBe(400);

    clock.advance(35 * 60_000);
    expect((await scheduled.runDue())['glue-review']).toEqual({ approved: 2, failed: 0, deferred: 0 });
    const hosts = await t.db.select().from(registryHosts);
    expect(hosts.map((h) => [h.host, h.addresses])).toEqual(
      expect.arrayContaining([
        [`ns1.${zone}`, ['203.0.113.53']],
        [`ns2.${zone}`, ['2001:db8::53']],
      ]),
    );
    expect((await owner.get(`/api/registeredNameservers?domainId=${domainId}`)).body.data.every((n: { status: string }) => n.status === 'active')).toBe(true);
    // Our zone now carries the glue addresses.
    const served = (await loadServedZones(t.db, t.deps.config, [zone])).get(zone);
    expect(served?.records).toEqual(expect.arrayContaining([expect.objectContaining({ name: `ns1.${zone}`, type: 'A', data: '203.0.113.53' })]));
    // A second run has nothing left to do.
    clock.advance(5 * 60_000);
    expect((await scheduled.runDue())['glue-review']).toEqual({ approved: 0, failed: 0, deferred: 0 });

    // Usable as the domain's nameservers; then it cannot be deleted while in use.
    expect((await setNs([`ns1.${zone}`, `ns2.${zone}`])).body.ns).toEqual([`NS1.${zone.toUpperCase()}`, `NS2.${zone.toUpperCase()}`]);
    const inUse = await owner.delete(`/api/registeredNameservers/${created.body.registeredNameserverId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(`ns1.${zone} is still used as a nameserver by a domain. Change that domain's nameservers first.`);
    await setNs([]);

    // An edit is reviewed again.
    const edited = await owner.patch(`/api/registeredNameservers/${second.body.registeredNameserverId}`, { ipAddress: '2001:db8::54' });
    expect(edited.body).toMatchObject({ status: 'pending', ipAddress: '2001:db8::54' });
    clock.advance(65 * 60_000);
    await scheduled.runDue();
    expect(
      (
        await t.db
          .select()
          .from(registryHosts)
          .where(eq(registryHosts.host, `ns2.${zone}`))
      )[0].addresses,
    ).toEqual(['2001:db8::54']);

    const gone = await owner.delete(`/api/registeredNameservers/${created.body.registeredNameserverId}`);
    expect(gone.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(registryHosts)
        .where(eq(registryHosts.host, `ns1.${zone}`)),
    ).toEqual([]);
    expect((await owner.get(`/api/registeredNameservers?domainId=${domainId}`)).body.data.map((n: { hostname: string }) => n.hostname)).toEqual([
      `ns2.${zone}`,
    ]);
  });
});

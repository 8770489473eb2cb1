/**
 * The PowerDNS provider against a real PowerDNS Authoritative (Debian's pdns-server, SQLite backend) on free ports,
 * checked the way a resolver sees it: DNS queries to PowerDNS, never its API (the API only arranges drift). Changes
 * go through the API as a customer makes them and are published by the dns-publish job, worked by two workers at once.
 */
import { Resolver } from 'node:dns/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { domains } from '../../../api/db/schema/index.ts';
import { dnsReconcileJob } from '../../../api/jobs/dns-reconcile.ts';
import { jobKinds } from '../../../api/jobs/kinds.ts';
import { publishZoneNow } from '../../../api/services/dns/publish.ts';
import { createJobQueue } from '../../../api/jobs/queue.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { type PowerDnsServer, startPowerDns } from '../../fixtures/powerdns.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let pdns: PowerDnsServer;
let t: TestContext;
let owner: TestClient;
let accountId: number;
const ns = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

beforeAll(async () => {
  pdns = await startPowerDns({ expandAlias: true });
  t = await createTestContext({ env: { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey } });
  ({ client: owner, accountId } = await signedInBuyer(t, 'zones@example.com'));
});
afterAll(async () => {
  await t?.close();
  await pdns?.close();
});

async function domainNamed(name: string): Promise<number> {
  const expireDate = new Date(Date.now() + 300 * 86_400_000);
  const [row] = await t.db.insert(domains).values({ accountId, domain: name, expireDate, ns }).returning();
  return row.domainId;
}

/** What a resolver asking PowerDNS gets: the addresses, or the error code (ENOTFOUND for NXDOMAIN, EREFUSED for a zone it lacks). */
async function addresses(name: string): Promise<string[] | string> {
  // A fresh resolver per question: nothing cached between two of them.
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([pdns.dnsAddress]);
  try {
    return (await resolver.resolve4(name)).sort();
  } catch (error) {
    return (error as { code: string }).code;
  }
}

async function serialOf(zone: string): Promise<number> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([pdns.dnsAddress]);
  return (await resolver.resolveSoa(zone)).serial;
}

/** Works every queued job, as two workers would side by side, until none is left. */
async function drain(): Promise<void> {
  for (;;) {
    const ran = await Promise.all([t.runJobs(), t.runJobs()]);
    if (ran.every((kinds) => Object.keys(kinds).length === 0)) return;
  }
}

/** Two workers taking jobs while changes arrive; the returned function stops them and drains what is left. */
function workersRunning(): () => Promise<void> {
  let running = true;
  const loops = [0, 1].map(async () => {
    while (running) {
      await t.runJobs();
      await sleep(5);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    await drain();
  };
}

async function addRecord(domainId: number, host: string, data: string, type = 'A'): Promise<number> {
  const created = await owner.post('/api/dnsRecords', { domainId, type, host, data });
  expect(created.status).toBe(201);
  return created.body.dnsRecordId;
}

/**
 * Names whose answer from PowerDNS differs from what the customer's records say (read back through the API): a
 * name with A records must answer exactly those, and each of `gone` (names whose records were deleted) NXDOMAIN.
 */
async function staleNames(domainId: number, zone: string, gone: readonly string[] = []): Promise<string[]> {
  const { body } = await owner.get(`/api/dnsRecords?domainId=${domainId}`);
  const wanted = new Map<string, string[]>();
  for (const record of body.data as { type: string; host: string; data: string }[]) {
    if (record.type !== 'A') continue;
    const name = record.host === '@' ? zone : `${record.host}.${zone}`;
    wanted.set(name, [...(wanted.get(name) ?? []), record.data].sort());
  }
  const stale: string[] = [];
  for (const [name, values] of wanted) if (JSON.stringify(await addresses(name)) !== JSON.stringify(values)) stale.push(name);
  for (const host of gone) {
    const name = `${host}.${zone}`;
    if (!wanted.has(name) && (await addresses(name)) !== 'ENOTFOUND') stale.push(name);
  }
  return stale;
}

async function pdnsApi(method: string, path: string, body?: unknown): Promise<number> {
  const answer = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones${path}`, {
    method,
    headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await answer.body?.cancel();
  return answer.status;
}

describe('publishing', () => {
  it('publishes a change through the queue: saved and answered at once, served by PowerDNS once a worker ran', async () => {
    const zone = 'pdnsfirst.com';
    const domainId = await domainNamed(zone);
    await addRecord(domainId, 'shop', '203.0.113.10');
    // Nothing reached PowerDNS while the change was made: it does not know the zone yet.
    expect(await addresses(`shop.${zone}`)).toBe('EREFUSED');
    await drain();
    expect(await addresses(`shop.${zone}`)).toEqual(['203.0.113.10']);
    // Parked: the root and www point at this web server.
    expect(await addresses(zone)).toEqual(['127.0.0.1']);
    expect(await serialOf(zone)).toBeGreaterThanOrEqual(Number(new Date().toISOString().slice(0, 10).replace(/-/g, '')) * 100);
  });

  it('leaves no stale record after 20 rounds of 2 concurrent changes to one zone, and the serial only goes up', async () => {
    const zone = 'pdnsrounds.com';
    const domainId = await domainNamed(zone);
    const first = await addRecord(domainId, 'a', '192.0.2.1');
    const second = await addRecord(domainId, 'b', '192.0.2.2');
    await drain();
    let serial = await serialOf(zone);
    const staleAfter: string[][] = [];
    for (let round = 1; round <= 20; round += 1) {
      const stop = workersRunning();
      const answers = await Promise.all([
        owner.patch(`/api/dnsRecords/${first}`, { data: `198.51.100.${round}` }),
        owner.patch(`/api/dnsRecords/${second}`, { data: `203.0.113.${round}` }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await stop();
      staleAfter.push(await staleNames(domainId, zone));
      const next = await serialOf(zone);
      expect(next).toBeGreaterThan(serial);
      serial = next;
    }
    expect(staleAfter.flat()).toEqual([]);
    expect(await addresses(`a.${zone}`)).toEqual(['198.51.100.20']);
    expect(await addresses(`b.${zone}`)).toEqual(['203.0.113.20']);
  }, 60_000);

  it('leaves no stale record after a burst of 15 concurrent changes (adds, edits and deletions)', async () => {
    const zone = 'pdnsburst.com';
    const domainId = await domainNamed(zone);
    const kept = await Promise.all([1, 2, 3, 4, 5].map((n) => addRecord(domainId, `edit${n}`, `192.0.2.${n}`)));
    const doomed = await Promise.all([1, 2, 3, 4, 5].map((n) => addRecord(domainId, `gone${n}`, `192.0.2.${50 + n}`)));
    await drain();
    expect(await addresses(`gone3.${zone}`)).toEqual(['192.0.2.53']);
    const stop = workersRunning();
    const answers = await Promise.all([
      ...[1, 2, 3, 4, 5].map((n) => owner.post('/api/dnsRecords', { domainId, type: 'A', host: `new${n}`, data: `198.51.100.${n}` })),
      ...kept.map((id, i) => owner.patch(`/api/dnsRecords/${id}`, { data: `203.0.113.${i + 1}` })),
      ...doomed.map((id) => owner.delete(`/api/dnsRecords/${id}`)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([...Array(5).fill(201), ...Array(10).fill(200)]);
    await stop();
    expect(await staleNames(domainId, zone, ['gone1', 'gone2', 'gone3', 'gone4', 'gone5'])).toEqual([]);
    expect(await addresses(`new5.${zone}`)).toEqual(['198.51.100.5']);
    expect(await addresses(`edit2.${zone}`)).toEqual(['203.0.113.2']);
    expect(await addresses(`gone3.${zone}`)).toBe('ENOTFOUND');
  });

  it('is published by a running worker within seconds of the change, several zones at once', async () => {
    const worker = createJobQueue({ url: t.databaseUrl, role: 'worker', kinds: jobKinds, max: 3 });
    await worker.start();
    await worker.startWorkers(t.deps);
    try {
      const zones = ['pdnsworker1.com', 'pdnsworker2.com', 'pdnsworker3.com', 'pdnsworker4.com', 'pdnsworker5.com'];
      const ids = await Promise.all(zones.map((zone) => domainNamed(zone)));
      await Promise.all(ids.map((id, i) => addRecord(id, 'www', `203.0.113.${40 + i}`)));
      for (const [i, zone] of zones.entries()) {
        await expect.poll(() => addresses(`www.${zone}`), { timeout: 10_000, interval: 50 }).toEqual([`203.0.113.${40 + i}`]);
      }
    } finally {
      await worker.stop();
    }
  });

  it('flattens an ALIAS at the apex when PowerDNS runs with expand-alias and a resolver', async () => {
    const target = 'pdnstarget.com';
    const targetId = await domainNamed(target);
    await addRecord(targetId, 'lb', '203.0.113.80');
    const zone = 'pdnsalias.com';
    const domainId = await domainNamed(zone);
    await addRecord(domainId, '@', `lb.${target}`, 'ALIAS');
    await drain();
    expect(await addresses(zone)).toEqual(['203.0.113.80']);
  });

  it('publishes CAA, HTTPS, SVCB and TLSA in the form PowerDNS keeps, so the next publish finds nothing to change', async () => {
    const zone = 'pdnsrich.com';
    const domainId = await domainNamed(zone);
    const records = [
      { type: 'CAA', host: '@', data: '0 issue "letsencrypt.org"' },
      { type: 'CAA', host: '@', data: '128 iodef "mailto:security@pdnsrich.com"' },
      { type: 'HTTPS', host: '@', priority: 1, data: '. alpn=h3,h2 port=8443 ech="AEX+DQBB" ipv4hint=192.0.2.1 ipv6hint=2001:db8::1' },
      { type: 'HTTPS', host: 'www', priority: 0, data: 'pdnsrich.com' },
      { type: 'SVCB', host: '_dns', priority: 1, data: 'doh.pdnsrich.com mandatory=alpn alpn=h2 no-default-alpn key65000="hello"' },
      { type: 'TLSA', host: '_443._tcp', data: `3 1 1 ${'ab'.repeat(32)}` },
    ];
    for (const record of records) {
      const res = await owner.post('/api/dnsRecords', { domainId, ...record });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await drain();
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([pdns.dnsAddress]);
    expect(
      (await resolver.resolveCaa(zone))
        .map((r) =>
          Object.entries(r)
            .find(([key]) => key !== 'critical')
            ?.join(' '),
        )
        .sort(),
    ).toEqual(['iodef mailto:security@pdnsrich.com', 'issue letsencrypt.org']);
    // PowerDNS holds exactly what we sent: publishing again is "unchanged", no write.
    expect(await publishZoneNow(t.deps, zone)).toBe('unchanged');
  });
});

describe('PowerDNS down, and drift', () => {
  let restoreClock = () => {};
  const clock = new ManualClock(new Date());
  beforeAll(() => {
    restoreClock = useClock(clock);
  });
  afterAll(() => restoreClock());

  it('answers 200 while PowerDNS is stopped, and the change is served within a minute of PowerDNS starting again', async () => {
    const zone = 'pdnsoutage.com';
    const domainId = await domainNamed(zone);
    const id = await addRecord(domainId, 'app', '192.0.2.10');
    await drain();
    const schedules = scheduledJobRunner(t.deps, [dnsReconcileJob]);

    await pdns.stop();
    const changed = await owner.patch(`/api/dnsRecords/${id}`, { data: '192.0.2.99' });
    expect(changed.status).toBe(200);
    expect((await owner.get(`/api/dnsRecords?domainId=${domainId}`)).body.data[0].data).toBe('192.0.2.99');
    // The publish is tried, and fails, while PowerDNS is down; so does the reconcile a minute later.
    expect((await t.runJobs())['dns-publish']).toBe(1);
    clock.advance(60_000);
    await expect(schedules.runDue()).rejects.toThrow();

    await pdns.start();
    expect(await addresses(`app.${zone}`)).toEqual(['192.0.2.10']);
    clock.advance(60_000);
    expect((await schedules.runDue())['dns-reconcile']).toMatchObject({ queued: expect.any(Number) });
    await t.runJobs();
    expect(await addresses(`app.${zone}`)).toEqual(['192.0.2.99']);
  });

  it('heals drift within the hour: content changed behind our back, a serial ahead of ours, zones we no longer serve', async () => {
    const zone = 'pdnsdrift.com';
    const domainId = await domainNamed(zone);
    await addRecord(domainId, 'web', '192.0.2.20');
    const ahead = 'pdnsahead.com';
    const aheadId = await domainNamed(ahead);
    await addRecord(aheadId, 'web', '192.0.2.30');
    const leaving = 'pdnsleaving.com';
    const leavingId = await domainNamed(leaving);
    await addRecord(leavingId, 'web', '192.0.2.40');
    await drain();
    const driftSerial = await serialOf(zone);
    const aheadSerial = await serialOf(ahead);

    // Someone edits PowerDNS by hand: new content under the same serial, which a serial check alone cannot see.
    const soa = (name: string, serial: number) => ({
      name: `${name}.`,
      type: 'SOA',
      ttl: 3600,
      changetype: 'REPLACE',
      records: [{ content: `ns1.dotspot.example. hostmaster.dotspot.example. ${serial} 3600 600 1209600 300`, disabled: false }],
    });
    const a = (name: string, address: string) => ({
      name: `${name}.`,
      type: 'A',
      ttl: 300,
      changetype: 'REPLACE',
      records: [{ content: address, disabled: false }],
    });
    expect(await pdnsApi('PATCH', `/${zone}.`, { rrsets: [a(`web.${zone}`, '198.51.100.66'), a(`extra.${zone}`, '198.51.100.67')] })).toBe(204);
    // A copy restored from elsewhere: a serial above ours with other content.
    expect(await pdnsApi('PATCH', `/${ahead}.`, { rrsets: [soa(ahead, aheadSerial + 10), a(`web.${ahead}`, '198.51.100.68')] })).toBe(204);
    // The domain leaves (the calendar's purge marks it deleted without a zone sync), and an operator's own zone.
    await t.db.update(domains).set({ status: 'deleted' }).where(eq(domains.domainId, leavingId));
    expect(
      await pdnsApi('POST', '', {
        name: 'operator-own.net.',
        kind: 'Native',
        nameservers: [],
        rrsets: [
          { ...soa('operator-own.net', 1), changetype: undefined },
          { ...a('ns1.operator-own.net', '192.0.2.53'), changetype: undefined },
        ],
      }),
    ).toBe(201);
    expect(await addresses(`web.${zone}`)).toEqual(['198.51.100.66']);
    expect(await addresses(`web.${ahead}`)).toEqual(['198.51.100.68']);

    const schedules = scheduledJobRunner(t.deps, [dnsReconcileJob]);
    clock.advance(60_000);
    await schedules.runDue();
    await drain();
    // Within a minute: the serial mismatch is healed above PowerDNS's serial, and the departed zone is gone.
    expect(await addresses(`web.${ahead}`)).toEqual(['192.0.2.30']);
    expect(await serialOf(ahead)).toBeGreaterThan(aheadSerial + 10);
    expect(await addresses(`web.${leaving}`)).toBe('EREFUSED');

    // Within the hour: every zone's content is compared once, so the hand edit is undone under a new serial.
    let minutes = 1;
    while ((await addresses(`web.${zone}`))[0] !== '192.0.2.20' && minutes < 60) {
      clock.advance(60_000);
      minutes += 1;
      await schedules.runDue();
      await drain();
    }
    expect(await addresses(`web.${zone}`)).toEqual(['192.0.2.20']);
    expect(await addresses(`extra.${zone}`)).toBe('ENOTFOUND');
    expect(await serialOf(zone)).toBeGreaterThan(driftSerial);
    // A zone PowerDNS holds that we never made is left alone.
    expect(await addresses('ns1.operator-own.net')).toEqual(['192.0.2.53']);
  }, 60_000);
});

/**
 * Suspending a domain (services/domains/suspensions.ts): the registry puts it on hold, our DNS stops answering, RDAP
 * says "client hold", My Domains says why; it comes back only when the last of its suspensions is lifted.
 */
import { Resolver } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, registryDomains } from '../../../api/db/schema/index.ts';
import { liftSuspension, suspendDomain, suspensionsOf } from '../../../api/services/domains/suspensions.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let owner: TestClient;
let port: number;
let server: DnsServer;
let domainId: number;
const name = 'holdbean-suspend.com';
const ours = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

/** What a resolver sees: the address, or the error code of the failure. */
async function lookup(): Promise<string> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  try {
    return (await resolver.resolve4(name)).join(',');
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const registryStatuses = async () => (await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name)))[0].statuses;
const rdapStatuses = async () => (await t.client({ ip: '198.51.100.7' }).get(`/rdap/domain/${name}`)).body.status as string[];
const myDomain = async () => (await owner.get(`/api/domains/${domainId}`)).body;

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'suspensions@example.com');
  owner = buyer.client;
  const expireDate = new Date(Date.now() + 300 * 86400000);
  const [row] = await t.db.insert(domains).values({ accountId: buyer.accountId, domain: name, expireDate, ns: ours, locked: false }).returning();
  domainId = row.domainId;
  await t.db
    .insert(registryDomains)
    .values({ domain: name, registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: ours, expireDate, locked: false });
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (started === null) throw new Error('the built-in DNS server did not start');
  server = started;
  port = started.port;
});
afterAll(async () => {
  await server.stop();
  await t.close();
});

describe('suspending a domain', () => {
  it('answers before, then on hold: registry clientHold, no DNS answer, RDAP client hold, the reason in My Domains', async () => {
    expect(await lookup()).toBe('127.0.0.1');
    expect(await rdapStatuses()).toEqual(['active']);

    await suspendDomain(t.deps, { domainId, kind: 'abuse', reason: 'It was reported for phishing (case 1042).', reference: '1042' });

    expect(await registryStatuses()).toContain('clientHold');
    expect(await lookup()).toBe('EREFUSED');
    expect(await rdapStatuses()).toEqual(['client hold']);
    const shown = await myDomain();
    expect(shown.suspensionReason).toBe('It was reported for phishing (case 1042).');
    expect(shown.suspendedAt).not.toBeNull();
  });

  it('stays on hold until the last reason is lifted, showing the one that remains', async () => {
    await suspendDomain(t.deps, { domainId, kind: 'verification', reason: 'The registrant email address has not been verified.' });
    expect(await liftSuspension(t.deps, { domainId, kind: 'abuse' })).toEqual({ lifted: true, stillSuspended: true });
    expect(await registryStatuses()).toContain('clientHold');
    expect(await lookup()).toBe('EREFUSED');
    expect((await myDomain()).suspensionReason).toBe('The registrant email address has not been verified.');

    expect(await liftSuspension(t.deps, { domainId, kind: 'verification' })).toEqual({ lifted: true, stillSuspended: false });
    expect(await registryStatuses()).not.toContain('clientHold');
    expect(await lookup()).toBe('127.0.0.1');
    expect(await rdapStatuses()).toEqual(['active']);
    expect(await myDomain()).toMatchObject({ suspendedAt: null, suspensionReason: null });
  });

  it('keeps the history, and lifting a reason that is not there changes nothing', async () => {
    expect(await liftSuspension(t.deps, { domainId, kind: 'staff' })).toEqual({ lifted: false, stillSuspended: false });
    const history = await suspensionsOf(t.deps, domainId);
    expect(history.map((s) => [s.kind, s.liftDate !== null])).toEqual([
      ['verification', true],
      ['abuse', true],
    ]);
  });

  it('records nothing when the registry refuses the hold', async () => {
    const original = t.deps.providers.registry.setClientHold;
    t.deps.providers.registry.setClientHold = async () => {
      throw new Error('2308 Data management policy violation');
    };
    try {
      await expect(suspendDomain(t.deps, { domainId, kind: 'staff', reason: 'Held by support.' })).rejects.toMatchObject({ code: 502 });
    } finally {
      t.deps.providers.registry.setClientHold = original;
    }
    expect(await myDomain()).toMatchObject({ suspendedAt: null });
    expect((await suspensionsOf(t.deps, domainId)).filter((s) => s.liftDate === null)).toEqual([]);
    expect(await lookup()).toBe('127.0.0.1');
  });
});

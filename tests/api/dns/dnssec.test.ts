/**
 * DNSSEC (PATCH /api/domains/:id { dsRecords }): who may, what a DS record must look like, the rule that only a domain
 * on nameservers that sign its zone gets a DS set, the registry holding exactly what we show, and RDAP/WHOIS following.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { domains, registryDomains } from '../../../api/db/schema/index.ts';
import { buildOpenApiDocument } from '../../../api/openapi/document.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;
let owner: TestClient;
let stranger: TestClient;
let accountId: number;
let userId: number;
const ids: Record<string, number> = {};
const ours = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];
const theirs = ['NS1.SIGNING-DNS.NET', 'NS2.SIGNING-DNS.NET'];
const sha256 = '2BB183AF5F22588179A53B0A98631FAD1A292118ABA2F5BD1A5B2C7A4E3F1A09';
const sha384 = 'A'.repeat(96);
const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: sha256 };
let address = 0;
const visitor = () => t.client({ ip: `203.0.113.${++address}` });

async function addDomain(domain: string, values: Partial<typeof domains.$inferInsert> = {}): Promise<number> {
  const expireDate = new Date(clock.now().getTime() + 300 * 86400000);
  const ns = values.ns ?? theirs;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId, domain, expireDate, ns, websiteType: 'custom', ...values })
    .returning();
  await t.db.insert(registryDomains).values({ domain, registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: ns, expireDate });
  ids[domain] = row.domainId;
  return row.domainId;
}

const setDs = (domain: string, dsRecords: unknown, client = owner) => client.patch(`/api/domains/${ids[domain]}`, { dsRecords });
const registryDs = async (domain: string) => (await t.db.select().from(registryDomains).where(eq(registryDomains.domain, domain)))[0].dsRecords;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'dnssec@example.com');
  owner = buyer.client;
  accountId = buyer.accountId;
  userId = buyer.userId;
  stranger = (await signedInBuyer(t, 'dnssec-stranger@example.com')).client;
  await addDomain('signedbean.com');
  await addDomain('messagebean.com');
  await addDomain('plainbean.com', { ns: ours, websiteType: 'park' });
  await addDomain('incomingbean.com', { status: 'transfer' });
  await addDomain('timeout-bean.com');
  await addDomain('tokenbean.com');
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

describe('who may set DS records', () => {
  it('needs a sign-in, the owner, and a domain that exists', async () => {
    expect((await setDs('signedbean.com', [ds], t.client())).status).toBe(401);
    const foreign = await setDs('signedbean.com', [ds], stranger);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('You do not have access to this domain');
    expect((await owner.patch('/api/domains/999999', { dsRecords: [ds] })).status).toBe(404);
    expect(await registryDs('signedbean.com')).toEqual([]);
  });

  it('refuses a domain still being transferred in with 409', async () => {
    const res = await setDs('incomingbean.com', [ds]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('DNSSEC for incomingbean.com can be set once its transfer to us is complete');
  });
});

describe('what a DS record must be', () => {
  const refused = async (record: Record<string, unknown>) => {
    const res = await setDs('messagebean.com', [{ ...ds, ...record }]);
    expect(res.status).toBe(400);
    return res.body.message as string;
  };

  it('names the field and says what is wrong', async () => {
    expect(await refused({ keyTag: 65536 })).toBe('dsRecords.0.keyTag: Key tag must be a whole number from 0 to 65535');
    expect(await refused({ keyTag: -1 })).toBe('dsRecords.0.keyTag: Key tag must be a whole number from 0 to 65535');
    expect(await refused({ keyTag: 1.5 })).toBe('dsRecords.0.keyTag: Key tag must be a whole number from 0 to 65535');
    expect(await refused({ algorithm: 99 })).toBe('dsRecords.0.algorithm: Algorithm must be one of 8, 10, 13, 14, 15, 16');
    expect(await refused({ digestType: 3 })).toBe('dsRecords.0.digestType: Digest type must be 2 (SHA-256) or 4 (SHA-384)');
    expect(await refused({ digest: 'XYZ' })).toBe('dsRecords.0.digest: Digest must be hexadecimal (0-9, A-F)');
    expect(await refused({ digest: '' })).toBe('dsRecords.0.digest: Please enter the digest');
  });

  it('refuses deprecated algorithms and SHA-1 digests by name', async () => {
    expect(await refused({ algorithm: 5 })).toBe(
      'dsRecords.0.algorithm: Algorithm 5 (RSA/SHA-1) is deprecated and no longer accepted: re-sign the zone with one of 8, 10, 13, 14, 15, 16 (13, ECDSA P-256, is the usual choice)',
    );
    for (const algorithm of [1, 3, 6, 7]) expect(await refused({ algorithm })).toContain(`Algorithm ${algorithm} (`);
    expect(await refused({ digestType: 1, digest: 'A'.repeat(40) })).toBe(
      'dsRecords.0.digestType: Digest type 1 (SHA-1) is deprecated: use 2 (SHA-256) or 4 (SHA-384)',
    );
  });

  it('checks the digest length against its type', async () => {
    expect(await refused({ digestType: 4 })).toBe('dsRecords.0.digest: A SHA-384 digest (type 4) is 96 hex characters; this one has 64');
    expect(await refused({ digest: sha384 })).toBe('dsRecords.0.digest: A SHA-256 digest (type 2) is 64 hex characters; this one has 96');
  });

  it('takes at most 8 records, without duplicates', async () => {
    const many = Array.from({ length: 9 }, (_, keyTag) => ({ ...ds, keyTag }));
    const tooMany = await setDs('messagebean.com', many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('dsRecords: A domain can have at most 8 DS records');
    const twice = await setDs('messagebean.com', [ds, { ...ds, digest: sha256.toLowerCase() }]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('dsRecords.1: This DS record (key tag 2371) is already in the list');
    expect(await registryDs('messagebean.com')).toEqual([]);
  });
});

describe('publishing DS records', () => {
  it('sets the whole set at the registry, upper-cases digests, and RDAP and WHOIS show a signed delegation', async () => {
    const res = await setDs('signedbean.com', [
      { ...ds, digest: ` ${sha256.toLowerCase()} ` },
      { keyTag: 40000, algorithm: 8, digestType: 4, digest: sha384.toLowerCase() },
    ]);
    expect(res.status).toBe(200);
    const expected = [ds, { keyTag: 40000, algorithm: 8, digestType: 4, digest: sha384 }];
    expect(res.body.dsRecords).toEqual(expected);
    expect(await registryDs('signedbean.com')).toEqual(expected);
    expect((await owner.get(`/api/domains/${ids['signedbean.com']}`)).body.dsRecords).toEqual(expected);
    const rdap = await visitor().get('/rdap/domain/signedbean.com');
    expect(rdap.body.secureDNS).toEqual({ delegationSigned: true, dsData: expected });
    expect(await t.deps.providers.registry.whois('signedbean.com')).toContain('DNSSEC: signedDelegation');
  });

  it('turns DNSSEC off with an empty set, and RDAP says the delegation is unsigned', async () => {
    const res = await setDs('signedbean.com', []);
    expect(res.status).toBe(200);
    expect(res.body.dsRecords).toEqual([]);
    expect(await registryDs('signedbean.com')).toEqual([]);
    expect((await visitor().get('/rdap/domain/signedbean.com')).body.secureDNS).toEqual({ delegationSigned: false });
    expect(await t.deps.providers.registry.whois('signedbean.com')).toContain('DNSSEC: unsigned');
  });

  it('tells the client whether the nameservers are ours, where DNSSEC cannot be turned on', async () => {
    expect((await owner.get(`/api/domains/${ids['plainbean.com']}`)).body.$customNameservers).toBe(false);
    const list = await owner.get('/api/domains');
    const signed = list.body.data.find((d: { domain: string }) => d.domain === 'signedbean.com');
    expect(signed.$customNameservers).toBe(true);
  });

  it('refuses DS records on our nameservers, which do not sign zones', async () => {
    const res = await setDs('plainbean.com', [ds]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'DNSSEC needs nameservers that sign the zone. Our nameservers do not sign zones, so DS records would stop the domain from resolving: change to your DNS provider’s nameservers first.',
    );
    expect(await registryDs('plainbean.com')).toEqual([]);
    // Turning it off is always allowed.
    expect((await setDs('plainbean.com', [])).status).toBe(200);
  });

  it('takes custom nameservers and DS records in one request (nameservers first)', async () => {
    const res = await owner.patch(`/api/domains/${ids['plainbean.com']}`, { ns: theirs, dsRecords: [ds] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ns: theirs, dsRecords: [ds] });
    expect(await registryDs('plainbean.com')).toEqual([ds]);
  });

  it('removes the DS set at the registry before switching back to our nameservers, and says so', async () => {
    const res = await owner.patch(`/api/domains/${ids['plainbean.com']}`, { ns: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ns: ours, dsRecords: [], $dsRecordsRemoved: 1 });
    expect(await registryDs('plainbean.com')).toEqual([]);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'plainbean.com'));
    expect(registry.nameservers).toEqual(ours);
    expect((await visitor().get('/rdap/domain/plainbean.com')).body.secureDNS).toEqual({ delegationSigned: false });
    // A later nameserver change with nothing to remove says nothing about DNSSEC.
    expect((await owner.patch(`/api/domains/${ids['plainbean.com']}`, { ns: [] })).body.$dsRecordsRemoved).toBeUndefined();
  });

  it('answers 502 when the registry took the update but its answer was lost; the change waits for the reconciling job', async () => {
    const res = await setDs('timeout-bean.com', [ds]);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The registry did not answer about timeout-bean.com; we will ask it again and finish or undo the change within minutes');
    // A journal entry: our copy says what was asked until the reconciling job settles it from the registry.
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, ids['timeout-bean.com']));
    expect(row.dsRecords).toEqual([ds]);
    // Replacing the whole set makes the retry safe.
    expect(await registryDs('timeout-bean.com')).toEqual([ds]);
  });
});

describe('API tokens', () => {
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

  it('set DS records with dns:write; without it the answer is 403 naming the scope', async () => {
    const { secret: dns } = await createApiToken(t.db, { accountId, userId }, { name: 'dns', scopes: ['dns:write'] });
    const { secret: reader } = await createApiToken(t.db, { accountId, userId }, { name: 'reader', scopes: ['domains:read', 'nameservers:write'] });
    const refused = await t.client().patch(`/api/domains/${ids['tokenbean.com']}`, { dsRecords: [ds] }, bearer(reader));
    expect(refused.status).toBe(403);
    expect(refused.body.data.missingScope).toBe('dns:write');
    expect(await registryDs('tokenbean.com')).toEqual([]);
    const res = await t.client().patch(`/api/domains/${ids['tokenbean.com']}`, { dsRecords: [ds] }, bearer(dns));
    expect(res.status).toBe(200);
    expect(res.body.dsRecords).toEqual([ds]);
    expect(await registryDs('tokenbean.com')).toEqual([ds]);
  });

  it('are documented in the OpenAPI body with their limits and scope', () => {
    const update = buildOpenApiDocument().components.schemas.DomainUpdate as { properties: Record<string, any> };
    const field = update.properties.dsRecords;
    expect(field.description).toContain('Needs the `dns:write` scope.');
    expect(field.maxItems).toBe(8);
    expect(field.items.properties.keyTag).toMatchObject({ type: 'integer', minimum: 0, maximum: 65535 });
    expect(field.items.required).toEqual(['keyTag', 'algorithm', 'digestType', 'digest']);
  });
});

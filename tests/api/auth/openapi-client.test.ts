/**
 * The public API through a client generated from its OpenAPI document (issue #15): openapi-typescript's types
 * (api/openapi/schema.d.ts, checked here to be current) and openapi-fetch with a bearer token, as a customer's script
 * would use them. Every answer is also checked against the response schema the document was built from.
 */
import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, registryDomains } from '../../../api/db/schema/index.ts';
import { myDomainsListPath } from '../../../api/contract/domains/first-reads.ts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildAppOpenApiDocument } from '../../../api/openapi/app-document.ts';
import { type AppOperationKey, appOperations } from '../../../api/openapi/app-operations.ts';
import { operationSpecs } from '../../../api/openapi/operations.ts';
import type { paths } from '../../../api/openapi/schema.d.ts';
import { appApiTypes, appApiTypesPath, openApiTypes, openApiTypesPath } from '../../../api/openapi/write-types.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let domainId: number;
let api: ReturnType<typeof createClient<paths>>;
let owner: Awaited<ReturnType<typeof signedInBuyer>>['client'];
const zone = 'scripted-lanterns.com';

/** The answer checked against the schema its operation documents (operations.ts), so the document cannot lie. */
function documented<T>(key: keyof typeof operationSpecs, data: T): T {
  operationSpecs[key].response.schema.parse(data);
  return data;
}

beforeAll(async () => {
  t = await createTestContext();
  const { accountId, userId, client } = await signedInBuyer(t, 'typed-client@example.com');
  owner = client;
  const expireDate = new Date(Date.now() + 300 * 86400000);
  const ns = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];
  const [row] = await t.db.insert(domains).values({ accountId, domain: zone, expireDate, ns }).returning();
  domainId = row.domainId;
  await t.db.insert(registryDomains).values({ domain: zone, registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: ns, expireDate });
  const { secret } = await createApiToken(
    t.db,
    { accountId, userId },
    { name: 'typed client', scopes: ['domains:read', 'dns:write', 'renewals:write', 'nameservers:write', 'search'] },
  );
  api = createClient<paths>({
    baseUrl: 'http://localhost/api',
    headers: { authorization: `Bearer ${secret}` },
    fetch: async (request) => t.app.request(request, undefined, { requestIP: () => ({ address: '198.51.100.7' }) }),
  });
});
afterAll(() => t.close());

describe('the generated types', () => {
  it('are what openapi-typescript makes of the document now (run `npm run openapi:types` after changing it)', async () => {
    expect(readFileSync(openApiTypesPath, 'utf8')).toBe(await openApiTypes());
    expect(readFileSync(appApiTypesPath, 'utf8')).toBe(await appApiTypes());
  });
});

/** A session answer checked against the schema its operation in the front ends' document gives it. */
function answered<T>(key: AppOperationKey, data: T): T {
  appOperations[key].response.schema.parse(data);
  return data;
}

describe("the front ends' document", () => {
  it('is valid OpenAPI 3.1 and keeps every token route', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(buildAppOpenApiDocument()));
    expect(result.errors ?? []).toEqual([]);
    for (const key of Object.keys(operationSpecs)) expect(appOperations).toHaveProperty([key]);
  });

  it('gives a signed-in customer the answers it describes', async () => {
    const { client } = await signedInBuyer(t, 'typed-session@example.com');
    const account = await client.get('/api/accounts/0');
    expect(answered('GET /accounts/0', account.body).accountId).toBeGreaterThan(0);
    answered('GET /domains', (await client.get(`/api${myDomainsListPath}`)).body);
    answered('GET /priceRises', (await client.get('/api/priceRises')).body);
    answered('GET /users/0', (await client.get('/api/users/0')).body);
    answered('PATCH /accounts/0', (await client.patch('/api/accounts/0', { tdrpOptOut: true })).body);
    answered('GET /accountActivity', (await client.get('/api/accountActivity?limit=25&skip=0')).body);
    answered('GET /mfas', (await client.get('/api/mfas?status=active&status=pending')).body);
    answered('GET /passkeys', (await client.get('/api/passkeys')).body);
    answered('GET /recoveryCodes', (await client.get('/api/recoveryCodes')).body);
    answered('GET /session/confirm', (await client.get('/api/session/confirm')).body);
    answered('GET /session/admin', (await client.get('/api/session/admin')).body);
    answered('GET /apiTokens', (await client.get('/api/apiTokens')).body);
    answered('GET /registrantVerifications/0', (await client.get('/api/registrantVerifications/0')).body);
    answered('POST /validate', (await client.post('/api/validate', { password: 'short' })).body);
    answered('POST /validate', (await client.post('/api/validate', { email: 'typed-other@example.com' })).body);
  });

  it("answers the DNS tools' reads and previews as it describes them", async () => {
    const templates = answered('GET /dnsTemplates', (await owner.get('/api/dnsTemplates')).body);
    const preview = await owner.post(`/api/dnsTemplates/${templates.data[0].id}/preview`, { domainId });
    answered('POST /dnsTemplates/:id/preview', preview.body);
    const changes = answered('GET /dnsChanges', (await owner.get(`/api/dnsChanges?domainId=${domainId}&limit=100`)).body);
    answered('GET /dnsChanges/diff', (await owner.get(`/api/dnsChanges/diff?domainId=${domainId}&from=0&to=${changes.data[0]?.changeId ?? 0}`)).body);
    const text = `www 3600 IN A 203.0.113.80\n`;
    answered('POST /dnsZoneFiles/preview', (await owner.post('/api/dnsZoneFiles/preview', { domainId, text })).body);
    answered('POST /dnsZoneFiles', (await owner.post('/api/dnsZoneFiles', { domainId, text })).body);
  });

  it('answers email and website reads as it describes them', async () => {
    answered('GET /emails', (await owner.get(`/api/emails?domainId=${domainId}`)).body);
    answered('GET /websites/:id', (await owner.get(`/api/websites/${domainId}`)).body);
  });

  it('answers billing, order and earnings reads as it describes them', async () => {
    answered('GET /paymentMethods', (await owner.get('/api/paymentMethods')).body);
    answered('GET /paymentMethods/config', (await owner.get('/api/paymentMethods/config')).body);
    answered('GET /transactions', (await owner.get('/api/transactions?yyyymm=202611')).body);
    answered('GET /orders', (await owner.get('/api/orders')).body);
    answered('GET /earnings', (await owner.get('/api/earnings')).body);
    answered('GET /domainOffers', (await owner.get('/api/domainOffers?limit=100')).body);
    answered('GET /botCheck', (await owner.get('/api/botCheck')).body);
    answered('GET /dev/outbox', (await owner.get('/api/dev/outbox')).body);
  });
});

describe('a script using the typed client with a bearer token', () => {
  it('lists its domains', async () => {
    const { data, error, response } = await api.GET('/domains', { params: { query: { limit: 10 } } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    const list = documented('GET /domains', data!);
    expect(list.data.map((d) => d.domain)).toEqual([zone]);
    expect(list.data[0].autoRenewEnabled).toBe(true);
    const one = await api.GET('/domains/{id}', { params: { path: { id: domainId } } });
    expect(documented('GET /domains/:id', one.data!).domain).toBe(zone);
  });

  it('adds a DNS record, sees it listed, and deletes it', async () => {
    const added = await api.POST('/dnsRecords', { body: { domainId, type: 'A', host: 'www', data: '203.0.113.10' } });
    expect(added.response.status).toBe(201);
    const record = documented('POST /dnsRecords', added.data!);
    expect(record).toMatchObject({ domainId, type: 'A', host: 'www', data: '203.0.113.10', ttl: 3600 });

    const listed = await api.GET('/dnsRecords', { params: { query: { domainId } } });
    expect(documented('GET /dnsRecords', listed.data!).data.map((r) => `${r.host} ${r.type} ${r.data}`)).toContain('www A 203.0.113.10');

    const changed = await api.PATCH('/dnsRecords/{id}', { params: { path: { id: record.dnsRecordId } }, body: { data: '203.0.113.11', ttl: 600 } });
    expect(documented('PATCH /dnsRecords/:id', changed.data!)).toMatchObject({ data: '203.0.113.11', ttl: 600 });

    const deleted = await api.DELETE('/dnsRecords/{id}', { params: { path: { id: record.dnsRecordId } } });
    expect(documented('DELETE /dnsRecords/:id', deleted.data!)).toEqual({ dnsRecordId: record.dnsRecordId });
    const after = await api.GET('/dnsRecords', { params: { query: { domainId } } });
    expect(after.data!.data.some((r) => r.dnsRecordId === record.dnsRecordId)).toBe(false);
  });

  it('turns auto-renew off and on again', async () => {
    const off = await api.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body: { autoRenewEnabled: false } });
    expect(documented('PATCH /domains/:id', off.data!).autoRenewEnabled).toBe(false);
    expect((await api.GET('/domains/{id}', { params: { path: { id: domainId } } })).data!.autoRenewEnabled).toBe(false);
    const on = await api.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body: { autoRenewEnabled: true } });
    expect(on.data!.autoRenewEnabled).toBe(true);
  });

  it('reads a failure in the documented error shape', async () => {
    const bad = await api.POST('/dnsRecords', { body: { domainId, type: 'A', host: 'www', data: 'not an address' } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ name: 'BadRequest', code: 400 });
    expect(operationSpecs['POST /dnsRecords'].response.schema.safeParse(bad.error).success).toBe(false);
    const missing = await api.GET('/domains/{id}', { params: { path: { id: 999_999 } } });
    expect(missing.error).toMatchObject({ code: 404, message: 'Domain not found' });
  });

  it('gets every other answer in the shape the document gives it', async () => {
    documented('GET /tlds', (await api.GET('/tlds', { params: { query: { limit: 3 } } })).data!);
    documented('GET /tlds/:tld', (await api.GET('/tlds/{tld}', { params: { path: { tld: 'com' } } })).data!);
    const check = await api.GET('/domainSearch/check', { params: { query: { domain: ['lantern-scripts.com', 'lantern-scripts.net'] } } });
    expect(documented('GET /domainSearch/check', check.data!).data.map((r) => r.domain)).toEqual(['lantern-scripts.com', 'lantern-scripts.net']);
    const ns = await api.POST('/registeredNameservers', { body: { domainId, hostname: `ns1.${zone}`, ipAddress: '203.0.113.53' } });
    const glue = documented('POST /registeredNameservers', ns.data!);
    documented('GET /registeredNameservers', (await api.GET('/registeredNameservers', { params: { query: { domainId } } })).data!);
    documented(
      'PATCH /registeredNameservers/:id',
      (await api.PATCH('/registeredNameservers/{id}', { params: { path: { id: glue.registeredNameserverId } }, body: { ipAddress: '203.0.113.54' } })).data!,
    );
    documented(
      'DELETE /registeredNameservers/:id',
      (await api.DELETE('/registeredNameservers/{id}', { params: { path: { id: glue.registeredNameserverId } } })).data!,
    );
    const renewable = documented('GET /renewals', (await api.GET('/renewals', {})).data!);
    expect(renewable.data.map((d) => d.domain)).toEqual([zone]);
    const preview = await api.POST('/renewals', { body: { domains: [{ domainId }], renewalPeriod: 2 } });
    expect(documented('POST /renewals', preview.data!)).toMatchObject({ committed: false, renewalPeriod: 2 });
  });

  it('cannot send, by its types, what a token may not change', async () => {
    type TokenDomainUpdate = NonNullable<paths['/domains/{id}']['patch']['requestBody']>['content']['application/json'];
    const allowed: TokenDomainUpdate = { ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'], autoRenewEnabled: true };
    // @ts-expect-error privacyEnabled is not in a token's PATCH /domains/:id body (`npm run check` fails if it appears)
    const refused: TokenDomainUpdate = { privacyEnabled: false };
    expect((await api.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body: allowed })).data!.ns).toEqual(allowed.ns);
    const sent = await api.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body: refused });
    expect(sent.response.status).toBe(403);
  });
});

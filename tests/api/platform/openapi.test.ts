/**
 * The public API's OpenAPI document and reference page (issue #15): the document names exactly the routes a token may
 * call, is valid OpenAPI 3.1 by a standard validator, and is served with the page that shows it; and
 * GET /api/domainSearch/check, the one route made for it.
 */
import { domainToASCII } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { domainCheckAnswerSchema, maxCheckDomains } from '../../../api/contract/search/domain-check.ts';
import { apiDocsPolicy } from '../../../api/http/content-security-policy.ts';
import { tokenDomainFields, tokenRoutes } from '../../../api/http/token-routes.ts';
import { buildOpenApiDocument } from '../../../api/openapi/document.ts';
import { domainChecksPerMinute } from '../../../api/routes/domain-search.ts';
import { AppError } from '../../../api/errors.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { catalogue } from '../../../api/services/search/catalogue.ts';
import { checkDomains } from '../../../api/services/search/domain-check.ts';
import { createDomainSearch } from '../../../api/services/search/domain-search.ts';
import { domainRelations } from '../../../api/services/domains/domains.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let accountId: number;
let userId: number;
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'openapi@example.com');
  accountId = buyer.accountId;
  userId = buyer.userId;
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('describes exactly the routes a token may call, each with the scope it needs', async () => {
    const { status, body, headers } = await t.client().get('/api/openapi.json');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    const operations = Object.entries(body.paths as Record<string, Record<string, { 'x-required-scope'?: string; description: string }>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{(\w+)\}/g, ':$1'),
          scope: operation['x-required-scope'] ?? null,
          description: operation.description,
        })),
    );
    expect(
      operations.map(({ method, path, scope }) => ({ method, path, scope })).sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`)),
    ).toEqual(
      tokenRoutes.map(({ method, path, scope }) => ({ method, path, scope })).sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`)),
    );
    for (const operation of operations) if (operation.scope) expect(operation.description).toContain(`Requires the \`${operation.scope}\` scope`);
    expect(body.paths['/dnsRecords'].get.summary).toBe('List DNS records');
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(buildOpenApiDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('shows a token only the domain fields it may change, bearer security, and the error shape', () => {
    const doc = buildOpenApiDocument();
    const update = doc.components.schemas.DomainUpdate as { properties: Record<string, unknown>; additionalProperties: boolean };
    expect(Object.keys(update.properties).sort()).toEqual(Object.keys(tokenDomainFields).sort());
    expect(update.additionalProperties).toBe(false);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['name', 'message', 'code'] });
    const listDns = doc.paths['/dnsRecords'].get as { responses: Record<string, unknown>; security: unknown };
    expect(Object.keys(listDns.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    expect(listDns.security).toEqual([{ apiToken: ['dns:write'] }]);
    expect(doc.paths['/domains/{id}'].patch).toMatchObject({ 'x-field-scopes': tokenDomainFields });
    expect((doc.paths['/tlds'].get as { security: unknown }).security).toEqual([]);
    // The list words read by hand (api/http/list-query.ts) are documented as the route checks them.
    const relations = (doc.paths['/domains'].get as { parameters: { name: string; schema: { items?: { enum?: string[] } } }[] }).parameters.find(
      (p) => p.name === '$relations[]',
    );
    expect(relations?.schema.items?.enum).toEqual([...domainRelations]);
    // The inline query schema moved into the contract: the document shows its rule.
    expect((doc.paths['/dnsRecords'].get as { parameters: unknown[] }).parameters).toEqual([
      expect.objectContaining({ name: 'domainId', in: 'query', required: true, schema: expect.objectContaining({ type: 'integer', exclusiveMinimum: 0 }) }),
    ]);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and its scripts from our server, under a policy of its own', async () => {
    const client = t.client();
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(apiDocsPolicy);
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    for (const source of sources.filter((s) => s.startsWith('/api/docs/'))) {
      const asset = await client.get(source);
      expect(asset.status, source).toBe(200);
      expect(String(asset.body).length, source).toBeGreaterThan(100);
    }
    expect(sources.filter((s) => /^(https?:)?\/\//.test(s))).toEqual([]);
    expect((await client.get('/api/docs/package.json')).status).toBe(404);
    expect((await client.get('/api/docs/swagger-ui-bundle.js', { 'accept-encoding': 'gzip' })).headers.get('content-encoding')).toBe('gzip');
    // Every other API answer keeps the strict JSON policy.
    expect((await client.get('/api/openapi.json')).headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('GET /api/domainSearch/check', () => {
  it('answers availability and price as the search does, for a token with the search scope', async () => {
    const { secret } = await createApiToken(t.db, { accountId, userId }, { name: 'checker', scopes: ['search'] });
    const { status, body } = await t
      .client()
      .get(
        '/api/domainSearch/check?domain=Bright-Harbor-Lanterns.COM&domain=nic.com&domain=bright-harbor-lanterns.com&domain=café-lanterns.net',
        bearer(secret),
      );
    expect(status).toBe(200);
    const answer = domainCheckAnswerSchema.parse(body);
    expect(answer.data.map((r) => r.domain)).toEqual(['bright-harbor-lanterns.com', 'nic.com', domainToASCII('café-lanterns.net')]);
    expect(answer.data[0]).toMatchObject({ available: true, tld: 'com', isPremium: false });
    expect(answer.data[0].newPrice).toBeGreaterThan(0);
    expect(answer.data[0].humanPrice).toMatch(/^\$\d+\.\d\d$/);
    expect(answer.data[1]).toMatchObject({ domain: 'nic.com', available: false });
    expect(answer.data[2].unicode).toBe('café-lanterns.net');
  });

  it('refuses a malformed name, an extension we do not sell, too many names, and none, with a clear 400', async () => {
    const { client } = await signedInBuyer(t, 'checks@example.com');
    const bad = await client.get('/api/domainSearch/check?domain=bad_name!.com');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('bad_name!.com');
    const unsold = await client.get('/api/domainSearch/check?domain=lanterns.notarealtld');
    expect(unsold.status).toBe(400);
    expect(unsold.body.message).toBe('lanterns.notarealtld: we do not sell .notarealtld names');
    const bare = await client.get('/api/domainSearch/check?domain=lanterns');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('lanterns.com');
    const many = Array.from({ length: maxCheckDomains + 1 }, (_, i) => `domain=name${i}-lanterns.com`).join('&');
    expect((await client.get(`/api/domainSearch/check?${many}`)).body.message).toContain(`at most ${maxCheckDomains}`);
    expect((await client.get('/api/domainSearch/check')).status).toBe(400);
  });

  it('needs a signed-in customer or a token with the search scope', async () => {
    expect((await t.client().get('/api/domainSearch/check?domain=lanterns-for-all.com')).status).toBe(401);
    const { secret } = await createApiToken(t.db, { accountId, userId }, { name: 'reader only', scopes: ['domains:read'] });
    const refused = await t.client().get('/api/domainSearch/check?domain=lanterns-for-all.com', bearer(secret));
    expect(refused.status).toBe(403);
    expect(refused.body.data.missingScope).toBe('search');
  });

  it(`allows ${domainChecksPerMinute} checks a minute per token, then 429 with Retry-After`, async () => {
    const { secret } = await createApiToken(t.db, { accountId, userId }, { name: 'looper', scopes: ['search'] });
    const client = t.client();
    for (let i = 0; i < domainChecksPerMinute; i++) {
      expect((await client.get(`/api/domainSearch/check?domain=loop${i}-lanterns.com`, bearer(secret))).status).toBe(200);
    }
    const over = await client.get('/api/domainSearch/check?domain=one-more-lanterns.com', bearer(secret));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same account has its own allowance.
    const other = await createApiToken(t.db, { accountId, userId }, { name: 'other', scopes: ['search'] });
    expect((await client.get('/api/domainSearch/check?domain=one-more-lanterns.com', bearer(other.secret))).status).toBe(200);
  });

  it('answers a name exactly as the search socket answers it, premium price included', async () => {
    const name = 'zqxjv.com';
    const fromSocket = await new Promise<unknown>((resolve) => {
      const search = createDomainSearch(name, { registry: t.deps.providers.registry, catalogue: catalogue() }, (message) => {
        search.cancel();
        resolve(JSON.parse(message).data.results[0]);
      });
      search.start();
    });
    const [checked] = await checkDomains({ registry: t.deps.providers.registry, catalogue: catalogue() }, [name]);
    expect(checked).toEqual(fromSocket);
    expect(checked).toMatchObject({ domain: name, available: true, isPremium: true });
    expect(checked.categories).toContain('premium');
    expect(checked.newPrice).toBeGreaterThan(catalogue().byTld.get('com')!.newPricing[0]);
  });

  it('answers 503, not 500, when the registry does not answer', async () => {
    const down = { check: async () => Promise.reject(new Error('connection reset')) };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = await checkDomains({ registry: down, catalogue: catalogue() }, ['lanterns-down.com']).catch((error: unknown) => error);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 503 });
  });
});

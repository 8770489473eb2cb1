/**
 * Bodies that use a prototype name (issue #26: a token PATCH with `{"constructor":1}` answered 500): every /api route
 * that takes a body refuses `constructor`, `__proto__` and `prototype` as a key, at any depth, with a 400, whether the
 * caller has a session cookie or an API token; and a token's field lookup reads own keys only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopes } from '../../../api/contract/api-tokens/api-scopes.ts';
import { domains } from '../../../api/db/schema/index.ts';
import { domainFieldScope } from '../../../api/http/token-routes.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let cookieClient: TestClient;
let bearer: Record<string, string>;
let domainId: number;

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'fuzz@example.com');
  cookieClient = buyer.client;
  const [row] = await t.db
    .insert(domains)
    .values({
      accountId: buyer.accountId,
      domain: 'qwzxv-fuzzed.com',
      expireDate: new Date(Date.now() + 300 * 86400000),
      ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
    })
    .returning();
  domainId = row.domainId;
  const { secret } = await createApiToken(t.db, buyer, { name: 'fuzz', scopes: [...apiScopes] });
  bearer = { authorization: `Bearer ${secret}` };
});
afterAll(() => t.close());

const bodies = [
  '{"constructor":1}',
  '{"__proto__":{}}',
  '{"prototype":{"admin":true}}',
  '{"contact":{"email":"a@example.org","__proto__":{"isAdmin":true}}}',
  '[{"domain":"qwzxv-x.com","constructor":{"prototype":{}}}]',
];

/** Every route of the app that takes a body, with its parameters filled in. */
function bodyRoutes() {
  return t.app.routes
    .filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method) && r.path.startsWith('/api/'))
    .map((r) => ({ method: r.method, path: r.path.replace(/:\w+(\{[^}]*\})?/g, String(domainId)).replace(/\*/g, 'x') }))
    .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
}

describe('prototype names in a request body', () => {
  it('are a 400 on every route that takes a body, with a cookie and with a token', async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'PATCH', path: `/api/domains/${domainId}` });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/apiTokens' });
    const wrong: string[] = [];
    for (const route of routes) {
      for (const body of bodies) {
        for (const [who, headers] of [
          ['cookie', {}],
          ['token', bearer],
        ] as const) {
          const answer = await cookieClient.request(route.method, route.path, body, { ...headers });
          // The Stripe webhook is raw bytes checked by their signature and read by Stripe's library: any 4xx will do.
          const ok =
            route.path === '/api/stripeWebhook'
              ? answer.status >= 400 && answer.status < 500
              : answer.status === 400 && /^The request body may not use the field name "(constructor|__proto__|prototype)"$/.test(answer.body?.message);
          if (!ok) wrong.push(`${route.method} ${route.path} ${body} (${who}): ${answer.status} ${answer.body?.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leave nothing changed: the refused PATCH did not reach the domain', async () => {
    const before = (await cookieClient.get(`/api/domains/${domainId}`)).body;
    const answer = await cookieClient.request('PATCH', `/api/domains/${domainId}`, '{"autoRenewEnabled":false,"__proto__":{"autoRenewEnabled":false}}', bearer);
    expect(answer.status).toBe(400);
    expect((await cookieClient.get(`/api/domains/${domainId}`)).body.autoRenewEnabled).toBe(before.autoRenewEnabled);
  });

  it('are plain data inside string values', async () => {
    const answer = await cookieClient.post('/api/validate', { email: 'constructor@example.org', recaptchaToken: 'x' });
    expect(answer.status).not.toBe(500);
    expect(answer.body?.message ?? '').not.toContain('may not use the field name');
  });
});

describe('a token naming an inherited property', () => {
  it('is refused by name, never taken for a scope', async () => {
    expect(domainFieldScope('constructor')).toBeUndefined();
    expect(domainFieldScope('toString')).toBeUndefined();
    expect(domainFieldScope('ns')).toBe('nameservers:write');
    for (const field of ['toString', 'hasOwnProperty', 'valueOf']) {
      const answer = await cookieClient.request('PATCH', `/api/domains/${domainId}`, `{"${field}":1}`, bearer);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 403,
        message: `API tokens cannot change "${field}"; sign in to the account app to change it`,
      });
    }
  });
});

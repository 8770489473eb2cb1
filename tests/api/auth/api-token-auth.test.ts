/** Bearer API tokens on /api (issue #15): who a token is, what its scopes reach, and where it is refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../../api/db/schema/index.ts';
import { createApiToken, revokeApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let accountId: number;
let userId: number;
let domainId: number;
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'scripts@example.com');
  accountId = buyer.accountId;
  userId = buyer.userId;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId, domain: 'scripted.com', expireDate: new Date(Date.now() + 300 * 86400000), ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'] })
    .returning();
  domainId = row.domainId;
});
afterAll(() => t.close());

describe('a bearer token', () => {
  it('reads the domains of its account with domains:read, and is refused a scope it lacks by name', async () => {
    const { secret } = await createApiToken(t.db, { accountId, userId }, { name: 'reader', scopes: ['domains:read'] });
    const client = t.client();
    const list = await client.get('/api/domains', bearer(secret));
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { domain: string }) => d.domain)).toContain('scripted.com');
    const dns = await client.get(`/api/dnsRecords?domainId=${domainId}`, bearer(secret));
    expect(dns.status).toBe(403);
    expect(dns.body.message).toContain('"dns:write"');
    const autoRenew = await client.patch(`/api/domains/${domainId}`, { autoRenewEnabled: false }, bearer(secret));
    expect(autoRenew.status).toBe(403);
    expect(autoRenew.body.data.missingScope).toBe('renewals:write');
  });

  it('never reaches a cookie-only route, and a revoked or unknown token is 401', async () => {
    const { token, secret } = await createApiToken(t.db, { accountId, userId }, { name: 'all', scopes: ['domains:read', 'renewals:write'] });
    const client = t.client();
    expect((await client.get('/api/paymentMethods', bearer(secret))).status).toBe(403);
    expect((await client.get('/api/users/0', bearer(secret))).status).toBe(403);
    const privacy = await client.patch(`/api/domains/${domainId}`, { privacyEnabled: false }, bearer(secret));
    expect(privacy.status).toBe(403);
    expect(privacy.body.message).toContain('"privacyEnabled"');
    expect((await client.patch(`/api/domains/${domainId}`, { autoRenewEnabled: false }, bearer(secret))).body.autoRenewEnabled).toBe(false);
    expect(await revokeApiToken(t.db, accountId, token.apiTokenId)).toBe(true);
    const revoked = await client.get('/api/domains', bearer(secret));
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('This API token has been revoked');
    expect((await client.get('/api/domains', bearer('dsp_nothing'))).status).toBe(401);
  });
});

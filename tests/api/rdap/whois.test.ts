import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registryDomains } from '../../../api/db/schema/index.ts';
import { externalRegistration } from '../../../api/providers/registry/sandbox-world.ts';
import { whoisRateLimitMessage } from '../../../api/routes/whois.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const now = new Date();
  await t.db.insert(registryDomains).values({
    domain: 'brightbeancoffee.com',
    registrarName: 'Dotspot, Inc.',
    ours: true,
    locked: true,
    authCode: 'test-auth-code',
    nameservers: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
    statuses: ['clientTransferProhibited'],
    createDate: new Date('2025-10-18T09:30:00Z'),
    modifyDate: new Date('2026-01-05T12:00:00Z'),
    expireDate: new Date(now.getTime() + 300 * 24 * 3600 * 1000),
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
/** Each test looks up from its own client address, so the per-address limit of one test does not leak into another. */
function newVisitor() {
  const client = t.client({ ip: `198.51.100.${++address}` });
  return {
    client,
    lookup: async (domain: string) => client.get(`/api/whois/${domain}?nonAuthoritative=true&token=${encodeURIComponent(await client.botToken())}`),
    lookupWithToken: (domain: string, token: string) => client.get(`/api/whois/${domain}?nonAuthoritative=true&token=${encodeURIComponent(token)}`),
  };
}

describe('GET /api/whois/:domain', () => {
  it('answers a name registered through us with registry-format WHOIS text', async () => {
    const { status, body } = await newVisitor().lookup('brightbeancoffee.com');
    expect(status).toBe(200);
    const whois: string = body.whois;
    expect(whois).toMatch(/^Domain Name: BRIGHTBEANCOFFEE\.COM$/m);
    expect(whois).toMatch(/^Registry Domain ID: \d+_DOMAIN_COM-SBX$/m);
    expect(whois).toMatch(/^Registrar WHOIS Server: whois\.dotspot\.example$/m);
    expect(whois).toMatch(/^Registrar URL: https:\/\/www\.dotspot\.example$/m);
    expect(whois).toMatch(/^Creation Date: 2025-10-18T09:30:00Z$/m);
    expect(whois).toMatch(/^Updated Date: 2026-01-05T12:00:00Z$/m);
    expect(whois).toMatch(/^Registry Expiry Date: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);
    expect(whois).toMatch(/^Registrar: Dotspot, Inc\.$/m);
    expect(whois).toMatch(/^Registrar IANA ID: \d+$/m);
    expect(whois).toMatch(/^Registrar Abuse Contact Email: abuse@dotspot\.example$/m);
    expect(whois).toMatch(/^Domain Status: clientTransferProhibited https:\/\/icann\.org\/epp#clientTransferProhibited$/m);
    for (const role of ['Registrant', 'Admin', 'Tech']) {
      expect(whois).toContain(`${role} Name: REDACTED FOR PRIVACY`);
      expect(whois).toContain(`${role} Phone: REDACTED FOR PRIVACY`);
    }
    expect(whois).toMatch(/^Name Server: NS1\.DOTSPOT\.EXAMPLE$/m);
    expect(whois).toMatch(/^Name Server: NS2\.DOTSPOT\.EXAMPLE$/m);
    expect(whois).toMatch(/^DNSSEC: unsigned$/m);
    expect(whois).toContain('URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/');
    expect(whois).toMatch(/^>>> Last update of WHOIS database: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ <<<$/m);
  });

  it('answers a name the sandbox world registered at another registrar, with that registrar and its dates', async () => {
    const domain = 'locked-gardenparty.com';
    const external = externalRegistration(domain)!;
    const { status, body } = await newVisitor().lookup(domain);
    expect(status).toBe(200);
    expect(body.whois).toContain(`Registrar: ${external.registrarName}`);
    expect(body.whois).toContain(`Creation Date: ${external.createDate.toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
    expect(body.whois).toContain('Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited');
    expect(body.whois).toContain('Domain Status: clientUpdateProhibited https://icann.org/epp#clientUpdateProhibited');
    expect(body.whois).toContain(`Name Server: ${external.nameservers[0].toUpperCase()}`);
  });

  it('is case-insensitive about the name it is given', async () => {
    const { status, body } = await newVisitor().lookup('BrightBeanCoffee.COM');
    expect(status).toBe(200);
    expect(body.whois).toContain('Domain Name: BRIGHTBEANCOFFEE.COM');
  });

  it('answers 404 with a message for a name nobody registered', async () => {
    const { status, body } = await newVisitor().lookup('zqxv-unclaimed-meadow.com');
    expect(status).toBe(404);
    expect(body.message).toMatch(/No WHOIS record was found for zqxv-unclaimed-meadow\.com/);
  });

  it('refuses a name without an extension with 400', async () => {
    const { status, body } = await newVisitor().lookup('brightbeancoffee');
    expect(status).toBe(400);
    expect(body.message).toMatch(/extension/);
  });

  it('refuses a lookup without a bot-check token, with a bad token, or with a token already used', async () => {
    const visitor = newVisitor();
    const missing = await visitor.client.get('/api/whois/brightbeancoffee.com?nonAuthoritative=true');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Human verification is required. Please try again.');
    const bad = await visitor.lookupWithToken('brightbeancoffee.com', 'not-a-token');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Human verification failed. Please try again.');
    const token = await visitor.client.botToken();
    expect((await visitor.lookupWithToken('brightbeancoffee.com', token)).status).toBe(200);
    const reused = await visitor.lookupWithToken('brightbeancoffee.com', token);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This verification was already used. Please try again.');
  });

  it('allows 10 lookups a minute from one address and answers the 11th with 429 and a clear message', async () => {
    // Pin the clock to the start of a fresh one-minute window so all 11 lookups fall in the same window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
    const visitor = newVisitor();
    for (let i = 0; i < 10; i++) expect((await visitor.lookup('brightbeancoffee.com')).status).toBe(200);
    const refused = await visitor.lookup('brightbeancoffee.com');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain(whoisRateLimitMessage);
    expect(refused.body.message).toMatch(/try again in \d+ seconds?/);
    const other = newVisitor();
    expect((await other.lookup('brightbeancoffee.com')).status).toBe(200);
  });
});

/**
 * A reseller deployment on Openprovider: the start-up rule without IANA ID, abuse phone or escrow, a server that
 * starts that way, and purchases and transfers in (premium ones at the upstream's fee, refused when it changed) that
 * reach the upstream (the stateful stand-in) through Prism validating every request and answer against Openprovider's
 * published contract.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.ts';
import { findUnsafeProviderMix } from '../../../api/provider-mix.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { domains } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import {
  type RunningOpenproviderSandbox,
  sandboxCostsFromCatalogue,
  startOpenproviderSandbox,
} from '../../../api/providers/registry/openprovider-sandbox-server.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { catalogue } from '../../../api/services/search/catalogue.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { type Prism, startPrism } from '../../fixtures/prism.ts';
import { realProviderEnv } from '../../fixtures/real-providers.ts';
import { type ServerProcess, startServerProcess } from '../../fixtures/server-process.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let upstream: RunningOpenproviderSandbox;
let prism: Prism;
let t: TestContext;
const upstreamCosts = sandboxCostsFromCatalogue(catalogue().list);

const credentials = { username: 'reseller-42', password: 'upstream-secret' };

/** Every real provider, Openprovider as the registry, and none of a registrar's duties (IANA ID, abuse phone, escrow). */
function resellerEnv(url: string): Record<string, string> {
  const { EPP_HOST, EPP_USERNAME, EPP_PASSWORD, REGISTRAR_IANA_ID, REGISTRAR_ABUSE_PHONE, ...rest } = realProviderEnv;
  const withoutEscrow = Object.fromEntries(Object.entries(rest).filter(([name]) => !name.startsWith('ESCROW_')));
  return { ...withoutEscrow, OPENPROVIDER_URL: url, OPENPROVIDER_USERNAME: credentials.username, OPENPROVIDER_PASSWORD: credentials.password };
}

beforeAll(async () => {
  upstream = await startOpenproviderSandbox({ ...credentials, costs: upstreamCosts });
  prism = await startPrism({ upstream: upstream.url });
  t = await createTestContext({
    env: {
      OPENPROVIDER_URL: prism.url,
      OPENPROVIDER_USERNAME: credentials.username,
      OPENPROVIDER_PASSWORD: credentials.password,
      DEFAULT_NAMESERVERS: 'ns1.reseller-dns.net,ns2.reseller-dns.net',
      UPSTREAM_RDAP_URL: 'https://rdap.openprovider.test/',
    },
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await prism?.stop();
  await upstream?.close();
});

describe('the start-up rule for a reseller', () => {
  it('lets a reseller start with payments, mail, SMS, mail host and the upstream, without IANA ID, abuse phone or escrow', () => {
    const config = loadConfig(resellerEnv('https://api.openprovider.eu'));
    expect(config.providers.registry).toBe('openprovider');
    expect(config.roleInMarket).toBe('reseller');
    expect(config.sandboxMode).toBe(false);
    expect(findUnsafeProviderMix(config)).toBeNull();
  });

  it('still refuses a reseller without payments or its own abuse desk, naming what is missing', () => {
    const { STRIPE_SECRET_KEY, REGISTRAR_ABUSE_EMAIL, ...rest } = resellerEnv('https://api.openprovider.eu');
    const problem = findUnsafeProviderMix(loadConfig(rest));
    expect(problem).toContain('STRIPE_SECRET_KEY');
    expect(problem).toContain('REGISTRAR_ABUSE_EMAIL');
    expect(problem).not.toContain('REGISTRAR_IANA_ID');
    expect(problem).not.toContain('ESCROW_');
  });

  it('keeps asking an accredited registrar on EPP for its IANA ID and escrow', () => {
    const { REGISTRAR_IANA_ID, ESCROW_SFTP_HOST, ...rest } = realProviderEnv;
    const problem = findUnsafeProviderMix(loadConfig(rest));
    expect(problem).toContain('REGISTRAR_IANA_ID');
    expect(problem).toContain('ESCROW_SFTP_HOST');
  });

  it('refuses to call an upstream API a registrar, and EPP and Openprovider together', () => {
    expect(() => loadConfig({ ...resellerEnv('https://api.openprovider.eu'), DOTSPOT_ROLE_IN_MARKET: 'registrar' })).toThrow(/reseller/);
    expect(() => loadConfig({ ...resellerEnv('https://api.openprovider.eu'), EPP_HOST: 'epp.example' })).toThrow(/not both/);
  });
});

describe('a reseller server', () => {
  let server: ServerProcess;
  afterAll(() => server?.stop());

  it('starts with Openprovider behind Prism and no registrar duties, and says it is ready', async () => {
    server = await startServerProcess(resellerEnv(prism.url));
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/ready`);
    expect(ready.status).toBe(200);
    expect(prism.violations()).toEqual([]);
  }, 90_000);
});

describe('buying a name through the upstream', () => {
  it('registers it at Openprovider (through the contract), and RDAP names the upstream as sponsor and us as reseller', async () => {
    const name = `reseller-buys-${Date.now().toString(36)}.com`;
    const buyer = await signedInBuyer(t, `buyer-${name}@example.org`);
    const added = await buyer.client.post('/api/cartItems', { domain: name, years: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const done = await buyer.client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const held = upstream.sandbox.domains.get(name);
    expect(held).toMatchObject({ status: 'ACT', nameServers: ['ns1.reseller-dns.net', 'ns2.reseller-dns.net'] });
    const [row] = await t.db.select().from(domains).where(eq(domains.domain, name));
    expect(row).toBeDefined();

    const rdap = await t.client().get(`/rdap/domain/${name}`);
    expect(rdap.status).toBe(200);
    const registrar = rdap.body.entities.find((entity: { roles: string[] }) => entity.roles.includes('registrar'));
    expect(registrar.publicIds).toEqual([{ type: 'IANA Registrar ID', identifier: '1647' }]);
    expect(JSON.stringify(registrar.vcardArray)).toContain('Openprovider');
    expect(registrar.links).toContainEqual(expect.objectContaining({ rel: 'related', href: 'https://rdap.openprovider.test/' }));
    expect(rdap.body.entities.some((entity: { roles: string[] }) => entity.roles.includes('reseller'))).toBe(true);

    expect(prism.violations()).toEqual([]);
  }, 60_000);

  it('shows a name the upstream says is taken as taken, and the upstream refusing a taken name as a refusal', async () => {
    const [taken] = await t.deps.providers.registry.check(['taken-by-someone.com']);
    expect(taken).toMatchObject({ available: false, reason: 'taken' });
    const contact = {
      firstName: 'A',
      lastName: 'B',
      company: '',
      address: 'x',
      city: 'y',
      state: 'z',
      zip: '1',
      country: 'GB',
      email: 'a@example.org',
      phone: '+442079460000',
    };
    await expect(t.deps.providers.registry.register({ domain: 'taken-already.com', years: 1, contact, nameservers: ['ns1.reseller-dns.net'] })).rejects.toThrow(
      /already registered/,
    );
    expect(prism.violations()).toEqual([]);
  });

  it('logs in again when the upstream token expires', async () => {
    upstream.sandbox.expireTokens();
    const [free] = await t.deps.providers.registry.check(['fresh-after-expiry.com']);
    expect(free).toMatchObject({ available: true });
  });
});

const payments = () => t.deps.providers.payments as SandboxPayments;

describe('registering a premium name through the upstream', () => {
  /** The stand-in's premium for a year's registration: 20 times the extension's cost. */
  const premiumCreate = (tld: string) => (upstreamCosts.get(tld)?.register ?? 0) * 20;
  /** Creates that reached the upstream through Prism. */
  const createRequests = () => prism.log().match(/post \/v1beta\/domains(?![/\w-])/gi)?.length ?? 0;

  /** Adds the name to a new buyer's cart and checks out, the registry's check answering `cartFee` for it meanwhile. */
  async function buy(domain: string, cartFee: (real: number | undefined) => number | undefined = (real) => real) {
    const registry = t.deps.providers.registry;
    const realCheck = registry.check;
    registry.check = async (names) => (await realCheck(names)).map((answer) => ({ ...answer, premiumPrice: cartFee(answer.premiumPrice) }));
    try {
      const { client, accountId } = await signedInBuyer(t, `premium-create-${domain}@example.org`);
      const added = await client.post('/api/cartItems', { domain, years: 1 });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const [sent, before] = [createRequests(), (await payments().ledger()).length];
      const answer = await client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
      return { accountId, added: added.body, answer, intents: (await payments().ledger()).slice(before), sent: createRequests() - sent };
    } finally {
      registry.check = realCheck;
    }
  }

  it('charges the upstream premium for the first year, and the create accepts that premium', async () => {
    const domain = 'premium-qwzxv-atelier.com';
    const fee = premiumCreate('com');
    expect(fee).toBeGreaterThan(catalogue().forDomain(domain)!.newPricing[0]);
    const { added, answer, intents, sent } = await buy(domain);
    expect(added).toMatchObject({ premium: true, price: fee });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ registered: [domain], failedDomains: [], totalPrice: fee });
    expect(intents).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: fee })]);
    expect(sent).toBe(1);
    expect(upstream.sandbox.domains.get(domain)).toMatchObject({ status: 'ACT' });
    expect(prism.violations()).toEqual([]);
  });

  it.each([
    ['a premium other than the one in the cart', 'premium-qwzxv-late.com', (real?: number) => (real ?? 0) - 100, /registration fee for \S+ is now/],
    ['a premium on a name sold at the standard price', 'premium-qwzxv-plain.com', () => undefined, /now prices the registration of \S+ as premium/],
  ])('refuses, before the create goes out and charging nothing, %s', async (_, domain, cartFee, reason) => {
    const { accountId, added, answer, intents, sent } = await buy(domain, cartFee);
    expect(answer.status, JSON.stringify(answer.body)).toBe(502);
    expect(answer.body).toMatchObject({ message: expect.stringContaining('Your card was not charged'), data: { failedDomains: [domain] } });
    expect(intents.map((intent) => intent.status)).not.toContain('succeeded');
    expect(sent).toBe(0);
    expect(upstream.sandbox.domains.has(domain)).toBe(false);
    expect(await t.db.select().from(domains).where(eq(domains.accountId, accountId))).toEqual([]);
    const shownPrice = added.premium ? added.price : null;
    await expect(
      t.deps.providers.registry.register({ domain, years: 1, contact: demoContact, nameservers: ['ns1.reseller-dns.net'], shownPrice }),
    ).rejects.toThrow(reason);
    expect(prism.violations()).toEqual([]);
  });

  it('is what the upstream asks: a premium create that does not accept its premium is refused', async () => {
    // Straight to the upstream (through Prism), as any client of it would ask.
    const call = async (path: string, body: unknown, token = '') => {
      const answer = await fetch(`${prism.url}/v1beta${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : 'Bearer' },
        body: JSON.stringify(body),
      });
      return (await answer.json()) as { code: number; desc: string; data: { token?: string; handle?: string } };
    };
    const { data } = await call('/auth/login', credentials);
    const token = data.token ?? '';
    const { data: customer } = await call('/customers', { email: 'raw@example.org', name: { first_name: 'R', last_name: 'Aw' } }, token);
    const create = (accept?: number) =>
      call(
        '/domains',
        { domain: { name: 'premium-qwzxv-raw', extension: 'com' }, period: 1, owner_handle: customer.handle, accept_premium_fee: accept },
        token,
      );
    expect(await create()).toMatchObject({ code: 10003, desc: expect.stringContaining('must be accepted') });
    expect(await create(premiumCreate('com') / 100 - 1)).toMatchObject({ code: 10003 });
    expect(await create(premiumCreate('com') / 100)).toMatchObject({ code: 0 });
    expect(prism.violations()).toEqual([]);
  });
});

describe('transferring a name in through the upstream', () => {
  /** The stand-in's fee for a premium transfer: 20 times the extension's transfer cost. */
  const premiumFee = (tld: string) => (upstreamCosts.get(tld)?.transfer ?? 0) * 20;
  /** Transfer requests that reached the upstream through Prism. */
  const transferRequests = () => prism.log().match(/post \/v1beta\/domains\/transfer\b/gi)?.length ?? 0;

  async function checkTransfer(client: TestClient, domain: string) {
    const answer = await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(await client.botToken())}`, { domains: [domain] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.domains[0];
  }
  async function checkOut(client: TestClient, domain: string) {
    const added = await client.post('/api/cartItems', { type: 'domain', domain, domainType: 'transfer', authCode: 'Tr4nsfer#Code9' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const before = (await payments().ledger()).length;
    const answer = await client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
    return { added: added.body, answer, intents: async () => (await payments().ledger()).slice(before) };
  }

  it('transfers a name at the catalogue price, and the upstream holds the request', async () => {
    const domain = 'taken-qwzxv-moving.com';
    const { client } = await signedInBuyer(t, 'reseller-transfer@example.org');
    const price = catalogue().forDomain(domain)!.transferPricing[0];
    expect(await checkTransfer(client, domain)).toMatchObject({ domain, ok: true, premium: false, transferPrice: price });
    const sent = transferRequests();
    const { added, answer, intents } = await checkOut(client, domain);
    expect(transferRequests()).toBe(sent + 1);
    expect(added).toMatchObject({ premium: false, price });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ registered: [domain], failedDomains: [], totalPrice: price });
    expect(await intents()).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: price })]);
    expect(upstream.sandbox.domains.get(domain)).toMatchObject({ status: 'REQ' });
    expect(prism.violations()).toEqual([]);
  });

  it('shows, adds and charges a premium name at the upstream fee, which the request accepts', async () => {
    const domain = 'taken-premium-qwzxv-studio.com';
    const fee = premiumFee('com');
    expect(fee).toBeGreaterThan(catalogue().forDomain(domain)!.transferPricing[0]);
    const { client } = await signedInBuyer(t, 'reseller-premium-transfer@example.org');
    expect(await checkTransfer(client, domain)).toMatchObject({ domain, ok: true, premium: true, transferPrice: fee });
    const { added, answer, intents } = await checkOut(client, domain);
    expect(added).toMatchObject({ premium: true, price: fee });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ registered: [domain], totalPrice: fee });
    expect(await intents()).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: fee })]);
    expect(upstream.sandbox.domains.get(domain)).toMatchObject({ status: 'REQ' });
    expect(prism.violations()).toEqual([]);
  });

  it('stops at checkout, charging nothing, when the upstream fee changed since the cart', async () => {
    const domain = 'taken-premium-qwzxv-bakery.net';
    const fee = premiumFee('net');
    const { client } = await signedInBuyer(t, 'reseller-premium-rise@example.org');
    const before = upstreamCosts.get('net')!;
    const added = await client.post('/api/cartItems', { type: 'domain', domain, domainType: 'transfer', authCode: 'Tr4nsfer#Code9' });
    expect(added.body).toMatchObject({ premium: true, price: fee });
    upstream.sandbox.setCost('net', { ...before, transfer: before.transfer + 500 });
    try {
      const ledger = (await payments().ledger()).length;
      const refused = await client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`The registry's transfer price of ${domain} has changed to ${formatMoney(fee + 500 * 20)}. Please review your cart.`);
      expect((await payments().ledger()).slice(ledger)).toEqual([]);
      expect(upstream.sandbox.domains.has(domain)).toBe(false);
    } finally {
      upstream.sandbox.setCost('net', before);
    }
  });

  /**
   * The upstream's price moves between checkout's last look and the request (the transfer check is made to report what
   * it said a moment earlier): the request is refused before it reaches the upstream, and the customer is not charged.
   */
  async function raceTheRequest(domain: string, cartFee: (real: number | undefined) => number | undefined) {
    const registry = t.deps.providers.registry;
    const realCheck = registry.transferCheck;
    registry.transferCheck = async (name, tlds) => {
      const answer = await realCheck(name, tlds);
      const premiumPrice = cartFee(answer.premiumPrice);
      return { ...answer, premiumPrice };
    };
    try {
      const { client, accountId } = await signedInBuyer(t, `race-${domain}@example.org`);
      const sent = transferRequests();
      const { added, answer, intents } = await checkOut(client, domain);
      expect(answer.status, JSON.stringify(answer.body)).toBe(502);
      expect(answer.body).toMatchObject({ message: expect.stringContaining('Your card was not charged'), data: { failedDomains: [domain] } });
      expect((await intents()).map((intent) => intent.status)).not.toContain('succeeded');
      expect(transferRequests()).toBe(sent);
      expect(upstream.sandbox.domains.has(domain)).toBe(false);
      expect(await t.db.select().from(domains).where(eq(domains.accountId, accountId))).toEqual([]);
      expect(prism.violations()).toEqual([]);
      return added;
    } finally {
      registry.transferCheck = realCheck;
    }
  }

  it('refuses the transfer request, charging nothing, when the upstream fee is not the one the customer paid', async () => {
    const domain = 'taken-premium-qwzxv-late.com';
    const added = await raceTheRequest(domain, (real) => (real ?? 0) - 100);
    expect(added).toMatchObject({ premium: true, price: premiumFee('com') - 100 });
    expect(await t.deps.providers.registry.requestTransfer({ domain, authCode: 'Tr4nsfer#Code9', shownPrice: premiumFee('com') - 100 })).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/transfer fee for taken-premium-qwzxv-late\.com is now/),
    });
  });

  it('refuses to transfer at a premium a name sold at the standard price, charging nothing', async () => {
    const domain = 'taken-premium-qwzxv-plain.com';
    const added = await raceTheRequest(domain, () => undefined);
    expect(added).toMatchObject({ premium: false, price: catalogue().forDomain(domain)!.transferPricing[0] });
    expect(await t.deps.providers.registry.requestTransfer({ domain, authCode: 'Tr4nsfer#Code9', shownPrice: null })).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/now prices the transfer of taken-premium-qwzxv-plain\.com as premium/),
    });
  });
});

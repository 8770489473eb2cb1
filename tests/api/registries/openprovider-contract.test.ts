/**
 * The Openprovider provider against Openprovider's own published contract (tests/fixtures/openprovider/swagger.json),
 * served by Prism with request validation: every call the provider makes must be one the contract allows. Prism's
 * mock answers from the spec's examples (`example.com` is taken, `test4.london` is a domain of the account).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenproviderRegistry, type OpenproviderRegistry } from '../../../api/providers/registry/openprovider.ts';
import { type Prism, startPrism } from '../../fixtures/prism.ts';

let prism: Prism;
let registry: OpenproviderRegistry;
const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  address: '1 Analytical Row',
  city: 'London',
  state: 'London',
  zip: 'N1 9GU',
  country: 'GB',
  email: 'ada@example.org',
  phone: '+442079460000',
};
/** The account's domain in the contract's examples. */
const ours = 'test4.london';

beforeAll(async () => {
  prism = await startPrism();
  registry = createOpenproviderRegistry({
    url: prism.url,
    username: 'reseller',
    password: 'secret',
    registrarName: 'Hosting Concepts B.V. d/b/a Openprovider',
    defaultNameservers: ['ns1.registrar-dns.net', 'ns2.registrar-dns.net'],
  });
}, 60_000);
afterAll(() => prism?.stop());

describe('the Openprovider provider against the published contract (Prism, request validation on)', () => {
  it('makes every call the storefront, control panel and jobs need, and Prism refuses none of them', async () => {
    // Availability with prices: the contract's example says example.com exists.
    const [taken] = await registry.check(['example.com']);
    expect(taken).toEqual({ domain: 'example.com', available: false, reason: 'taken' });

    const created = await registry.register({ domain: 'brand-new.com', years: 2, contact, nameservers: registry.defaultNameservers });
    expect(created.domain).toBe('brand-new.com');
    expect(created.expireDate.toISOString()).toBe('2020-04-29T17:15:19.000Z');

    const record = await registry.info(ours);
    expect(record).toMatchObject({ domain: ours, ours: true, registrarName: 'Hosting Concepts B.V. d/b/a Openprovider', nameservers: ['NS1.EXAMPLE.COM'] });
    expect(await registry.whois(ours)).toContain('Registrar: Hosting Concepts B.V. d/b/a Openprovider');
    await registry.renew({ domain: ours, years: 1 });
    expect(await registry.premiumRenewPrice(ours, 1)).toBeNull();
    await registry.setNameservers(ours, ['ns1.registrar-dns.net', 'ns2.registrar-dns.net']);
    await registry.updateDsRecords({ domain: ours, dsRecords: [] });
    await registry.setLock(ours, true);
    await registry.setWhoisPrivacy(ours, true, null);
    await registry.updateContacts(ours, { registrant: contact, admin: contact });
    expect(await registry.authCode(ours)).toBe('12345678');
    expect(await registry.authCode(ours, true)).toBe('12345678');
    await registry.approveTransfer(ours);
    await registry.delete(ours);
    await registry.restore({ domain: ours, deletedAt: new Date(), whoisBefore: '', whoisNow: '', reason: 'customer asked' });
    // A transfer in at the standard price: the contract's price example is not premium, so no fee is shown or accepted.
    expect(await registry.transferCheck('example.com', new Set(['com']))).toEqual({ domain: 'example.com', ok: true });
    expect(await registry.requestTransfer({ domain: 'moving-in.com', authCode: 'abc123' })).toEqual({ status: 'pending' });
    expect(await registry.requestTransfer({ domain: 'moving-in.com', authCode: 'abc123', shownPrice: null })).toEqual({ status: 'pending' });
    await registry.setHost('ns1.test4.london', ['192.0.2.1', '2001:db8::1']);
    await registry.deleteHost('ns1.test4.london');
    expect(await registry.listDomains()).toContain(ours);

    const costs = await registry.wholesaleCosts();
    expect(costs).toContainEqual({ tld: 'eu', currency: 'USD', register: 22600, renew: 22600, transfer: 22600, restore: 22600 });

    expect(prism.violations()).toEqual([]);
    expect(prism.log()).not.toMatch(/\b422\b/);
  });

  it('Prism does refuse a request the contract does not allow (so the check above can fail)', async () => {
    const answer = await fetch(`${prism.url}/v1beta/domains/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer token' },
      body: JSON.stringify({ domains: [{ name: 42 }] }),
    });
    expect(answer.status).toBe(422);
    expect(prism.violations().length).toBeGreaterThan(0);
  });
});

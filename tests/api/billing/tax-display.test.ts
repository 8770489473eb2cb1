/**
 * GET /api/taxDisplay: the storefront asks how a consumer in a country is shown prices. An EU consumer sees VAT in
 * them at their country's rate; Americans see prices without tax, and "added at checkout" only where TAX_REGISTRATIONS
 * says the operator collects US sales tax; a country code nobody knows is a 400 that says what to send. And the
 * price the storefront shows a Dutch visitor is the one their cart then shows for the name, to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grossParts, shownPrice } from '../../../api/contract/billing/tax.ts';
import { taxDisplaySchema } from '../../../api/contract/billing/tax-display.ts';
import { loadConfig } from '../../../api/config.ts';
import { setSellerIdentity } from '../../../api/services/billing/seller-identity.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The operator as configured with these TAX_REGISTRATIONS, as the server's start sets it from its environment. */
function registeredIn(registrations: string) {
  setSellerIdentity(loadConfig({ NODE_ENV: 'test', TAX_REGISTRATIONS: registrations }));
}

describe('with the default registrations (EU)', () => {
  it('shows a Dutch consumer prices with 21% VAT in them, publicly cacheable', async () => {
    const answer = await t.client().get('/api/taxDisplay?country=nl');
    expect(answer.status).toBe(200);
    expect(taxDisplaySchema.parse(answer.body)).toEqual({
      country: 'NL',
      display: 'included',
      rate: 0.21,
      label: 'VAT',
      place: 'Netherlands',
      regional: false,
    });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await t.client().get('/api/taxDisplay?country=DE')).body).toMatchObject({ display: 'included', rate: 0.19, place: 'Germany' });
  });

  it('shows Americans and customers where the operator is not registered prices without tax, none added', async () => {
    expect((await t.client().get('/api/taxDisplay?country=US')).body).toEqual({
      country: 'US',
      display: 'none',
      rate: 0,
      label: 'Tax',
      place: 'United States',
      regional: false,
    });
    expect((await t.client().get('/api/taxDisplay?country=JP')).body).toMatchObject({ display: 'none', rate: 0, place: 'Japan' });
  });

  it('refuses a country it does not know with a 400 that says what to send', async () => {
    for (const country of ['XX', 'ZZ', 'EU', 'Netherlands', 'N1', '']) {
      const answer = await t.client().get(`/api/taxDisplay?country=${encodeURIComponent(country)}`);
      expect(answer.status, country).toBe(400);
      expect(answer.body.message, country).toMatch(/two-letter ISO 3166 code, such as NL or US/);
    }
    const missing = await t.client().get('/api/taxDisplay');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/two-letter ISO 3166 code/);
  });
});

describe('with US sales tax registrations', () => {
  afterAll(() => registeredIn('EU'));

  it('says sales tax is added at checkout, by state, to Americans; Europeans still see VAT included', async () => {
    registeredIn('EU,US');
    expect((await t.client().get('/api/taxDisplay?country=US')).body).toEqual({
      country: 'US',
      display: 'added',
      rate: 0,
      label: 'Sales tax',
      place: 'United States',
      regional: true,
    });
    expect((await t.client().get('/api/taxDisplay?country=NL')).body).toMatchObject({ display: 'included', rate: 0.21 });
    registeredIn('EU,US-NY');
    expect((await t.client().get('/api/taxDisplay?country=US')).body).toMatchObject({ display: 'added', regional: true });
    // Registered in Canada: the federal GST is known before the address, the provinces' tax comes with it.
    registeredIn('CA');
    expect((await t.client().get('/api/taxDisplay?country=CA')).body).toMatchObject({ display: 'added', rate: 0.05, label: 'GST', regional: true });
    expect((await t.client().get('/api/taxDisplay?country=NL')).body).toMatchObject({ display: 'none', rate: 0 });
  });
});

it('shows a Dutch visitor the price their cart then shows for the name, VAT included, to the cent', async () => {
  const visitor = t.client({ ip: '192.0.2.77' });
  const display = (await visitor.get('/api/taxDisplay?country=NL')).body;
  const { body: tlds } = await visitor.get('/api/tlds?tld=com');
  const net = tlds.data[0].newPricing[0] as number;
  const added = await visitor.post('/api/cartItems', [{ type: 'domain', domainType: 'new', domain: 'qwztx-gracht-bakery.com' }]);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const cart = await visitor.patch(`/api/carts/${added.body[0].cartId}`, { contact: { country: 'NL' } });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const [line] = cart.body.cartItems;
  expect(line.price).toBe(net);
  expect(cart.body.$tax).toMatchObject({ display: 'included', rate: display.rate });
  // The cart's line as the order summary shows it where prices include VAT, and its total with the VAT.
  expect(grossParts(line, cart.body.$tax.rate).price).toBe(shownPrice(net, display));
  expect(cart.body.totalPrice).toBe(shownPrice(net, display));
  expect(shownPrice(net, display)).toBeGreaterThan(net);
});

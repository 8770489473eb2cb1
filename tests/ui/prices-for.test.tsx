// @vitest-environment happy-dom
/**
 * The prices country: guessed from the browser's first language only when it names a region, kept once chosen, and
 * a signed-in customer's own tax (from their billing address) wins; the line says what the prices hold.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { $cart } from '../../site/stores/cart.ts';
import { $pricesFor, choosePricesCountry, describePricesFor, guessCountry, type PricesFor } from '../../site/stores/prices-for.ts';

afterEach(() => vi.unstubAllGlobals());

test('guesses the country from the first language only when it names a region', () => {
  expect(guessCountry(['nl-NL', 'en'])).toBe('NL');
  expect(guessCountry(['de-AT'])).toBe('AT');
  expect(guessCountry(['nl', 'en-US'])).toBeNull();
  expect(guessCountry(['es-419'])).toBeNull();
  expect(guessCountry([])).toBeNull();
});

test('a chosen country is kept for the next page, and a signed-in customer’s billing address wins over it', async () => {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const answer = { country: 'DE', display: 'included', rate: 0.19, label: 'VAT', place: 'Germany', regional: false };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const seen: (PricesFor | null)[] = [];
  const stop = $pricesFor.subscribe((pricesFor) => seen.push(pricesFor));
  await expect(choosePricesCountry('DE')).resolves.toBe(true);
  expect(asked).toContain('/api/taxDisplay?country=DE');
  expect($pricesFor.get()).toMatchObject({ source: 'chosen', display: 'included', rate: 0.19, place: 'Germany' });
  expect(JSON.parse(localStorage.getItem('ds_prices_for') ?? 'null')).toMatchObject({ country: 'DE', chosen: true });
  expect(describePricesFor($pricesFor.get())).toEqual({ place: 'Germany', tax: 'incl. 19% VAT' });

  $cart.set({ $isLoggedIn: true, $tax: { display: 'added', rate: 0.04, label: 'Sales tax', place: 'New York', reverseCharge: false } } as never);
  expect($pricesFor.get()).toMatchObject({ source: 'account', display: 'added', place: 'New York' });
  expect(describePricesFor($pricesFor.get()).tax).toBe('excl. 4% sales tax, added at checkout');
  $cart.set(null);
  stop();
  expect(seen.at(-1)).toMatchObject({ source: 'chosen', place: 'Germany' });
});

describe('the line says what the prices hold', () => {
  const base = { source: 'chosen', country: 'US', label: 'VAT', place: 'United States', regional: false, reverseCharge: false } as const;
  test.each([
    [null, { place: null, tax: 'Prices exclude tax; any tax is added at checkout.' }],
    [
      { ...base, display: 'none', rate: 0, label: 'Tax' },
      { place: 'United States', tax: 'no sales tax or VAT is added at checkout' },
    ],
    [
      { ...base, display: 'added', rate: 0, label: 'Sales tax', regional: true },
      { place: 'United States', tax: 'excl. sales tax, added at checkout where your state charges it' },
    ],
    [
      { ...base, country: 'CA', place: 'Canada', display: 'added', rate: 0.05, label: 'GST', regional: true },
      { place: 'Canada', tax: 'excl. 5% GST and any provincial tax, added at checkout' },
    ],
    [
      { ...base, country: 'CA', place: 'Canada', display: 'added', rate: 0, label: 'GST + QST', regional: true },
      { place: 'Canada', tax: 'excl. GST + QST, added at checkout where your province charges it' },
    ],
    [
      { ...base, place: 'Germany', display: 'included', rate: 0, reverseCharge: true, source: 'account' },
      { place: 'Germany', tax: 'excl. VAT, which your business accounts for (reverse charge)' },
    ],
  ] as const)('%o', (pricesFor, said) => {
    expect(describePricesFor(pricesFor as PricesFor | null)).toEqual(said);
  });
});

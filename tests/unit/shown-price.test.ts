/**
 * The price search and the price table show an EU consumer is the price their cart then shows for that line, to the
 * cent: the storefront rounds the gross price as the cart's tax and its order summary do, for every price and rate.
 */
import regionCountries from 'sales-tax/res/region_countries.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { grossParts, shownPrice } from '../../api/contract/billing/tax.ts';
import { decideTax } from '../../api/services/billing/tax-rates.ts';
import { cartTax } from '../../api/services/carts/cart-tax.ts';

const today = new Date('2026-11-29T12:00:00Z');
const operator = { country: 'US', registrations: ['EU', 'GB', 'AU'] };
const countries = [...regionCountries.EU, 'GB', 'AU'];

/** Every cent up to $20, then prices up to $5,000 (premium names) in uneven steps. */
const prices = [...Array.from({ length: 2000 }, (_, cents) => cents + 1), ...Array.from({ length: 5000 }, (_, i) => 2000 + i * 99 + (i % 7))];

/** What the cart shows for a line of this one price: its tax from the server, then the summary's gross price. */
function cartGross(net: number, decision: ReturnType<typeof decideTax>): { line: number; total: number } {
  const { lines, total } = cartTax(decision, [{ totalPrice: net, discount: 0 }]);
  const line = grossParts({ price: net, protectionPrice: 0, monthlyPrice: 0, discount: 0, tax: lines[0] }, decision.rate).price;
  return { line, total: net + total };
}

describe('a price shown with VAT in it', () => {
  it.each(countries)('equals the cart line and total in %s for every price', (country) => {
    const decision = decideTax({ country }, operator, today);
    expect(decision.display).toBe('included');
    const differ = prices.filter((net) => {
      const cart = cartGross(net, decision);
      const shown = shownPrice(net, decision);
      return shown !== cart.line || shown !== cart.total;
    });
    expect(differ).toEqual([]);
  });

  it('rounds half up as the invoice does ($12.50 at 21% is $15.13 with $2.63 VAT in it)', () => {
    expect(shownPrice(1250, { display: 'included', rate: 0.21 })).toBe(1513);
    expect(shownPrice(1028, { display: 'included', rate: 0.21 })).toBe(1244);
    expect(shownPrice(1, { display: 'included', rate: 0.21 })).toBe(1);
  });

  it('stays net where tax is added or there is none, and for a business whose VAT is reverse-charged', () => {
    expect(shownPrice(1028, decideTax({ country: 'US', state: 'NY' }, { country: 'US', registrations: ['US'] }, today))).toBe(1028);
    expect(shownPrice(1028, decideTax({ country: 'JP' }, operator, today))).toBe(1028);
    const business = decideTax({ country: 'DE', vatNumber: 'DE100000008', vatStatus: 'confirmed' }, operator, today);
    expect(shownPrice(1028, business)).toBe(1028);
    expect(shownPrice(1028, null)).toBe(1028);
  });
});

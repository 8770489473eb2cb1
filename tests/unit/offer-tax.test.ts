/**
 * What a For Sale page says about tax on an offer: an offer is before tax (checkout taxes the sale as any line), so the
 * note under the field says what comes on top for the visitor's prices country and what a typed amount then costs.
 */
import { describe, expect, it } from 'vitest';
import { acceptedOfferNote, offerTaxNote } from '../../site/islands/for-sale/offer-tax.ts';
import type { PricesFor } from '../../site/stores/prices-for.ts';

const base = { source: 'browser', reverseCharge: false, regional: false } as const;
const netherlands: PricesFor = { ...base, country: 'NL', display: 'included', rate: 0.21, label: 'VAT', place: 'Netherlands' };
const unitedStates: PricesFor = { ...base, country: 'US', display: 'none', rate: 0, label: 'Sales tax', place: 'United States' };
const newYork: PricesFor = { ...base, country: null, source: 'account', display: 'added', rate: 0.08875, label: 'Sales tax', place: 'New York' };
const business: PricesFor = { ...netherlands, source: 'account', country: null, place: 'Germany', reverseCharge: true, rate: 0 };

describe('the offer field’s tax note', () => {
  it('tells an EU consumer VAT comes on top, and what their offer then costs', () => {
    expect(offerTaxNote(netherlands, null)).toBe('Offer an amount before VAT: 21% VAT (Netherlands) is added at checkout.');
    expect(offerTaxNote(netherlands, 220_000)).toBe(
      'Offer an amount before VAT: 21% VAT (Netherlands) is added at checkout, so an offer of $2,200.00 costs you $2,662.00.',
    );
    // Rounded as the cart rounds the line.
    expect(offerTaxNote(netherlands, 9_999)).toContain('an offer of $99.99 costs you $120.99.');
  });

  it('tells a visitor with no tax that their offer is what they pay', () => {
    expect(offerTaxNote(unitedStates, 150_000)).toBe('No sales tax or VAT is added at checkout for United States: your offer is what you pay.');
  });

  it('says sales tax is added where it is, and nothing for a reverse-charged business', () => {
    expect(offerTaxNote(newYork, 100_000)).toBe('Offer an amount before tax: 8.875% sales tax (New York) is added at checkout.');
    expect(offerTaxNote(business, 100_000)).toBe('Offer an amount before VAT: none is added at checkout, your business accounts for it (reverse charge).');
  });

  it('says tax may come on top before the country is known', () => {
    expect(offerTaxNote(null, 100_000)).toBe('Offer an amount before tax: any VAT or sales tax for your country is added at checkout.');
  });
});

describe('an accepted offer’s note', () => {
  it('names the amount accepted where the price shown holds VAT', () => {
    expect(acceptedOfferNote(netherlands, 220_000)).toBe('The owner accepted your offer of $2,200.00; with 21% VAT that is the price above.');
    expect(acceptedOfferNote(unitedStates, 220_000)).toBe('The owner accepted your offer.');
  });
});

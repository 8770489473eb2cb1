/** Tax on charges after checkout: each line taxed on its own and added up per domain; the account app's price with it. */
import { describe, expect, it } from 'vitest';
import { chargeText, chargeWithTax } from '../../account-app/src/features/billing/charge-tax.ts';
import { shownPrice } from '../../api/contract/billing/tax.ts';
import { taxOfLines } from '../../api/contract/billing/tax.ts';
import { chargeTaxNote, taxRowsOf } from '../../api/services/billing/charge-tax.ts';
import { decideTax } from '../../api/services/billing/tax-rates.ts';

const today = new Date('2026-11-29T12:00:00Z');
const operator = { country: 'NL', registrations: ['EU', 'US-NY'] };
const dutch = decideTax({ country: 'NL' }, operator, today);
const belgianBusiness = decideTax({ country: 'BE', vatNumber: 'BE0999000030', vatStatus: 'confirmed' }, operator, today);
const californian = decideTax({ country: 'US', state: 'CA' }, operator, today);

describe('the tax rows of a capture', () => {
  it('are one per domain, the sum of its lines each rounded half up, with the rate a refund uses', () => {
    const lines = [
      { description: 'Renewal: a.com (1 year)', amount: 1128, domainId: 1 },
      { description: 'Domain Protection: a.com (1 year)', amount: 500, domainId: 1 },
      { description: 'Renewal: b.org (1 year)', amount: 1250, domainId: 2 },
    ];
    // 236.88 -> 237, 105 -> 105, 262.5 -> 263 (half up).
    expect(taxRowsOf(lines, dutch)).toEqual([
      {
        description: 'VAT 21% (Netherlands) on Renewal: a.com (1 year), Domain Protection: a.com (1 year)',
        amount: 342,
        domainId: 1,
        metaData: { rate: 0.21, taxOf: null },
      },
      { description: 'VAT 21% (Netherlands) on Renewal: b.org (1 year)', amount: 263, domainId: 2, metaData: { rate: 0.21, taxOf: null } },
    ]);
    expect(taxOfLines([1128, 500, 1250], dutch)).toBe(342 + 263);
  });

  it('are none for a reverse-charged business or an untaxed state', () => {
    const lines = [{ description: 'Renewal: a.com (1 year)', amount: 1128, domainId: 1 }];
    expect(taxRowsOf(lines, belgianBusiness)).toEqual([]);
    expect(taxRowsOf(lines, californian)).toEqual([]);
    expect(taxOfLines([1128], californian)).toBe(0);
    expect(chargeTaxNote(belgianBusiness)).toContain('VAT reverse-charged');
    expect(chargeTaxNote(californian)).toBeNull();
  });
});

describe('the price the account app shows before a charge', () => {
  it('adds the account tax as the card is charged, and says which tax', () => {
    const account = { chargeTax: { rate: 0.21, note: 'VAT 21% (Netherlands)', display: 'included' as const } };
    expect(chargeWithTax(1000, account)).toBe(1210);
    expect(chargeText(1000, account)).toBe('$12.10 (with $2.10 VAT 21% (Netherlands))');
    expect(chargeText(1000, { chargeTax: null })).toBe('$10.00');
    expect(chargeText(1000, null)).toBe('$10.00');
  });

  it('shows list prices with VAT where the country expects it, and before sales tax where it is added', () => {
    const dutch = { chargeTax: { rate: 0.21, note: 'VAT 21% (Netherlands)', display: 'included' as const } };
    const newYorker = { chargeTax: { rate: 0.04, note: 'Sales tax 4% (New York)', display: 'added' as const } };
    expect(shownPrice(1128, dutch.chargeTax)).toBe(1365);
    // Each price is rounded as the charge rounds it, so a renewal shown at its price is what its line charges.
    expect(shownPrice(1128, dutch.chargeTax)).toBe(chargeWithTax(1128, dutch));
    expect(shownPrice(1128, newYorker.chargeTax)).toBe(1128);
    expect(shownPrice(1128, null)).toBe(1128);
  });
});

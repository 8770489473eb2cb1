import { describe, expect, it } from 'vitest';
import { describeTax, taxOn } from '../../api/contract/billing/tax.ts';
import { decideTax } from '../../api/services/billing/tax-rates.ts';
import { normalizeVatNumber } from '../../api/services/accounts/vat-numbers.ts';
import type { AppError } from '../../api/errors.ts';
import { createSandboxVies } from '../../api/providers/vies/sandbox.ts';

const today = new Date('2026-11-29T12:00:00Z');
const usOperator = { country: 'US', registrations: ['EU'] };
const dutchOperator = { country: 'NL', registrations: ['EU'] };

describe('the tax a customer pays', () => {
  it('charges an EU consumer their own country VAT, shown as included', () => {
    const german = decideTax({ country: 'DE' }, dutchOperator, today);
    expect(german).toMatchObject({ rate: 0.19, display: 'included', label: 'VAT', place: 'Germany', reverseCharge: false });
    expect(decideTax({ country: 'NL' }, usOperator, today)).toMatchObject({ rate: 0.21, display: 'included' });
    expect(describeTax(decideTax({ country: 'NL' }, usOperator, today), 210)).toBe('Prices include 21% VAT (Netherlands): $2.10.');
  });

  it('reverse-charges an EU business with a confirmed VAT number in another member state', () => {
    const business = decideTax({ country: 'DE', vatNumber: 'DE100000008', vatStatus: 'confirmed' }, dutchOperator, today);
    expect(business).toMatchObject({ rate: 0, reverseCharge: true, buyerTaxId: 'DE100000008' });
    expect(describeTax(business, 0)).toContain('VAT reverse-charged: the customer accounts for it');
  });

  it('still charges VAT to a business in the operator own country, and to one VIES could not confirm', () => {
    expect(decideTax({ country: 'NL', vatNumber: 'NL800000006B01', vatStatus: 'confirmed' }, dutchOperator, today)).toMatchObject({
      rate: 0.21,
      reverseCharge: false,
    });
    const unconfirmed = decideTax({ country: 'DE', vatNumber: 'DE999000009', vatStatus: 'unavailable' }, dutchOperator, today);
    expect(unconfirmed).toMatchObject({ rate: 0.19, reverseCharge: false, viesUnavailable: true });
    expect(describeTax(unconfirmed, 190)).toContain('could not be checked with VIES');
  });

  it('adds a US state sales tax only where the operator collects it', () => {
    expect(decideTax({ country: 'US', state: 'New York' }, usOperator, today)).toMatchObject({ rate: 0, display: 'none' });
    const newYork = decideTax({ country: 'US', state: 'ny' }, { country: 'US', registrations: ['US-NY'] }, today);
    expect(newYork).toMatchObject({ rate: 0.04, display: 'added', label: 'Sales tax', place: 'New York', region: 'NY' });
    expect(describeTax(newYork, 115)).toBe('Sales tax (4%, New York): $1.15');
    expect(decideTax({ country: 'US', state: 'CA' }, { country: 'US', registrations: ['US-NY'] }, today).rate).toBe(0);
    expect(decideTax({ country: 'CA', state: 'Quebec' }, { country: 'US', registrations: ['CA'] }, today)).toMatchObject({
      rate: 0.14975,
      label: 'GST + QST',
      display: 'added',
    });
  });

  it('charges nothing where there is no tax', () => {
    expect(decideTax({ country: 'HK' }, { country: 'US', registrations: ['EU', 'HK'] }, today)).toMatchObject({ rate: 0, display: 'none' });
    expect(decideTax({ country: 'US', state: 'OR' }, { country: 'US', registrations: ['US'] }, today).rate).toBe(0);
  });

  it('rounds tax per line to whole cents, half up', () => {
    expect(taxOn(1299, 0.21)).toBe(273);
    expect(taxOn(250, 0.19)).toBe(48);
    expect(taxOn(1000, 0.08875)).toBe(89);
    expect(taxOn(0, 0.21)).toBe(0);
  });
});

describe('VAT numbers', () => {
  it('accepts a well-formed number in any spelling and refuses a malformed one with a 400', () => {
    expect(normalizeVatNumber('nl 8000.0000 6b01', 'NL')).toEqual({ number: 'NL800000006B01', country: 'NL' });
    expect(normalizeVatNumber('EL999000006', 'GR').number).toBe('EL999000006');
    const refusal = (() => {
      try {
        normalizeVatNumber('NL123', 'NL');
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refusal?.code).toBe(400);
    expect(refusal?.message).toContain('is not a valid EU VAT number');
    expect(() => normalizeVatNumber('DE100000008', 'NL')).toThrow('your billing country is Netherlands');
  });

  it('the sandbox VIES confirms, refuses and is unavailable for its documented numbers', async () => {
    const vies = createSandboxVies();
    expect((await vies.check('DE', '100000008')).status).toBe('confirmed');
    expect((await vies.check('DE', '888000008')).status).toBe('invalid');
    expect((await vies.check('DE', '999000009')).status).toBe('unavailable');
  });
});

import { describe, expect, it } from 'vitest';
import { addTaxBack } from '../../api/contract/billing/refund-tax.ts';
import type { PaymentCharge } from '../../api/contract/billing/refunds.ts';

const charge = (transactionId: number, type: PaymentCharge['type'], amount: number, extra: Partial<PaymentCharge> = {}): PaymentCharge => ({
  transactionId,
  type,
  domainId: 7,
  description: `charge ${transactionId}`,
  amount,
  refundable: amount,
  name: null,
  orderId: 3,
  taxRate: type === 'tax' ? 0.21 : null,
  ...extra,
});

/** A registration ($10.00) and its protection ($5.00) with their 21% VAT ($3.15), and another order's VAT on the same name. */
const charges = new Map(
  [charge(1, 'nrc', 1000), charge(2, 'nrc', 500), charge(3, 'tax', 315), charge(4, 'tax', 210, { orderId: 9 })].map((c) => [c.transactionId, c]),
);
const back = (asked: [number, number][]) => {
  const map = new Map(asked);
  addTaxBack(charges, map);
  return Object.fromEntries(map);
};

describe('the tax a refund takes back', () => {
  it('is the line’s share at its rate for part of it, and only the tax of the line’s own order', () => {
    expect(back([[1, 400]])).toEqual({ 1: 400, 3: 84 });
  });

  it('is all of what is left of it once every charge of the line is refunded (no cent left behind by rounding)', () => {
    expect(
      back([
        [1, 1000],
        [2, 500],
      ]),
    ).toEqual({ 1: 1000, 2: 500, 3: 315 });
  });

  it('is what billing typed when they typed an amount for the tax themselves', () => {
    expect(
      back([
        [1, 1000],
        [3, 10],
      ]),
    ).toEqual({ 1: 1000, 3: 10 });
  });

  it('never exceeds what is left of the tax', () => {
    const left = new Map(charges);
    left.set(3, { ...charge(3, 'tax', 315), refundable: 50 });
    const asked = new Map([[1, 1000]]);
    addTaxBack(left, asked);
    expect(asked.get(3)).toBe(50);
  });
});

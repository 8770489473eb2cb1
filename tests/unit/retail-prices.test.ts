/** Retail prices from costs by a rule: margins, rounding up, the floor, and rules refused for selling below cost. */
import { describe, expect, it } from 'vitest';
import { belowCostProblem, type PricingRule, retailFromCost, roundPrice } from '../../api/services/pricing/retail-prices.ts';

const rule = (fields: Partial<PricingRule>): PricingRule => ({
  tld: '*',
  marginBasisPoints: 0,
  marginFixedCents: 0,
  rounding: 'none',
  floorMarginCents: 0,
  ...fields,
});

describe('retail prices from costs', () => {
  it('rounds up to .99 or a whole dollar, never down', () => {
    expect(roundPrice(1000, '99')).toBe(1099);
    expect(roundPrice(1099, '99')).toBe(1099);
    expect(roundPrice(1100, '99')).toBe(1199);
    expect(roundPrice(1001, 'whole')).toBe(1100);
    expect(roundPrice(1000, 'whole')).toBe(1000);
    expect(roundPrice(1234, 'none')).toBe(1234);
  });

  it('adds the percent and fixed margins in whole cents, and the floor lifts a thin margin', () => {
    expect(retailFromCost(1000, rule({ marginBasisPoints: 2500 }))).toBe(1250);
    expect(retailFromCost(999, rule({ marginBasisPoints: 1000, marginFixedCents: 50 }))).toBe(1149);
    expect(retailFromCost(1000, rule({ marginBasisPoints: 100, floorMarginCents: 300 }))).toBe(1300);
    expect(retailFromCost(1000, rule({ marginBasisPoints: 2500, rounding: '99' }))).toBe(1299);
  });

  it('refuses a rule whose margins would sell below cost, or a negative floor', () => {
    expect(belowCostProblem(rule({ marginBasisPoints: -1000, floorMarginCents: 500 }))).toMatch(/below cost/);
    expect(belowCostProblem(rule({ marginFixedCents: -100 }))).toMatch(/below cost/);
    expect(belowCostProblem(rule({ floorMarginCents: -1 }))).toMatch(/floor/);
    expect(belowCostProblem(rule({ marginBasisPoints: -500, marginFixedCents: 10_000 }))).toMatch(/below cost/);
    expect(belowCostProblem(rule({ marginBasisPoints: 2500 }))).toBeNull();
  });
});

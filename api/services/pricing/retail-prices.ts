/**
 * Retail prices made from wholesale costs by a rule: cost + cost × margin + fixed margin, rounded up (to .99 or a
 * whole unit), never less than cost + the floor margin. Pure arithmetic in integer cents, shared by the preview, the
 * save and the catalogue overlay.
 */
import type { Costs, PricedAction, PricingRule, Retail } from '../../contract/pricing/pricing.ts';

export type { Costs, PricingRule, Retail } from '../../contract/pricing/pricing.ts';

/** Rounds up: `99` to the next x.99, `whole` to the next whole unit. */
export function roundPrice(cents: number, rounding: PricingRule['rounding']): number {
  if (rounding === '99') return Math.floor(cents / 100) * 100 + 99;
  if (rounding === 'whole') return Math.ceil(cents / 100) * 100;
  return cents;
}

/** The price the margins and rounding make, before the floor lifts it. */
export function marginPrice(cost: number, rule: PricingRule): number {
  const raw = Math.ceil(cost + (cost * rule.marginBasisPoints) / 10_000 + rule.marginFixedCents);
  return roundPrice(Math.max(raw, 0), rule.rounding);
}

export function retailFromCost(cost: number, rule: PricingRule): number {
  return Math.max(marginPrice(cost, rule), cost + rule.floorMarginCents);
}

export function retailPrices(costs: Costs, rule: PricingRule): Retail {
  const retail: Retail = {};
  for (const [action, cost] of Object.entries(costs) as [PricedAction, number][]) retail[action] = retailFromCost(cost, rule);
  return retail;
}

/** The rule that prices an extension: its own, else the default, else none (the catalogue's prices stand). */
export function ruleFor<R extends PricingRule>(tld: string, rules: ReadonlyMap<string, R>): R | undefined {
  return rules.get(tld) ?? rules.get('*');
}

/** Why a rule cannot be saved: it would sell below cost (a negative margin that the floor does not cover). */
export function belowCostProblem(rule: PricingRule): string | null {
  if (rule.floorMarginCents < 0) return 'The floor margin cannot be negative: it would let a price fall below cost';
  // The floor would lift such a price back to cost, but a negative margin means a price below cost was meant: say so.
  // A negative percent sells the dearest extensions below cost however large the fixed margin.
  if (rule.marginBasisPoints < 0) return 'This rule would sell below cost: the margin percent cannot be negative';
  for (const probe of [1, 100, 1000, 10_000, 100_000]) {
    if (marginPrice(probe, rule) < probe) return 'This rule would sell below cost: the margins must add up to at least the cost';
  }
  return null;
}

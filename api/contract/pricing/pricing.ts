/** What the Pricing screen and the price-rise banner read: costs, rules, retail prices and the changes between them. */

export const pricedActions = ['register', 'renew', 'transfer', 'restore'] as const;
export type PricedAction = (typeof pricedActions)[number];

export type PricingRule = {
  /** `*`: the default for every extension without its own rule. */
  tld: string;
  marginBasisPoints: number;
  marginFixedCents: number;
  rounding: 'none' | '99' | 'whole';
  floorMarginCents: number;
};

export type Costs = Partial<Record<PricedAction, number>>;
export type Retail = Partial<Record<PricedAction, number>>;

export type PricingRow = {
  tld: string;
  cost: Costs;
  /** The rule that prices it (`*` the default), or null: the catalogue file's prices. */
  rule: PricingRule | null;
  retail: { register: number; renew: number; transfer: number; restore: number };
};

export type PriceChange = { tld: string; action: PricedAction; before: number; after: number; cost: number };

export type { PriceRiseView } from './price-rises.ts';

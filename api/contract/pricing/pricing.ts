/** What the Pricing screen and the price-rise banner read: costs, rules, retail prices and the changes between them. */
import '../zod-config.ts';
import { z } from 'zod';

export const pricedActions = ['register', 'renew', 'transfer', 'restore'] as const;
export type PricedAction = (typeof pricedActions)[number];

export const pricingRuleViewSchema = z.strictObject({
  /** `*`: the default for every extension without its own rule. */
  tld: z.string(),
  marginBasisPoints: z.number().int(),
  marginFixedCents: z.number().int(),
  rounding: z.enum(['none', '99', 'whole']),
  floorMarginCents: z.number().int(),
});
export type PricingRule = z.infer<typeof pricingRuleViewSchema>;
/** A rule as the table stores it: with when it last changed. */
export const storedPricingRuleSchema = pricingRuleViewSchema.extend({ modifyDate: z.string() });
export type StoredPricingRule = z.infer<typeof storedPricingRuleSchema>;

const centsByAction = z.strictObject({ register: z.number().int(), renew: z.number().int(), transfer: z.number().int(), restore: z.number().int() });
export const costsSchema = centsByAction.partial();
export type Costs = z.infer<typeof costsSchema>;
export type Retail = Partial<Record<PricedAction, number>>;

export const pricingRowSchema = z.strictObject({
  tld: z.string(),
  cost: costsSchema,
  /** The rule that prices it (`*` the default), or null: the catalogue file's prices. */
  rule: storedPricingRuleSchema.nullable(),
  retail: centsByAction,
});
export type PricingRow = z.infer<typeof pricingRowSchema>;

export const priceChangeSchema = z.strictObject({
  tld: z.string(),
  action: z.enum(pricedActions),
  before: z.number().int(),
  after: z.number().int(),
  cost: z.number().int(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** What saving a rule or syncing the costs told customers: the extensions whose renewal rose, the notices sent, the auto-renewals paused. */
export const priceRiseSummarySchema = z.strictObject({ tlds: z.array(z.string()), notices: z.number().int(), paused: z.number().int() });

/** A rule as staff send it to preview or save: the margin in percent (stored in basis points). */
export const pricingRuleSchema = z.object({
  tld: z
    .string()
    .trim()
    .toLowerCase()
    .transform((tld) => tld.replace(/^\./, ''))
    .pipe(z.string().regex(/^(\*|[a-z0-9-]+(\.[a-z0-9-]+)*)$/, 'Choose an extension, or * for the default rule')),
  marginPercent: z.number().min(-100).max(1000).default(0),
  marginFixedCents: z.number().int().min(-100_000).max(1_000_000).default(0),
  rounding: z.enum(['none', '99', 'whole']).default('none'),
  floorMarginCents: z.number().int().min(-100_000).max(1_000_000).default(0),
  reason: z.string().trim().max(1000).optional(),
});
export type PricingRuleInput = z.infer<typeof pricingRuleSchema>;

export type { PriceRiseView } from './price-rises.ts';

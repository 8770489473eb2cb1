/**
 * The Pricing screen's rules: the default rule and per-extension overrides, previewed before they are saved (what
 * each extension's price becomes), saved with an audit entry in the same transaction, refused when they would sell
 * below cost. Saving refreshes this process's prices at once; every other process picks them up within 30 seconds
 * (refreshRetailPrices on a timer, api/runtime.ts).
 */
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pricingRules } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { catalogue, loadCatalogue, type RetailOverlay, setRetailPrices } from '../search/catalogue.ts';
import { belowCostProblem, type Costs, type PricingRule, retailPrices, ruleFor } from './retail-prices.ts';
import { currentCosts } from './wholesale-costs.ts';
import type { PriceChange, PricingRow, PricingRuleInput, StoredPricingRule } from '../../contract/pricing/pricing.ts';

const toRule = (input: PricingRuleInput): PricingRule => ({
  tld: input.tld,
  marginBasisPoints: Math.round(input.marginPercent * 100),
  marginFixedCents: input.marginFixedCents,
  rounding: input.rounding,
  floorMarginCents: input.floorMarginCents,
});

/** The stored rules by extension, each with when it last changed. */
type StoredRule = PricingRule & { modifyDate: Date };

export async function loadRules(db: DbOrTx): Promise<Map<string, StoredRule>> {
  const rows = await db.select().from(pricingRules);
  return new Map(rows.map((row) => [row.tld, { ...row }]));
}

/** Retail prices for every extension with a cost and a rule (the others keep content/tlds.csv's prices). */
export function overlayOf(costs: ReadonlyMap<string, Costs>, rules: ReadonlyMap<string, PricingRule>): Map<string, RetailOverlay> {
  const prices = new Map<string, RetailOverlay>();
  for (const [tld, cost] of costs) {
    const rule = ruleFor(tld, rules);
    if (rule) prices.set(tld, retailPrices(cost, rule));
  }
  return prices;
}

/** Reads costs and rules and sets this process's retail prices; returns how many extensions rules price. */
export async function refreshRetailPrices(db: Db): Promise<number> {
  const prices = overlayOf(await currentCosts(db), await loadRules(db));
  setRetailPrices(prices);
  return prices.size;
}

export type { PricingRow } from '../../contract/pricing/pricing.ts';

/** The Pricing screen's table: per extension, its cost, the rule that prices it and the retail price customers see. */
export async function pricingTable(db: Db): Promise<{ rows: PricingRow[]; rules: StoredPricingRule[] }> {
  const [costs, rules] = await Promise.all([currentCosts(db), loadRules(db)]);
  const view = (rule: StoredRule) => ({ ...rule, modifyDate: rule.modifyDate.toISOString() });
  const rows = catalogue().list.map((tld) => {
    const rule = costs.has(tld.tld) ? ruleFor(tld.tld, rules) : undefined;
    return {
      tld: tld.tld,
      cost: costs.get(tld.tld) ?? {},
      rule: rule ? view(rule) : null,
      retail: { register: tld.newPricing[0], renew: tld.renewPricing[0], transfer: tld.transferPricing[0], restore: tld.redemptionPricing[0] },
    };
  });
  return { rows, rules: [...rules.values()].map(view) };
}

export type { PriceChange } from '../../contract/pricing/pricing.ts';

/** What saving the rule would change: every price that moves, with its cost. Refuses a rule that sells below cost. */
export async function previewRule(db: DbOrTx, input: PricingRuleInput): Promise<PriceChange[]> {
  const rule = toRule(input);
  const problem = belowCostProblem(rule);
  if (problem) throw new AppError(422, problem, { field: 'marginPercent' });
  const [costs, rules] = await Promise.all([currentCosts(db as Db), loadRules(db)]);
  const after = new Map<string, PricingRule>(rules).set(rule.tld, rule);
  if (rule.tld !== '*' && !loadCatalogue().byTld.has(rule.tld)) throw new AppError(422, `We do not sell .${rule.tld} names`, { field: 'tld' });
  const file = loadCatalogue().byTld;
  const before = overlayOf(costs, rules);
  const next = overlayOf(costs, after);
  const changes: PriceChange[] = [];
  for (const [tld, prices] of next) {
    const base = file.get(tld);
    if (!base) continue;
    const was = before.get(tld);
    const fileRetail = { register: base.newPricing[0], renew: base.renewPricing[0], transfer: base.transferPricing[0], restore: base.redemptionPricing[0] };
    for (const action of ['register', 'renew', 'transfer', 'restore'] as const) {
      const old = was?.[action] ?? fileRetail[action];
      const now_ = prices[action];
      const cost = costs.get(tld)?.[action];
      if (now_ == null || cost == null || now_ === old) continue;
      if (now_ < cost) throw new AppError(422, `This rule would sell .${tld} below cost`, { field: 'marginPercent', tld });
      changes.push({ tld, action, before: old, after: now_, cost });
    }
  }
  return changes;
}

/** Saves a rule (audited with the prices it changes) and applies it to this process's prices at once. */
export async function saveRule(db: Db, actor: StaffActor, input: PricingRuleInput): Promise<{ rule: PricingRule; changes: number }> {
  const rule = toRule(input);
  const result = await db.transaction(async (tx) => {
    const changes = await previewRule(tx, input);
    const [before] = await tx.select().from(pricingRules).where(eq(pricingRules.tld, rule.tld));
    const values = { ...rule, modifyDate: now() };
    await tx.insert(pricingRules).values(values).onConflictDoUpdate({ target: pricingRules.tld, set: values });
    await recordAudit(tx, actor, {
      action: 'pricing.rule',
      targetType: 'pricing-rule',
      targetId: rule.tld,
      targetLabel: rule.tld === '*' ? 'Default pricing rule' : `.${rule.tld} pricing rule`,
      before: before ? { ...before, modifyDate: undefined } : null,
      after: { ...rule, pricesChanged: changes.length },
      reason: input.reason || null,
    });
    return { rule, changes: changes.length };
  });
  await refreshRetailPrices(db);
  return result;
}

/** Removes an extension's override (it falls back to the default rule), audited. */
export async function deleteRule(db: Db, actor: StaffActor, tld: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(pricingRules).where(eq(pricingRules.tld, tld)).returning();
    if (!before) throw new AppError(404, `No rule for .${tld}`);
    await recordAudit(tx, actor, { action: 'pricing.rule.delete', targetType: 'pricing-rule', targetId: tld, targetLabel: `.${tld} pricing rule`, before });
  });
  await refreshRetailPrices(db);
}

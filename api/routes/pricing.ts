/**
 * /api/admin/pricing: per extension its wholesale cost, the rule that prices it and the retail price (GET); a rule's
 * preview (POST /preview) and save (POST /rules, audited); an override's removal; the costs synced now; the owner's
 * price-rise threshold. Owner and billing staff.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { pricingRuleSchema } from '../contract/pricing/pricing.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody } from '../http/validate.ts';
import { recordAudit } from '../services/audit/audit-log.ts';
import { noticePriceRises, pauseThresholdBasisPoints, setPauseThreshold } from '../services/pricing/price-rises.ts';
import { deleteRule, pricingTable, previewRule, refreshRetailPrices, saveRule } from '../services/pricing/pricing-rules.ts';
import { syncWholesaleCosts } from '../services/pricing/wholesale-costs.ts';

const thresholdSchema = z.object({ pauseAbovePercent: z.number().min(0).max(1000) });

export const adminPricingRoutes = new Hono<AdminEnv>()
  .get('/', allow('pricing:read'), async (c) => {
    const table = await pricingTable(c.var.deps.db);
    return answer(c, 'GET /admin/pricing', { ...table, pauseAbovePercent: (await pauseThresholdBasisPoints(c.var.deps.db)) / 100 });
  })
  .post('/preview', allow('pricing:manage'), async (c) => {
    const input = await parseBody(c, pricingRuleSchema);
    return answer(c, 'POST /admin/pricing/preview', { changes: await previewRule(c.var.deps.db, input) });
  })
  .post('/rules', allow('pricing:manage'), async (c) => {
    const input = await parseBody(c, pricingRuleSchema);
    // Marks today's renewal prices first (the first time, every extension's), so the rise this rule makes is seen.
    await noticePriceRises(c.var.deps);
    const saved = await saveRule(c.var.deps.db, staffActor(c), input);
    // Customers whose renewal price rose hear of it before any renewal at the new price.
    const rises = await noticePriceRises(c.var.deps);
    return answer(c, 'POST /admin/pricing/rules', { ...saved, priceRises: rises });
  })
  .delete('/rules/:tld', allow('pricing:manage'), async (c) => {
    await deleteRule(c.var.deps.db, staffActor(c), c.req.param('tld').toLowerCase());
    return c.json({ deleted: true });
  })
  .post('/sync', allow('pricing:manage'), async (c) => {
    await noticePriceRises(c.var.deps);
    const result = await syncWholesaleCosts(c.var.deps);
    await refreshRetailPrices(c.var.deps.db);
    const rises = await noticePriceRises(c.var.deps);
    await recordAudit(c.var.deps.db, staffActor(c), {
      action: 'pricing.sync',
      targetType: 'pricing',
      targetLabel: `Costs from ${result.source}`,
      after: result,
    });
    return answer(c, 'POST /admin/pricing/sync', { ...result, priceRises: rises });
  })
  .patch('/threshold', allow('pricing:manage'), async (c) => {
    const { pauseAbovePercent } = await parseBody(c, thresholdSchema);
    const before = await pauseThresholdBasisPoints(c.var.deps.db);
    await setPauseThreshold(c.var.deps.db, Math.round(pauseAbovePercent * 100));
    await recordAudit(c.var.deps.db, staffActor(c), {
      action: 'pricing.threshold',
      targetType: 'pricing',
      targetLabel: 'Price-rise pause threshold',
      before: { pauseAbovePercent: before / 100 },
      after: { pauseAbovePercent },
    });
    return c.json({ pauseAbovePercent });
  });

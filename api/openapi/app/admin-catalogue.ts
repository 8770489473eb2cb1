/** The back office's prices and promo codes: the pricing table, a rule's preview and save, the costs synced now; the codes, creating, editing and ending one. */
import { z } from 'zod';
import {
  priceChangeSchema,
  priceRiseSummarySchema,
  pricingRowSchema,
  pricingRuleSchema,
  pricingRuleViewSchema,
  storedPricingRuleSchema,
} from '../../contract/pricing/pricing.ts';
import {
  promoCodeCreateSchema,
  promoCodeEditSchema,
  promoCodeExpireSchema,
  promoCodePageSchema,
  promoCodeSchema,
} from '../../contract/promotions/promo-codes.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const pricingRule = { name: 'PricingRuleInput', schema: pricingRuleSchema };
const promoPath = z.object({ id: idParamSchema });
const promoCode = answers('PromoCode', promoCodeSchema);

export const adminCatalogueAppOperations = {
  'GET /admin/pricing': {
    summary: 'Per extension its wholesale cost, the rule that prices it and the retail price; the rules; the price-rise pause threshold',
    response: answers(
      'PricingTable',
      z.strictObject({ rows: z.array(pricingRowSchema), rules: z.array(storedPricingRuleSchema), pauseAbovePercent: z.number() }),
    ),
  },
  'POST /admin/pricing/preview': {
    summary: 'The prices a rule would change (refused when it would sell below cost)',
    body: pricingRule,
    response: answers('PricingPreview', z.strictObject({ changes: z.array(priceChangeSchema) })),
  },
  'POST /admin/pricing/rules': {
    summary: 'Save a rule (audited); customers whose renewal price rose are told',
    body: pricingRule,
    response: answers('PricingRuleSaved', z.strictObject({ rule: pricingRuleViewSchema, changes: z.number().int(), priceRises: priceRiseSummarySchema })),
  },
  'POST /admin/pricing/sync': {
    summary: 'Sync the wholesale costs now (audited); customers whose renewal price rose are told',
    response: answers(
      'WholesaleCostsSynced',
      z.strictObject({ source: z.string(), extensions: z.number().int(), changed: z.number().int(), priceRises: priceRiseSummarySchema }),
    ),
  },
  'GET /admin/promoCodes': { summary: 'Promo codes with their use', query: promoCodePageSchema, response: answers('PromoCodeList', listOf(promoCodeSchema)) },
  'POST /admin/promoCodes': {
    summary: 'Create a promo code',
    body: { name: 'PromoCodeCreate', schema: promoCodeCreateSchema },
    response: answers('PromoCode', promoCodeSchema, 201),
  },
  'PATCH /admin/promoCodes/:id': {
    summary: 'Change a promo code: every term until its first use, then only its end date and caps',
    path: promoPath,
    body: { name: 'PromoCodeEdit', schema: promoCodeEditSchema },
    response: promoCode,
  },
  'POST /admin/promoCodes/:id/expire': {
    summary: 'End a promo code now',
    path: promoPath,
    body: { name: 'PromoCodeExpire', schema: promoCodeExpireSchema },
    response: promoCode,
  },
};

/**
 * GET /api/taxDisplay?country=NL: whether a consumer there is shown prices with tax in them, and at what rate (the
 * storefront's "Prices for" line). Public and the same for everyone: browsers and a CDN may keep it for an hour. Not
 * rate-limited: it reads no database and answers from memory, so a limit would cost more than the answer.
 */
import { Hono } from 'hono';
import { taxDisplayQuerySchema } from '../contract/billing/tax-display.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseWith } from '../http/validate.ts';
import { consumerTaxDisplay } from '../services/billing/tax-display.ts';

export const taxDisplayRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { country } = parseWith(taxDisplayQuerySchema, { country: c.req.query('country') });
  c.header('Cache-Control', 'public, max-age=3600');
  return answer(c, 'GET /taxDisplay', consumerTaxDisplay(country));
});

/** /api/priceRises: the caller's renewal price rises waiting for an answer (GET), and accepting one (POST /:id/accept). */
import { Hono } from 'hono';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { acceptPriceRise, pendingPriceRises } from '../services/pricing/price-rises.ts';

export const priceRisesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    const data = await pendingPriceRises(c.var.deps.db, accountId);
    return answer(c, 'GET /priceRises', { total: data.length, limit: data.length, skip: 0, data });
  })
  .post('/:id/accept', async (c) => {
    const { accountId } = requireAccount(c);
    await acceptPriceRise(c.var.deps.db, accountId, parseId(c));
    return answer(c, 'POST /priceRises/:id/accept', { accepted: true });
  });

/** /api/forSale/:domain: a listed domain's public For Sale page data, and offers on it (bot-checked, rate-limited). */
import { Hono } from 'hono';
import { offerSchema } from '../contract/selling/for-sale-offer.ts';
import { badRequest } from '../errors.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { findForSaleListing, makeOffer } from '../services/selling/for-sale.ts';

export const forSaleRoutes = new Hono<AppEnv>()
  .get('/:domain', async (c) => {
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /forSale/:domain', await findForSaleListing(c.var.deps, c.req.param('domain'), c.req.query('offer')?.slice(0, 100)));
  })
  .post('/:domain/offers', async (c) => {
    const { token, ...offer } = await parseBody(c, offerSchema);
    const verdict = await c.var.deps.providers.botCheck.verify(token);
    if (!verdict.ok) throw badRequest(verdict.message);
    return answer(c, 'POST /forSale/:domain/offers', await makeOffer(c.var.deps, c.req.param('domain'), offer, c.var.clientIp));
  });

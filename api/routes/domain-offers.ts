/** /api/domainOffers: the For Sale offers on the caller's domains, and their answer to one (accept or decline). */
import { Hono } from 'hono';
import { offerAnswerSchema } from '../contract/selling/for-sale-offer.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { answerOffer, listOffers } from '../services/selling/offers.ts';

export const domainOffersRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const query = readListQuery(c, { defaultLimit: 100 });
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /domainOffers', await listOffers(c.var.deps, accountId, { limit: Math.min(query.limit, 200), skip: query.skip }));
  })
  .patch('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    const { action } = await parseBody(c, offerAnswerSchema);
    return answer(c, 'PATCH /domainOffers/:id', await answerOffer(c.var.deps, accountId, parseId(c), action));
  });

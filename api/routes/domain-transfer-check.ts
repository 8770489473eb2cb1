/** POST /api/domainTransferCheck?token=: transfer eligibility per domain, behind the bot check. */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { cartOwner } from '../http/cart-owner.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { findCurrentCart } from '../services/carts.ts';
import { checkTransfers, maxTransferCheck } from '../services/transfers.ts';

const bodySchema = z.object({
  domains: z
    .array(z.string().max(253))
    .min(1, 'No domains entered')
    .max(maxTransferCheck, `Check at most ${maxTransferCheck} domains at a time`),
});

export const domainTransferCheckRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const body = await parseBody(c, bodySchema);
  const { db, providers } = c.var.deps;
  const verdict = await providers.botCheck.verify(c.req.query('token'));
  if (!verdict.ok) throw new AppError(400, verdict.message);
  const cart = await findCurrentCart(db, cartOwner(c));
  return c.json({ domains: await checkTransfers(db, providers.registry, { domains: body.domains, cart }) });
});

/** POST /api/domainTransferCheck?token=: transfer eligibility per domain, behind the bot check. */
import { Hono } from 'hono';
import { transferCheckSchema } from '../contract/transfers/transfer.ts';
import { AppError } from '../errors.ts';
import { cartOwner } from '../http/cart-owner.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { findCurrentCart } from '../services/carts/carts.ts';
import { checkTransfers } from '../services/transfers/transfer-eligibility.ts';

export const domainTransferCheckRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const body = await parseBody(c, transferCheckSchema);
  const { db, providers } = c.var.deps;
  const verdict = await providers.botCheck.verify(c.req.query('token'));
  if (!verdict.ok) throw new AppError(400, verdict.message);
  const cart = await findCurrentCart(db, cartOwner(c));
  return answer(c, 'POST /domainTransferCheck', { domains: await checkTransfers(db, providers.registry, { domains: body.domains, cart }) });
});

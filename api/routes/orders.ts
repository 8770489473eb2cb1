/** /api/orders/:id: the caller's order as its confirmation page and receipt show it (cookie sessions only). */
import { Hono } from 'hono';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { findOrderConfirmation } from '../services/orders/order-confirmation.ts';

export const ordersRoutes = new Hono<AppEnv>().get('/:id', async (c) => {
  const { accountId } = requireAccount(c);
  c.header('Cache-Control', 'no-store');
  return c.json(await findOrderConfirmation(c.var.deps.db, parseId(c), accountId));
});

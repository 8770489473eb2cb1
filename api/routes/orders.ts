/** /api/orders: the caller's orders (the account app's Orders) and one order as its confirmation page and receipt show it (cookie sessions only). */
import { Hono } from 'hono';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { findOrderConfirmation, listAccountOrders } from '../services/orders/order-confirmation.ts';

export const ordersRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    const data = await listAccountOrders(c.var.deps.db, accountId);
    return c.json({ total: data.length, limit: data.length, skip: 0, data });
  })
  .get('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await findOrderConfirmation(c.var.deps.db, parseId(c), accountId));
  });

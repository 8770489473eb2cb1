/** /api/orders: the caller's orders (the account app's Orders) and one order as its confirmation page and receipt show it (cookie sessions only). */
import { Hono } from 'hono';
import { AppError } from '../errors.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { renderBillingDocument } from '../services/billing/document-pdf.ts';
import { findOrderConfirmation, listAccountOrders } from '../services/orders/order-confirmation.ts';

export const ordersRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    const data = await listAccountOrders(c.var.deps.db, accountId);
    return answer(c, 'GET /orders', { total: data.length, limit: data.length, skip: 0, data });
  })
  .get('/documents/:number', async (c) => {
    const { accountId } = requireAccount(c);
    const number = c.req.param('number');
    if (!/^(INV|CN)-\d{4}-\d{6}$/.test(number)) throw new AppError(400, 'A document number looks like INV-2026-000001');
    const { filename, pdf } = await renderBillingDocument(c.var.deps.db, accountId, number);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"` });
  })
  .get('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /orders/:id', await findOrderConfirmation(c.var.deps.db, parseId(c), accountId));
  });

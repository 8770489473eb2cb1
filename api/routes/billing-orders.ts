/** /api/admin/orders: orders and their lines, and refunds of an order's payment (billing and owner). */
import { Hono } from 'hono';
import { orderListQuerySchema, refundRequestSchema } from '../contract/billing/refunds.ts';
import { AppError } from '../errors.ts';
import { answer } from '../http/answer.ts';
import type { AppAnswer } from '../openapi/app-operations.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { findOrderDetail, listOrders } from '../services/billing/order-history.ts';
import { refundPayment } from '../services/billing/refunds.ts';

export const adminOrdersRoutes = new Hono<AdminEnv>()
  .get('/', allow('orders:read'), async (c) => {
    const query = parseWith(orderListQuerySchema, c.req.query());
    const found = await listOrders(c.var.deps.db, query);
    await recordStaffRead(c.var.deps.db, staffActor(c), { action: 'order.search', targetType: 'orders', accountId: query.accountId ?? null, query });
    return answer(c, 'GET /admin/orders', found);
  })
  .get('/:id', allow('orders:read'), async (c) => {
    const order = await findOrderDetail(c.var.deps.db, parseId(c));
    await recordStaffRead(c.var.deps.db, staffActor(c), {
      action: 'order.view',
      targetType: 'order',
      targetId: order.orderId,
      targetLabel: order.email ?? null,
      accountId: order.accountId,
    });
    return answer(c, 'GET /admin/orders/:id', order);
  })
  .post('/:id/refunds', allow('orders:refund'), async (c) => {
    const input = await parseBody(c, refundRequestSchema);
    const order = await findOrderDetail(c.var.deps.db, parseId(c));
    if (!order.payment) throw new AppError(409, `Order #${order.orderId} has no captured payment to refund`);
    const refunded = await refundPayment(c.var.deps, { ...input, paymentIntentId: order.payment.paymentIntentId, actor: staffActor(c) });
    return c.json(refunded satisfies AppAnswer<'POST /admin/orders/:id/refunds'>, refunded.replayed ? 200 : 201);
  });

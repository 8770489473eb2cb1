/** /api/admin/payments: an account's card payments outside orders, one payment's charges, and refunds of single charges. */
import { Hono } from 'hono';
import { z } from 'zod';
import { refundRequestSchema } from '../contract/billing/refunds.ts';
import { answer } from '../http/answer.ts';
import type { AppAnswer } from '../openapi/app-operations.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseWith } from '../http/validate.ts';
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { listAccountPayments } from '../services/billing/order-history.ts';
import { findPayment, refundPayment } from '../services/billing/refunds.ts';

const accountQuerySchema = z.object({ accountId: z.coerce.number({ error: 'Give an account number' }).int().positive('Give an account number') });
/** A provider's payment intent id (`pi_…`): anything else is not one of ours to look up. */
const paymentIdSchema = z.string().regex(/^[A-Za-z0-9_]{3,100}$/, 'Not a payment id');

export const adminPaymentsRoutes = new Hono<AdminEnv>()
  .get('/', allow('orders:read'), async (c) => {
    const { accountId } = parseWith(accountQuerySchema, c.req.query());
    const data = await listAccountPayments(c.var.deps.db, accountId);
    await recordStaffRead(c.var.deps.db, staffActor(c), { action: 'payment.search', targetType: 'account', targetId: accountId, accountId });
    return answer(c, 'GET /admin/payments', { total: data.length, limit: data.length, skip: 0, data });
  })
  .get('/:paymentIntentId', allow('orders:read'), async (c) => {
    const payment = await findPayment(c.var.deps.db, parseWith(paymentIdSchema, c.req.param('paymentIntentId')));
    await recordStaffRead(c.var.deps.db, staffActor(c), {
      action: 'payment.view',
      targetType: 'payment',
      targetId: payment.paymentIntentId,
      accountId: payment.accountId,
    });
    return answer(c, 'GET /admin/payments/:paymentIntentId', payment);
  })
  .post('/:paymentIntentId/refunds', allow('orders:refund'), async (c) => {
    const input = await parseBody(c, refundRequestSchema);
    const paymentIntentId = parseWith(paymentIdSchema, c.req.param('paymentIntentId'));
    const refunded = await refundPayment(c.var.deps, { ...input, paymentIntentId, actor: staffActor(c) });
    return c.json(refunded satisfies AppAnswer<'POST /admin/payments/:paymentIntentId/refunds'>, refunded.replayed ? 200 : 201);
  });

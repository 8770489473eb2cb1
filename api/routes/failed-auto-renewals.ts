/** /api/admin/failedRenewals: the auto-renewals whose charge failed, and Retry now (billing and owner). */
import { Hono } from 'hono';
import { failedRenewalsQuerySchema } from '../contract/renewals/failed-auto-renewals.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseId, parseWith } from '../http/validate.ts';
import { listFailedAutoRenewals, retryFailedAutoRenewal } from '../services/renewals/failed-auto-renewals.ts';

export const adminRenewalsRoutes = new Hono<AdminEnv>()
  .get('/', allow('orders:read'), async (c) => {
    const page = parseWith(failedRenewalsQuerySchema, c.req.query());
    const { total, data } = await listFailedAutoRenewals(c.var.deps.db, page);
    return answer(c, 'GET /admin/failedRenewals', { total, ...page, data });
  })
  .post('/:id/retry', allow('billing:retry-renewals'), async (c) => {
    return answer(c, 'POST /admin/failedRenewals/:id/retry', await retryFailedAutoRenewal(c.var.deps, staffActor(c), parseId(c)));
  });

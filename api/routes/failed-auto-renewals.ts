/** /api/admin/failedRenewals: the auto-renewals whose charge failed, and Retry now (billing and owner). */
import { Hono } from 'hono';
import { z } from 'zod';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseId, parseWith } from '../http/validate.ts';
import { listFailedAutoRenewals, retryFailedAutoRenewal } from '../services/renewals/failed-auto-renewals.ts';

const pageSchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), skip: z.coerce.number().int().min(0).default(0) });

export const adminRenewalsRoutes = new Hono<AdminEnv>()
  .get('/', allow('orders:read'), async (c) => {
    const page = parseWith(pageSchema, c.req.query());
    const { total, data } = await listFailedAutoRenewals(c.var.deps.db, page);
    return c.json({ total, ...page, data });
  })
  .post('/:id/retry', allow('billing:retry-renewals'), async (c) => {
    return c.json(await retryFailedAutoRenewal(c.var.deps, staffActor(c), parseId(c)));
  });

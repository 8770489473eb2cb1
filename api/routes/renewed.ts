/** /api/admin/renewed: the renewals that went through since a day (billing, support and owner; the staff read is audited). */
import { Hono } from 'hono';
import { renewedQuerySchema } from '../contract/renewals/renewed-list.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseWith } from '../http/validate.ts';
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { listRenewed } from '../services/renewals/renewed-list.ts';

export const adminRenewedRoutes = new Hono<AdminEnv>().get('/', allow('orders:read'), async (c) => {
  const query = parseWith(renewedQuerySchema, c.req.query());
  const found = await listRenewed(c.var.deps.db, query);
  await recordStaffRead(c.var.deps.db, staffActor(c), { action: 'renewal.search', targetType: 'renewals', accountId: null, query });
  return answer(c, 'GET /admin/renewed', found);
});

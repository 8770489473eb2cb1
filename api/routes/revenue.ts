/** /api/admin/revenue: card payments taken and sellers' shares since a day (billing, support and owner; the staff read is audited). */
import { Hono } from 'hono';
import { revenueQuerySchema } from '../contract/billing/revenue-list.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseWith } from '../http/validate.ts';
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { listRevenue } from '../services/billing/revenue-list.ts';

export const adminRevenueRoutes = new Hono<AdminEnv>().get('/', allow('orders:read'), async (c) => {
  const query = parseWith(revenueQuerySchema, c.req.query());
  const found = await listRevenue(c.var.deps.db, query);
  await recordStaffRead(c.var.deps.db, staffActor(c), { action: 'revenue.search', targetType: 'revenue', accountId: null, query });
  return answer(c, 'GET /admin/revenue', found);
});

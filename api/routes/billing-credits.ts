/** /api/admin/credits: an account's credit balance and history, and granting credit (billing and owner). */
import { Hono } from 'hono';
import { creditGrantSchema, creditQuerySchema, creditRevokeSchema } from '../contract/billing/account-credit.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseWith } from '../http/validate.ts';
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { grantCredit, listCredit, revokeCredit } from '../services/billing/account-credit.ts';

export const adminCreditsRoutes = new Hono<AdminEnv>()
  .get('/', allow('orders:read'), async (c) => {
    const { accountId } = parseWith(creditQuerySchema, c.req.query());
    const credit = await listCredit(c.var.deps.db, accountId);
    await recordStaffRead(c.var.deps.db, staffActor(c), { action: 'credit.view', targetType: 'account', targetId: accountId, accountId });
    return answer(c, 'GET /admin/credits', credit);
  })
  .post('/', allow('billing:credit'), async (c) => {
    const input = await parseBody(c, creditGrantSchema);
    await listCredit(c.var.deps.db, input.accountId);
    const grant = await grantCredit(c.var.deps, staffActor(c), input);
    return answer(c, 'POST /admin/credits', { ...grant, credit: await listCredit(c.var.deps.db, input.accountId) });
  })
  .post('/revocations', allow('billing:credit'), async (c) => {
    const input = await parseBody(c, creditRevokeSchema);
    await listCredit(c.var.deps.db, input.accountId);
    const revoked = await revokeCredit(c.var.deps, staffActor(c), input);
    return answer(c, 'POST /admin/credits/revocations', { ...revoked, credit: await listCredit(c.var.deps.db, input.accountId) });
  });

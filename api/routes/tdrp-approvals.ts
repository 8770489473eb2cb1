/** POST /api/tdrpApprovals {token}: the registrant approves a pending account change from the emailed link (no sign-in: the token is the proof). */
import { Hono } from 'hono';
import { tdrpApprovalSchema } from '../contract/accounts/account-update.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { approveTdrpRequest } from '../services/transfers/tdrp.ts';

export const tdrpApprovalsRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { token } = await parseBody(c, tdrpApprovalSchema);
  return answer(c, 'POST /tdrpApprovals', await approveTdrpRequest(c.var.deps, token, c.var.clientIp));
});

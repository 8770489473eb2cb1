/** /api/admin/escrow: the escrow screen (deposits, the next run, what is wrong) and "Deposit now", for escrow:manage. */
import { Hono } from 'hono';
import { escrowDepositNowSchema } from '../contract/compliance/escrow.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody } from '../http/validate.ts';
import { depositNow, readEscrowScreen } from '../services/compliance/escrow/escrow-screen.ts';

export const adminEscrowRoutes = new Hono<AdminEnv>()
  .get('/', allow('escrow:manage'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /admin/escrow', await readEscrowScreen(c.var.deps));
  })
  .post('/deposits', allow('escrow:manage'), async (c) =>
    answer(c, 'POST /admin/escrow/deposits', await depositNow(c.var.deps, staffActor(c), await parseBody(c, escrowDepositNowSchema))),
  );

/** /api/admin/escrow: the escrow screen (deposits, the next run, what is wrong) and "Deposit now", for escrow:manage. */
import { Hono } from 'hono';
import { escrowDepositNowSchema } from '../contract/compliance/escrow.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody } from '../http/validate.ts';
import { depositNow, readEscrowScreen } from '../services/compliance/escrow/escrow-screen.ts';

export const adminEscrowRoutes = new Hono<AdminEnv>()
  .get('/', allow('escrow:manage'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readEscrowScreen(c.var.deps));
  })
  .post('/deposits', allow('escrow:manage'), async (c) => c.json(await depositNow(c.var.deps, staffActor(c), await parseBody(c, escrowDepositNowSchema))));

/** /api/earnings: what the caller's market sales earned them, what was paid out and what is owed (cookie sessions only). */
import { Hono } from 'hono';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { findSellerEarnings } from '../services/selling/payouts.ts';

export const earningsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { accountId } = requireAccount(c);
  c.header('Cache-Control', 'no-store');
  return answer(c, 'GET /earnings', await findSellerEarnings(c.var.deps.db, accountId));
});

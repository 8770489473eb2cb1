/** GET /api/accountActivity: what happened to the caller's account (staff actions without names, their own events). */
import { Hono } from 'hono';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { listAccountActivity } from '../services/audit/account-activity.ts';

export const accountActivityRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { accountId } = requireAccount(c);
  const query = readListQuery(c, { defaultLimit: 50 });
  return answer(c, 'GET /accountActivity', await listAccountActivity(c.var.deps.db, accountId, { limit: Math.min(query.limit, 200), skip: query.skip }));
});

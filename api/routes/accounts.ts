/** /api/accounts/0: the caller's account; any other account's id answers 403. */
import { Hono } from 'hono';
import { ownAccountId } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { accountView } from '../services/domains-account.ts';

export const accountsRoutes = new Hono<AppEnv>().get('/:id', async (c) => {
  const accountId = ownAccountId(c, parseId(c));
  c.header('Cache-Control', 'no-store');
  return c.json(await accountView(c.var.deps.db, accountId));
});

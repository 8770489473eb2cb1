/** /api/accounts/0: the caller's account (GET) and its contacts and preferences (PATCH); any other account's id answers 403. */
import { Hono } from 'hono';
import { accountUpdateSchema } from '../contract/accounts/account-update.ts';
import { ownAccountId } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { readAccount, updateAccount } from '../services/accounts/account-update.ts';

export const accountsRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const accountId = ownAccountId(c, parseId(c));
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /accounts/0', await readAccount(c.var.deps.db, accountId));
  })
  .patch('/:id', async (c) => {
    const accountId = ownAccountId(c, parseId(c));
    const update = await parseBody(c, accountUpdateSchema);
    return answer(c, 'PATCH /accounts/0', await updateAccount(c.var.deps, accountId, update));
  });

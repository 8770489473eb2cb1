/**
 * /api/apiTokens (issue #15): the signed-in account's API tokens: list, create (with a second factor in the same
 * request; the secret is in this answer only), revoke. Cookie-only: http/token-routes.ts never lists these.
 */
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import { apiTokenCreateSchema } from '../contract/api-tokens/api-token-create.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { clientOf } from '../http/sign-in.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { createApiTokenWithSecondFactor, revokeOwnApiToken } from '../services/auth/api-tokens/api-token-management.ts';
import { listApiTokens } from '../services/auth/api-tokens/api-tokens.ts';

export const apiTokensRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const data = await listApiTokens(c.var.deps.db, accountId);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /apiTokens', { total: data.length, limit: data.length, skip: 0, data });
  })
  .post('/', async (c) => {
    const holder = requireAccount(c);
    const input = await parseBody(c, apiTokenCreateSchema);
    const created = await createApiTokenWithSecondFactor(c.var.deps, holder, input, clientOf(c), brand.name);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /apiTokens', created);
  })
  .delete('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    await revokeOwnApiToken(c.var.deps.db, accountId, parseId(c));
    return answer(c, 'DELETE /apiTokens/:id', { success: true });
  });

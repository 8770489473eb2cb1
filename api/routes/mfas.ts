/** /api/mfas: the caller's two-factor methods, never their secrets (enrolment comes with the account-information work). */
import { Hono } from 'hono';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { listMfas } from '../services/mfa.ts';

export const mfasRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { accountId } = requireAccount(c);
  const answer = await listMfas(c.var.deps.db, accountId, readListQuery(c));
  c.header('Cache-Control', 'no-store');
  return c.json(answer);
});

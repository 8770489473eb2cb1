/**
 * /api/recoveryCodes (issue #25), cookie-only: GET how many of the caller's codes are left; POST a new set (the old
 * one stops working), shown once, after a recent sign-in or confirmation and only while a second factor exists.
 */
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { clientOf } from '../http/sign-in.ts';
import { recoveryCodesStatus, regenerateRecoveryCodes } from '../services/auth/recovery-codes-manage.ts';

export const recoveryCodesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { userId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /recoveryCodes', await recoveryCodesStatus(c.var.deps.db, userId));
  })
  .post('/', async (c) => {
    const holder = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /recoveryCodes', await regenerateRecoveryCodes(c.var.deps, holder, clientOf(c), brand.name));
  });

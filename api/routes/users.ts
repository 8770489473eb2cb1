/**
 * /api/users/0: the caller's user (email only, never the hash). PATCH: a recovery session sets a new password; a
 * signed-in user changes the login email and/or password (login-change.ts).
 */
import { Hono } from 'hono';
import { loginUpdateSchema } from '../contract/accounts/account-update.ts';
import { AppError } from '../errors.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { applySignIn, clientOf } from '../http/sign-in.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { updateLogin } from '../services/accounts/login-change.ts';
import { completeRecovery } from '../services/auth/recovery.ts';
import { userView } from '../services/accounts/users.ts';

export const usersRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const id = parseId(c);
    const { userId } = requireAccount(c);
    if (id !== 0 && id !== userId) throw new AppError(403, 'You do not have access to this');
    const user = await userView(c.var.deps.db, userId);
    c.header('Cache-Control', 'no-store');
    // A staff member viewing the account (read-only): the account app shows a banner saying who.
    const viewAs = c.var.auth?.viewAs;
    return answer(c, 'GET /users/0', viewAs ? { ...user, $viewAs: { staffEmail: viewAs.staffEmail } } : user);
  })
  .patch('/:id', async (c) => {
    const id = parseId(c);
    const body = await parseBody(c, loginUpdateSchema);
    const auth = c.var.auth;
    if (auth?.state === 'recovery') {
      if (id !== 0 && id !== auth.userId) throw new AppError(403, 'You do not have access to this');
      if (!body.password || body.email) throw new AppError(400, 'Choose a new password');
      return applySignIn(c, await completeRecovery(c.var.deps, auth, body.password, clientOf(c)), 'PATCH /users/0');
    }
    const { userId, sessionId } = requireAccount(c);
    if (id !== 0 && id !== userId) throw new AppError(403, 'You do not have access to this');
    return answer(c, 'PATCH /users/0', await updateLogin(c.var.deps, { userId, sessionId }, body));
  });

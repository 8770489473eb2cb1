/** /api/users/0: the caller's user (email only, never the hash); PATCH sets a new password (recovery or signed in). */
import { Hono } from 'hono';
import { userPatchSchema } from '../contract/login-schemas.ts';
import { AppError } from '../errors.ts';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { applySignIn, clientOf } from '../http/sign-in.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { changePassword } from '../services/auth-password.ts';
import { completeRecovery } from '../services/recovery.ts';
import { userView } from '../services/users.ts';

export const usersRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const id = parseId(c);
    const { userId } = requireAccount(c);
    if (id !== 0 && id !== userId) throw new AppError(403, 'You do not have access to this');
    const user = await userView(c.var.deps.db, userId);
    c.header('Cache-Control', 'no-store');
    return c.json(user);
  })
  .patch('/:id', async (c) => {
    const id = parseId(c);
    const body = await parseBody(c, userPatchSchema);
    const auth = c.var.auth;
    if (auth?.state === 'recovery') {
      if (id !== 0 && id !== auth.userId) throw new AppError(403, 'You do not have access to this');
      return applySignIn(c, await completeRecovery(c.var.deps, auth, body.password, clientOf(c)));
    }
    const { userId, sessionId } = requireAccount(c);
    if (id !== 0 && id !== userId) throw new AppError(403, 'You do not have access to this');
    if (!body.currentPassword) throw new AppError(400, 'Enter your current password');
    await changePassword(c.var.deps.db, { userId, sessionId, currentPassword: body.currentPassword, password: body.password });
    return c.json({ userId, message: 'Your password was changed' });
  });

/**
 * /api/mfas: the caller's two-factor methods (control-panel spec §7 MFA add, verify, delete), never their secrets
 * (an authenticator app's `$totpUrl` is in the add answer only). POST /:id/codes sends a new code while adding.
 */
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import { mfaAddSchema, mfaVerifySchema, secondFactorDeleteSchema } from '../contract/auth/mfa.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { clientOf } from '../http/sign-in.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { listMfas } from '../services/auth/second-factors/mfa.ts';
import { addMfa, deleteMfa, resendMfaCode, verifyNewMfa } from '../services/auth/second-factors/mfa-manage.ts';

export const mfasRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const list = await listMfas(c.var.deps.db, accountId, readListQuery(c));
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /mfas', list);
  })
  .post('/', async (c) => {
    const holder = requireAccount(c);
    const input = await parseBody(c, mfaAddSchema);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /mfas', await addMfa(c.var.deps, holder, input, clientOf(c), brand.name));
  })
  .post('/:id/codes', async (c) => {
    const holder = requireAccount(c);
    return answer(c, 'POST /mfas/:id/codes', await resendMfaCode(c.var.deps, holder, parseId(c), clientOf(c), brand.name));
  })
  .patch('/:id', async (c) => {
    const holder = requireAccount(c);
    const id = parseId(c);
    const { token } = await parseBody(c, mfaVerifySchema);
    return answer(c, 'PATCH /mfas/:id', await verifyNewMfa(c.var.deps, holder, id, token, clientOf(c), brand.name));
  })
  .delete('/:id', async (c) => {
    const holder = requireAccount(c);
    const id = parseId(c);
    const { password } = await parseBody(c, secondFactorDeleteSchema);
    await deleteMfa(c.var.deps, holder, id, password, clientOf(c), brand.name);
    return answer(c, 'DELETE /mfas/:id', { success: true });
  });

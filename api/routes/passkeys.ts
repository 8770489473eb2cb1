/** /api/passkeys: the caller's passkeys: list, registration options then registration, rename, delete. */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import { passkeyRegisterSchema, passkeyRenameSchema, secondFactorDeleteSchema } from '../contract/auth/mfa.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { clientOf } from '../http/sign-in.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { deletePasskey, listPasskeys, passkeyRegistrationOptions, registerPasskey, renamePasskey } from '../services/auth/second-factors/passkeys.ts';

export const passkeysRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const holder = requireAccount(c);
    const data = await listPasskeys(c.var.deps, holder);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /passkeys', { total: data.length, limit: data.length, skip: 0, data });
  })
  .post('/registrationOptions', async (c) => {
    const holder = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /passkeys/registrationOptions', { ...(await passkeyRegistrationOptions(c.var.deps, holder, brand.name)) });
  })
  .post('/', async (c) => {
    const holder = requireAccount(c);
    const input = await parseBody(c, passkeyRegisterSchema);
    const view = await registerPasskey(
      c.var.deps,
      holder,
      { name: input.name, response: input.response as unknown as RegistrationResponseJSON },
      clientOf(c),
      brand.name,
    );
    return answer(c, 'POST /passkeys', view);
  })
  .patch('/:id', async (c) => {
    const holder = requireAccount(c);
    const id = parseId(c);
    const { name } = await parseBody(c, passkeyRenameSchema);
    return answer(c, 'PATCH /passkeys/:id', await renamePasskey(c.var.deps, holder, id, name));
  })
  .delete('/:id', async (c) => {
    const holder = requireAccount(c);
    const id = parseId(c);
    const { password } = await parseBody(c, secondFactorDeleteSchema);
    await deletePasskey(c.var.deps, holder, id, password, clientOf(c), brand.name);
    return answer(c, 'DELETE /passkeys/:id', { success: true });
  });

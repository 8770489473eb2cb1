/** /api/registeredNameservers (spec §7): GET ?domainId=, POST (Add nameserver), PATCH /:id (Update), DELETE /:id. */
import { Hono } from 'hono';
import { domainIdQuerySchema, registeredNameserverCreateSchema, registeredNameserverUpdateSchema } from '../contract/dns/dns.ts';
import { AppError } from '../errors.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { addRegisteredNameserver, listRegisteredNameservers } from '../services/dns/registered-nameservers.ts';
import { deleteRegisteredNameserver, updateRegisteredNameserver } from '../services/journal/nameserver-changes.ts';

export const registeredNameserversRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = parseWith(domainIdQuerySchema, c.req.query());
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /registeredNameservers', await listRegisteredNameservers(c.var.deps.db, accountId, domainId));
  })
  .post('/', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, registeredNameserverCreateSchema);
    return answer(c, 'POST /registeredNameservers', await addRegisteredNameserver(c.var.deps, accountId, input));
  })
  .patch('/:id', async (c) => {
    const { accountId, userId } = requireAccount(c);
    const input = await parseBody(c, registeredNameserverUpdateSchema);
    const id = parseId(c);
    if (input.id !== undefined && input.id !== id) throw new AppError(400, 'id does not match the address');
    return answer(
      c,
      'PATCH /registeredNameservers/:id',
      await updateRegisteredNameserver(c.var.deps, { accountId, userId, clientIp: c.var.clientIp }, id, input),
    );
  })
  .delete('/:id', async (c) => {
    const { accountId, userId } = requireAccount(c);
    return answer(
      c,
      'DELETE /registeredNameservers/:id',
      await deleteRegisteredNameserver(c.var.deps, { accountId, userId, clientIp: c.var.clientIp }, parseId(c)),
    );
  });

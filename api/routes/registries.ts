/** /api/admin/registries: the registry connections (owner and support read; the owner pauses and resumes them). */
import { Hono } from 'hono';
import { connectionNameSchema, registryCommandsQuerySchema, registryPauseSchema } from '../contract/registries.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseWith } from '../http/validate.ts';
import { commandsForDomain, lookupExtension, pauseConnection, registriesOverview, resumeConnection } from '../services/registries/registries-admin.ts';

export const adminRegistriesRoutes = new Hono<AdminEnv>()
  .get('/', allow('registries:read'), (c) => answer(c, 'GET /admin/registries', registriesOverview(c.var.deps.providers.registry)))
  .get('/extensions/:extension', allow('registries:read'), (c) =>
    answer(c, 'GET /admin/registries/extensions/:extension', lookupExtension(c.var.deps.providers.registry, c.req.param('extension'))),
  )
  .get('/commands', allow('registries:read'), async (c) => {
    const { domain } = parseWith(registryCommandsQuerySchema, c.req.query());
    return answer(c, 'GET /admin/registries/commands', { data: await commandsForDomain(c.var.deps.db, domain) });
  })
  .post('/:name/pause', allow('registries:manage'), async (c) => {
    const { reason } = await parseBody(c, registryPauseSchema);
    const name = parseWith(connectionNameSchema, c.req.param('name'));
    return answer(c, 'POST /admin/registries/:name/pause', await pauseConnection(c.var.deps.db, c.var.deps.providers.registry, staffActor(c), name, reason));
  })
  .post('/:name/resume', allow('registries:manage'), async (c) => {
    const name = parseWith(connectionNameSchema, c.req.param('name'));
    return answer(c, 'POST /admin/registries/:name/resume', await resumeConnection(c.var.deps.db, c.var.deps.providers.registry, staffActor(c), name));
  });

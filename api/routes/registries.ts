/** /api/admin/registries: the registry connections (owner and support read; the owner pauses and resumes them). */
import { Hono } from 'hono';
import { z } from 'zod';
import { minReasonLength } from '../contract/audit/audit.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseWith } from '../http/validate.ts';
import { commandsForDomain, lookupExtension, pauseConnection, registriesOverview, resumeConnection } from '../services/registries/registries-admin.ts';

const pauseSchema = z.object({ reason: z.string().trim().min(minReasonLength, `Give a reason (at least ${minReasonLength} characters)`).max(500) });
const nameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'A connection name is lower-case letters, digits and -');
const domainSchema = z.object({ domain: z.string().trim().min(3).max(253) });

export const adminRegistriesRoutes = new Hono<AdminEnv>()
  .get('/', allow('registries:read'), (c) => c.json(registriesOverview(c.var.deps.providers.registry)))
  .get('/extensions/:extension', allow('registries:read'), (c) => c.json(lookupExtension(c.var.deps.providers.registry, c.req.param('extension'))))
  .get('/commands', allow('registries:read'), async (c) => {
    const { domain } = parseWith(domainSchema, c.req.query());
    return c.json({ data: await commandsForDomain(c.var.deps.db, domain) });
  })
  .post('/:name/pause', allow('registries:manage'), async (c) => {
    const { reason } = await parseBody(c, pauseSchema);
    const name = parseWith(nameSchema, c.req.param('name'));
    return c.json(await pauseConnection(c.var.deps.db, c.var.deps.providers.registry, staffActor(c), name, reason));
  })
  .post('/:name/resume', allow('registries:manage'), async (c) => {
    const name = parseWith(nameSchema, c.req.param('name'));
    return c.json(await resumeConnection(c.var.deps.db, c.var.deps.providers.registry, staffActor(c), name));
  });

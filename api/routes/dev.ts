/** Sandbox mode only: the outbox, so a tester can read SMS codes and reset links. 404 once any provider is real. */
import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { readOutbox } from '../services/messages.ts';

export const devRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  if (!c.var.deps.config.sandboxMode) throw notFound();
  const rows = await readOutbox(c.var.deps.db);
  c.header('Cache-Control', 'no-store');
  return c.json({ data: rows });
});

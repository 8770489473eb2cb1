/** Sandbox mode only: the outbox, so a tester can read SMS codes and reset links. 404 once any provider is real. */
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { outbox } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';

export const devRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  if (!c.var.deps.config.sandboxMode) throw notFound();
  const rows = await c.var.deps.db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
  c.header('Cache-Control', 'no-store');
  return c.json({ data: rows });
});

/** /api/health (liveness: the process answers, no database) and /api/ready (it can serve: database, migrations, queue). */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { checkReadiness } from '../services/platform/readiness.ts';

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  })
  .get('/ready', async (c) => {
    const readiness = await checkReadiness(c.var.deps);
    c.header('Cache-Control', 'no-store');
    return c.json(readiness, readiness.status === 'ok' ? 200 : 503);
  });

/** GET /api/domainSearch: search metadata (category labels). Searches themselves run over /api/ws. */
import { Hono } from 'hono';
import { categoryNames } from '../contract/categories.ts';
import type { AppEnv } from '../http/env.ts';

export const domainSearchRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({ categoryNames });
});

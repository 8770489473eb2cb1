/** GET /api/botCheck: a fresh proof-of-work challenge (or the hosted captcha's site key). */
import { Hono } from 'hono';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';

export const botCheckRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  return answer(c, 'GET /botCheck', await c.var.deps.providers.botCheck.createChallenge());
});

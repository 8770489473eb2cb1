/** Unsafe methods from a browser must come from our own origin (CSRF defence beside SameSite=Lax). */
import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error.ts';
import type { AppEnv } from './env.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!safeMethods.has(c.req.method)) {
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      const allowed = new Set([new URL(c.req.url).origin]);
      const host = c.req.header('host');
      if (host) {
        allowed.add(`http://${host}`);
        allowed.add(`https://${host}`);
      }
      if (c.var.deps.config.PUBLIC_URL) allowed.add(new URL(c.var.deps.config.PUBLIC_URL).origin);
      if (!allowed.has(origin)) throw new AppError(403, 'Cross-site requests are not allowed');
    } else if (c.req.header('sec-fetch-site') === 'cross-site') {
      throw new AppError(403, 'Cross-site requests are not allowed');
    }
  }
  await next();
};

/**
 * Unsafe methods and WebSocket upgrades from a browser must come from our own origin (CSRF and cross-site WebSocket
 * defence beside SameSite=Lax). "Our own" is the configured public origin, never the request's Host header, which
 * the client (or a DNS-rebinding page) chooses.
 */
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The public origin; in sandbox mode without PUBLIC_URL also the other loopback spellings of http://localhost:PORT. */
export function allowedOrigins(config: Config): Set<string> {
  const allowed = new Set([config.publicOrigin]);
  if (config.sandboxMode && !config.PUBLIC_URL) {
    allowed.add(`http://127.0.0.1:${config.PORT}`);
    allowed.add(`http://[::1]:${config.PORT}`);
  }
  return allowed;
}

/** A browser request (it sent Origin or Sec-Fetch-Site) that did not come from one of our pages. */
export function isCrossSite(config: Config, headers: { origin?: string; secFetchSite?: string }): boolean {
  if (headers.origin && headers.origin !== 'null') return !allowedOrigins(config).has(headers.origin);
  return headers.secFetchSite === 'cross-site';
}

export const originCheck: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!safeMethods.has(c.req.method) && isCrossSite(c.get('deps').config, { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') })) {
    throw new AppError(403, 'Cross-site requests are not allowed');
  }
  return next();
};

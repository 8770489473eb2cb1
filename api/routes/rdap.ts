/**
 * RDAP (RFC 9082/9083) at /rdap: domain and glue-host lookups for what we sponsor, and help. Public, read-only,
 * answered to any origin, rate-limited per client address; every answer, errors included, is application/rdap+json.
 */
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { rdapMediaType } from '../contract/domains/rdap.ts';
import { AppError } from '../errors.ts';
import { apiPolicy } from '../http/content-security-policy.ts';
import type { AppEnv } from '../http/env.ts';
import { buildRdapError } from '../services/rdap/rdap-builder.ts';
import { enforceRdapLimit, lookupRdapDomain, lookupRdapNameserver, rdapHelp } from '../services/rdap/rdap.ts';

function rdapJson(c: Context<AppEnv>, body: unknown, status: 200 | 400 | 404 | 429 | 500 = 200): Response {
  return c.body(JSON.stringify(body), status, { 'Content-Type': rdapMediaType });
}

/** The URL asked for, on our public origin (never the Host header), for the `value` of every link. */
function requestUrlOf(c: Context<AppEnv>): string {
  return `${c.var.deps.config.publicOrigin}${new URL(c.req.url).pathname}`;
}

export const rdapRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    // JSON for any client: the pages' policy does not apply, and nothing here may load anything.
    c.res.headers.set('Content-Security-Policy', apiPolicy);
  })
  .options('*', (c) => c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Max-Age': '86400' }))
  .use(async (c, next) => {
    await enforceRdapLimit(c.var.deps, c.var.clientIp);
    await next();
  })
  .get('/domain/:name', async (c) => rdapJson(c, await lookupRdapDomain(c.var.deps, c.req.param('name'), requestUrlOf(c))))
  .get('/nameserver/:name', async (c) => rdapJson(c, await lookupRdapNameserver(c.var.deps, c.req.param('name'), requestUrlOf(c))))
  .get('/help', (c) => rdapJson(c, rdapHelp(c.var.deps, requestUrlOf(c))))
  .all('*', (c) => {
    throw new AppError(404, `This server answers /rdap/domain/<name>, /rdap/nameserver/<name> and /rdap/help, not ${c.req.path}`);
  });

rdapRoutes.onError((error, c) => {
  if (error instanceof AppError && [400, 404, 429].includes(error.code)) {
    const wait = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (error.code === 429 && typeof wait === 'number') c.header('Retry-After', String(wait));
    return rdapJson(c, buildRdapError(error.code, error.message), error.code as 400);
  }
  if (error instanceof HTTPException && error.status < 500) return rdapJson(c, buildRdapError(400, error.message || 'Bad request'), 400);
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return rdapJson(c, buildRdapError(500, 'An error occurred while processing your request'), 500);
});

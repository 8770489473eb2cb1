/**
 * `Authorization: Bearer dsp_…` (issue #15): an API token stands in for the session on the routes in
 * token-routes.ts, within its scopes. Anywhere else a token is refused, never ignored, so a script cannot reach a
 * cookie-only route by accident; a request with a token never uses the cookie.
 */
import type { MiddlewareHandler } from 'hono';
import { apiScopeLabels, type ApiScope } from '../contract/api-tokens/api-scopes.ts';
import { AppError } from '../errors.ts';
import { resolveApiToken } from '../services/auth/api-tokens/api-tokens.ts';
import { countFailure, enforce, enforceWithoutHit, type Limit } from '../services/platform/rate-limit.ts';
import type { AppEnv } from './env.ts';
import { domainFieldScope, findTokenRoute } from './token-routes.ts';
import { readJson } from './validate.ts';

export const apiTokenCallsPerMinute = 120;
export const badTokensPerAddress: Limit['max'] = 20;

const failures = (ip: string): Limit[] => [{ key: `api-token-fail:${ip}`, max: badTokensPerAddress, windowSeconds: 600 }];

const refusals = {
  unknown: 'This API token is not valid',
  revoked: 'This API token has been revoked',
  expired: 'This API token has expired',
  address: 'This API token may not be used from your IP address',
} as const;

function missingScope(scope: ApiScope): AppError {
  return new AppError(403, `This API token lacks the "${scope}" scope (${apiScopeLabels[scope].label})`, { missingScope: scope });
}

/** The scopes a PATCH /domains/:id body needs; fields a token may not send are refused by name. */
async function domainUpdateScopes(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<ApiScope[]> {
  const body = await readJson(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const scopes: ApiScope[] = [];
  for (const field of Object.keys(body)) {
    const scope = domainFieldScope(field);
    if (!scope) throw new AppError(403, `API tokens cannot change "${field}"; sign in to the account app to change it`);
    scopes.push(scope);
  }
  return scopes;
}

export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  if (!header) return next();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError(401, 'Send the API token as "Authorization: Bearer <token>"');
  const path = c.req.path.replace(/^\/api(?=\/|$)/, '') || '/';
  const route = findTokenRoute(c.req.method, path);
  if (!route) throw new AppError(403, `API tokens cannot call ${c.req.method} /api${path}; it is available only when signed in`);

  const { db } = c.var.deps;
  const ip = c.var.clientIp;
  await enforceWithoutHit(db, failures(ip), 'Too many invalid API tokens from your address.');
  const token = await resolveApiToken(db, match[1], ip);
  if (!token.ok) {
    await countFailure(db, failures(ip));
    throw new AppError(401, refusals[token.reason]);
  }
  await enforce(
    db,
    [{ key: `api-token:${token.apiTokenId}`, max: apiTokenCallsPerMinute, windowSeconds: 60 }],
    `This API token has made more than ${apiTokenCallsPerMinute} calls a minute.`,
  );

  const needed = route.method === 'PATCH' && route.path === '/domains/:id' ? await domainUpdateScopes(c) : route.scope ? [route.scope] : [];
  const missing = needed.find((scope) => !token.scopes.includes(scope));
  if (missing) throw missingScope(missing);

  // A token has no session: sessionId 0 matches no row, so anything asking for a recent sign-in refuses it.
  c.set('auth', {
    sessionId: 0,
    userId: token.userId,
    accountId: token.accountId,
    state: 'active',
    role: 'customer',
    apiToken: { apiTokenId: token.apiTokenId, scopes: token.scopes },
  });
  await next();
};

/**
 * Every /api route an API token may call, and the scope it needs (issue #15). A token on any other route gets 403:
 * sign-in, checkout, payment methods, security settings and the tokens themselves are cookie-only. The OpenAPI
 * document (api/openapi/) describes exactly these routes.
 *
 * `PATCH /domains/:id` carries fields of several features; a token may send only the fields in
 * `tokenDomainFields`, each needing its own scope.
 */
import type { ApiScope } from '../contract/api-tokens/api-scopes.ts';

export type TokenRoute = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; scope: ApiScope | null };

export const tokenRoutes: readonly TokenRoute[] = [
  { method: 'GET', path: '/tlds', scope: null },
  { method: 'GET', path: '/tlds/:tld', scope: null },
  { method: 'GET', path: '/domainSearch/check', scope: 'search' },
  { method: 'GET', path: '/domains', scope: 'domains:read' },
  { method: 'GET', path: '/domains/:id', scope: 'domains:read' },
  { method: 'PATCH', path: '/domains/:id', scope: null },
  { method: 'GET', path: '/dnsRecords', scope: 'dns:write' },
  { method: 'POST', path: '/dnsRecords', scope: 'dns:write' },
  { method: 'PATCH', path: '/dnsRecords/:id', scope: 'dns:write' },
  { method: 'DELETE', path: '/dnsRecords/:id', scope: 'dns:write' },
  { method: 'GET', path: '/registeredNameservers', scope: 'nameservers:write' },
  { method: 'POST', path: '/registeredNameservers', scope: 'nameservers:write' },
  { method: 'PATCH', path: '/registeredNameservers/:id', scope: 'nameservers:write' },
  { method: 'DELETE', path: '/registeredNameservers/:id', scope: 'nameservers:write' },
  { method: 'GET', path: '/renewals', scope: 'renewals:write' },
  { method: 'POST', path: '/renewals', scope: 'renewals:write' },
];

/** The PATCH /domains/:id fields a token may send, with the scope each needs. */
export const tokenDomainFields: Readonly<Record<string, ApiScope>> = {
  ns: 'nameservers:write',
  dsRecords: 'dns:write',
  autoRenewEnabled: 'renewals:write',
};

/** The scope a PATCH /domains/:id field needs; undefined for a field tokens may not send (own keys only, so
 * `constructor` or `toString` never finds Object.prototype's). */
export function domainFieldScope(field: string): ApiScope | undefined {
  return Object.hasOwn(tokenDomainFields, field) ? tokenDomainFields[field] : undefined;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** The route a token is calling (`path` relative to /api), or undefined when tokens may not call it. */
export function findTokenRoute(method: string, path: string): TokenRoute | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  return tokenRoutes.find((r) => r.method === verb && matches(r.path, path));
}

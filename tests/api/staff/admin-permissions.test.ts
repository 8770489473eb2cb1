/**
 * Every /api/admin route × every role against the roles table (api/contract/staff/roles.ts): a role without the
 * route's permission gets the gate's 403, a role with it never does, and a route that declares no permission (no
 * `allow(...)` from api/http/staff-auth.ts) fails here by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, roleCan, type StaffAccess, staffRoles } from '../../../api/contract/staff/roles.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';
import { staffClient } from '../../fixtures/staff.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Handler = ((...args: unknown[]) => unknown) & { access?: StaffAccess; __COMPOSED_HANDLER?: Handler };

/** Hono wraps a sub-app's handlers when it mounts them; the gate's tag is on the handler inside. */
function unwrap(handler: Handler): Handler {
  return handler.__COMPOSED_HANDLER ? unwrap(handler.__COMPOSED_HANDLER) : handler;
}

/** Each /api/admin route (method and path) with the access its gate declares, or null when it has none. */
export function adminRoutes(app: TestContext['app']): { method: string; path: string; access: StaffAccess | null }[] {
  const routes = new Map<string, StaffAccess | null>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/admin') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const access = unwrap(route.handler as Handler).access ?? null;
    routes.set(key, routes.get(key) ?? access);
  }
  return [...routes].map(([key, access]) => {
    const [method, path] = key.split(' ');
    return { method, path, access };
  });
}

/** A concrete URL for a route pattern: ids no row has, so a permitted call changes nothing. */
function concrete(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => (/id$/i.test(name) ? '987654' : 'nothing-here.example'));
}

async function call(client: TestClient, method: string, path: string) {
  return client.request(method, concrete(path), method === 'GET' || method === 'DELETE' ? undefined : {});
}

describe('the admin API and the roles table', () => {
  it('finds the routes, and every one declares a permission from the table', () => {
    const routes = adminRoutes(t.app);
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((route) => route.access === null).map((route) => `${route.method} ${route.path}`);
    expect(undeclared, 'routes without allow(...)').toEqual([]);
    const known = new Set<string>([...Object.keys(permissions), 'open', 'signed-in']);
    const unknown = routes.filter((route) => !known.has(route.access as string)).map((route) => `${route.method} ${route.path}: ${route.access}`);
    expect(unknown).toEqual([]);
  });

  it('refuses every gated route to a visitor with no staff session, and to a customer session', async () => {
    const customer = t.client();
    for (const route of adminRoutes(t.app).filter((r) => r.access !== 'open')) {
      const answer = await call(customer, route.method, route.path);
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      expect(answer.body.redirect).toBe('/admin/sign-in');
    }
  });

  it('gives each role exactly the routes its permissions allow', { timeout: 120_000 }, async () => {
    const routes = adminRoutes(t.app).filter((r) => r.access !== 'open');
    const mismatches: string[] = [];
    for (const role of staffRoles) {
      const { client } = await staffClient(t, role);
      for (const route of routes) {
        const answer = await call(client, route.method, route.path);
        const refusedByGate = answer.status === 403 && answer.body?.data?.permission === route.access;
        const expected = route.access === 'signed-in' || roleCan(role, route.access as Exclude<StaffAccess, 'open' | 'signed-in'>);
        if (answer.status === 401) mismatches.push(`${role} ${route.method} ${route.path}: 401`);
        else if (refusedByGate === expected)
          mismatches.push(`${role} ${route.method} ${route.path}: ${expected ? 'refused' : 'let through'} (${answer.status})`);
        if (answer.status >= 500) mismatches.push(`${role} ${route.method} ${route.path}: ${answer.status} ${answer.body?.message}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

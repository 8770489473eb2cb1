/** Resolves the session cookie once per request and guards account-only routes. */
import type { Context, MiddlewareHandler } from 'hono';
import { resolveSession } from '../services/auth/sessions.ts';
import { AppError } from '../errors.ts';
import { readCookie, sessionCookie } from './cookies.ts';
import type { AppEnv } from './env.ts';

export const sessionMiddleware: MiddlewareHandler<AppEnv> = (c, next) => {
  // An API token (bearer-auth.ts) decides alone: a request that carries one never falls back to the cookie.
  if (c.req.header('authorization')) return next();
  const token = readCookie(c, sessionCookie);
  if (!token) {
    c.set('auth', null);
    return next();
  }
  const { db, config } = c.get('deps');
  return resolveSession(db, token, { allowDemo: config.sandboxMode }).then((auth) => {
    c.set('auth', auth);
    return next();
  });
};

/**
 * After staff reset an account's second factors, its sessions may only add a new one: the calls the account app's
 * Two-Step Verification view makes (methods, passkeys, confirm it's you), who is signed in, and logging out.
 */
const enrolmentCalls: [method: string, path: RegExp][] = [
  ['GET', /^\/api\/users\/\d+$/],
  ['GET', /^\/api\/session(\/admin)?$/],
  ['*', /^\/api\/session\/(confirm|passkeyOptions)$/],
  ['*', /^\/api\/mfas(\/\d+(\/codes)?)?$/],
  ['*', /^\/api\/passkeys(\/registrationOptions)?$/],
  ['GET', /^\/api\/accountActivity$/],
];

export const mfaEnrolmentRequiredMessage = 'Add a two-step verification method or a passkey to continue: our support team reset yours.';

export const mfaEnrolmentGate: MiddlewareHandler<AppEnv> = (c, next) => {
  const auth = c.get('auth');
  if (auth?.mfaEnrolmentRequired && auth.state === 'active' && !auth.apiToken) {
    const allowed = enrolmentCalls.some(([method, path]) => (method === '*' || method === c.req.method) && path.test(c.req.path));
    if (!allowed) throw new AppError(403, mfaEnrolmentRequiredMessage, { mfaEnrolmentRequired: true });
  }
  return next();
};

/** The signed-in account, or a 401 the clients turn into a trip to /login. */
export function requireAccount(c: Context<AppEnv>): { accountId: number; userId: number; sessionId: number } {
  const auth = c.get('auth');
  if (auth?.state !== 'active' || auth.accountId == null || auth.userId == null) {
    throw new AppError(401, 'Please log in to continue', undefined, '/login');
  }
  return { accountId: auth.accountId, userId: auth.userId, sessionId: auth.sessionId };
}

export function currentAccountId(c: Context<AppEnv>): number | null {
  const auth = c.get('auth');
  return auth?.state === 'active' ? auth.accountId : null;
}

/** Id 0 means the caller's own; any other id must be the caller's, else 403. */
export function ownAccountId(c: Context<AppEnv>, id: number): number {
  const { accountId } = requireAccount(c);
  if (id !== 0 && id !== accountId) throw new AppError(403, 'You do not have access to this');
  return accountId;
}

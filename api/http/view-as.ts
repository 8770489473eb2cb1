/**
 * A staff member's view-as session (services/support/view-as.ts) reads and never writes: every request but a read
 * (GET, HEAD) is refused here, before any route runs, whatever the account app shows; the one exception records
 * which page the staff member is looking at in the audit log.
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

export const viewAsReadOnlyMessage = 'You are viewing this account as staff: it is read-only, nothing can be changed here.';

const pageViewPath = '/api/viewAs/pageViews';

export const viewAsGate: MiddlewareHandler<AppEnv> = (c, next) => {
  const auth = c.get('auth');
  if (auth?.viewAs && !auth.apiToken) {
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!read && !(c.req.method === 'POST' && c.req.path === pageViewPath)) throw new AppError(403, viewAsReadOnlyMessage, { viewAs: true });
  }
  return next();
};

/**
 * The back office over HTTP: the staff session cookie (`ds_staff`, `__Host-ds_staff` behind https, Path=/,
 * SameSite=Strict, never a customer's cookie), resolved once per /api/admin request, and `allow(permission)`, the
 * one gate every /api/admin route declares (tests/api/staff/admin-permissions.test.ts reads the declarations back from the
 * app's routes and checks each against the roles table in api/contract/staff/roles.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { nowMs } from '../clock.ts';
import { roleCan, type StaffAccess } from '../contract/staff/roles.ts';
import { staffSessionHours } from '../contract/staff/staff.ts';
import type { StaffAuth } from '../deps.ts';
import { AppError } from '../errors.ts';
import { recordAudit, type StaffActor } from '../services/audit/audit-log.ts';
import { resolveStaffSession, type StaffClient } from '../services/staff/staff-sessions.ts';
import type { StaffSignInResult } from '../services/staff/staff-sign-in.ts';
import type { AnsweringKey, AppAnswer } from '../openapi/app-operations.ts';
import { answer } from './answer.ts';
import { cookieName } from './cookies.ts';
import type { AppEnv } from './env.ts';

export type AdminEnv = { Variables: AppEnv['Variables'] & { staff: StaffAuth | null } };

export const staffCookie = 'ds_staff';
export const staffSignInPath = '/admin/sign-in';

export const staffSessionMiddleware: MiddlewareHandler<AdminEnv> = async (c, next) => {
  // API tokens are customers' scripts: refused here as on every other cookie-only route (http/bearer-auth.ts).
  if (c.req.header('authorization')) throw new AppError(403, `API tokens cannot call ${c.req.method} ${c.req.path}; the back office takes no API tokens`);
  const token = getCookie(c, cookieName(c.var.deps.config, staffCookie));
  c.set('staff', token ? await resolveStaffSession(c.var.deps.db, token) : null);
  // Nothing the back office answers may be kept by a browser or a proxy.
  c.header('Cache-Control', 'no-store');
  await next();
};

/** A handler tagged with what it lets through, so the route × role test can read every route's declaration. */
export type AccessGate = MiddlewareHandler<AdminEnv> & { access: StaffAccess };

/**
 * The gate of an /api/admin route: `allow('customers:read')` lets through signed-in staff whose role has the
 * permission (401 to sign in otherwise, 403 for a role without it); `allow('signed-in')` any signed-in staff member;
 * `allow('open')` anyone (sign-in and enrolment steps, which check their own session state).
 */
export function allow(access: StaffAccess): AccessGate {
  const gate: MiddlewareHandler<AdminEnv> = async (c, next) => {
    if (access !== 'open') {
      const staff = c.var.staff;
      if (staff?.state !== 'active') throw new AppError(401, 'Please sign in to the back office', undefined, staffSignInPath);
      if (access !== 'signed-in' && !roleCan(staff.role, access)) {
        // A refusal is logged too: who tried what their role does not allow is what an audit looks for first.
        await recordAudit(c.var.deps.db, staffActor(c), {
          action: 'staff.denied',
          targetType: 'route',
          targetLabel: `${c.req.method} ${c.req.path}`,
          after: { permission: access },
        });
        throw new AppError(403, `Your role (${staff.role}) does not allow this`, { permission: access });
      }
    }
    await next();
  };
  return Object.assign(gate, { access });
}

/** The signed-in staff member behind an `allow`-gated route. */
export function requireStaff(c: Context<AdminEnv>): StaffAuth {
  const staff = c.var.staff;
  if (staff?.state !== 'active') throw new AppError(401, 'Please sign in to the back office', undefined, staffSignInPath);
  return staff;
}

/** Who the audit log names for this request: the staff member, their role, and the client address (client-address.ts). */
export function staffActor(c: Context<AdminEnv>): StaffActor {
  const staff = requireStaff(c);
  return { staffId: staff.staffId, email: staff.email, role: staff.role, ip: c.var.clientIp };
}

export function staffClient(c: Context<AdminEnv>): StaffClient {
  return { ip: c.var.clientIp, userAgent: c.req.header('user-agent') };
}

function isSecure(c: Context<AdminEnv>): boolean {
  return c.var.deps.config.publicOrigin.startsWith('https://');
}

/** The operations a finished sign-in step answers: what comes next (api/openapi/app/admin-session.ts). */
type StaffStepOperation = { [K in AnsweringKey]: StaffSignInResult['step'] extends AppAnswer<K> ? K : never }[AnsweringKey];

/**
 * Puts the session of a finished sign-in step in the cookie (8 hours at most; the server ends it sooner when idle)
 * and answers the step, as `operation` describes it.
 */
export function applyStaffSignIn(c: Context<AdminEnv>, operation: StaffStepOperation, result: StaffSignInResult) {
  const maxAge = Math.max(1, Math.ceil((result.session.expireDate.getTime() - nowMs()) / 1000));
  setCookie(c, cookieName(c.var.deps.config, staffCookie), result.session.token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isSecure(c),
    path: '/',
    maxAge: Math.min(maxAge, staffSessionHours * 3600),
  });
  return answer(c, operation, result.step);
}

export function clearStaffCookie(c: Context<AdminEnv>) {
  deleteCookie(c, cookieName(c.var.deps.config, staffCookie), { path: '/', secure: isSecure(c) });
}

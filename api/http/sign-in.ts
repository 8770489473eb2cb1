/** What the sign-in steps share over HTTP: who the client is, and putting a new session in the cookie. */
import { secondsInMinute } from 'date-fns/constants';
import type { Context } from 'hono';
import type { Client, SignInResult } from '../services/auth/sign-in.ts';
import { sessionCookieSeconds } from '../services/auth/sessions.ts';
import { cartCookie, clearCookie, readCookie, sessionCookie, writeCookie } from './cookies.ts';
import type { AppEnv } from './env.ts';

const pendingCookieSeconds = 15 * secondsInMinute;

export function clientOf(c: Context<AppEnv>): Client {
  return { ip: c.var.clientIp, userAgent: c.req.header('user-agent'), anonCartToken: readCookie(c, cartCookie) };
}

/** Puts a new session in the cookie; the previous pending session (if any) stops being usable. */
export function applySignIn(c: Context<AppEnv>, result: SignInResult) {
  if (result.session) {
    const maxAge = result.session.state === 'active' ? sessionCookieSeconds : pendingCookieSeconds;
    writeCookie(c, sessionCookie, result.session.token, maxAge);
  }
  if (result.clearCartCookie) clearCookie(c, cartCookie);
  c.header('Cache-Control', 'no-store');
  return c.json(result.body);
}

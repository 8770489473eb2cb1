/** What the sign-in steps share over HTTP: who the client is, and putting a new session in the cookie. */
import { secondsInDay, secondsInMinute } from 'date-fns/constants';
import { newToken } from '../services/kernel/tokens.ts';
import type { Context } from 'hono';
import type { Client, SignInResult } from '../services/auth/sign-in.ts';
import { sessionCookieSeconds } from '../services/auth/sessions.ts';
import { answer } from './answer.ts';
import { cartCookie, clearCookie, readCookie, sessionCookie, writeCookie } from './cookies.ts';
import type { AppEnv } from './env.ts';

const pendingCookieSeconds = 15 * secondsInMinute;

/** The browser's device cookie: random, long-lived, set at the first sign-in, so a sign-in from elsewhere can be told. */
export const deviceCookie = 'ds_device';
const deviceCookieSeconds = 400 * secondsInDay;

export function clientOf(c: Context<AppEnv>): Client {
  return { ip: c.var.clientIp, userAgent: c.req.header('user-agent'), anonCartToken: readCookie(c, cartCookie), deviceId: deviceIdOf(c) };
}

/** Device ids made for requests whose browser had none; written only with a session (applySignIn). */
const madeDeviceIds = new WeakMap<Context<AppEnv>, string>();

/**
 * The device cookie's value, made when the browser has none or a malformed one. A made one is written only when
 * the request starts a session: a refused password, or any other request, leaves no cookie behind.
 */
function deviceIdOf(c: Context<AppEnv>): string {
  const held = readCookie(c, deviceCookie);
  if (held && /^[A-Za-z0-9_-]{20,64}$/.test(held)) return held;
  const made = madeDeviceIds.get(c) ?? newToken(24);
  madeDeviceIds.set(c, made);
  return made;
}

/** Puts a new session in the cookie; the previous pending session (if any) stops being usable. */
export function applySignIn(c: Context<AppEnv>, result: SignInResult, operation: 'POST /session' | 'PATCH /users/0' = 'POST /session') {
  if (result.session) {
    const maxAge = result.session.state === 'active' ? sessionCookieSeconds : pendingCookieSeconds;
    writeCookie(c, sessionCookie, result.session.token, maxAge);
    const madeDeviceId = madeDeviceIds.get(c);
    if (madeDeviceId) writeCookie(c, deviceCookie, madeDeviceId, deviceCookieSeconds);
  }
  if (result.clearCartCookie) clearCookie(c, cartCookie);
  c.header('Cache-Control', 'no-store');
  return answer(c, operation, result.body);
}

/** The session and anonymous-cart cookies: httpOnly, SameSite=Lax, Secure behind https. */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './env.ts';

export const sessionCookie = 'ds_session';
export const cartCookie = 'ds_cart';

function isSecure(c: Context<AppEnv>): boolean {
  return (c.var.deps.config.PUBLIC_URL ?? '').startsWith('https://');
}

export function readCookie(c: Context<AppEnv>, name: string): string | undefined {
  return getCookie(c, name);
}

export function writeCookie(c: Context<AppEnv>, name: string, value: string, maxAgeSeconds: number) {
  setCookie(c, name, value, { httpOnly: true, sameSite: 'Lax', secure: isSecure(c), path: '/', maxAge: maxAgeSeconds });
}

export function clearCookie(c: Context<AppEnv>, name: string) {
  deleteCookie(c, name, { path: '/', secure: isSecure(c) });
}

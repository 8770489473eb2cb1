/**
 * The session and anonymous-cart cookies: httpOnly, SameSite=Lax. Behind an https PUBLIC_URL they are Secure and
 * carry the `__Host-` prefix (`__Host-ds_session`), so no subdomain or plain-http page can set or shadow them.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import type { AppEnv } from './env.ts';

export const sessionCookie = 'ds_session';
export const cartCookie = 'ds_cart';

function isSecure(config: Config): boolean {
  return config.publicOrigin.startsWith('https://');
}

/** The name the browser stores: `name`, or `__Host-name` behind https. */
export function cookieName(config: Config, name: string): string {
  return isSecure(config) ? `__Host-${name}` : name;
}

export function readCookie(c: Context<AppEnv>, name: string): string | undefined {
  return getCookie(c, cookieName(c.get('deps').config, name));
}

export function writeCookie(c: Context<AppEnv>, name: string, value: string, maxAgeSeconds: number) {
  const { config } = c.var.deps;
  // Path=/ with no Domain is what the __Host- prefix requires.
  setCookie(c, cookieName(config, name), value, { httpOnly: true, sameSite: 'Lax', secure: isSecure(config), path: '/', maxAge: maxAgeSeconds });
}

export function clearCookie(c: Context<AppEnv>, name: string) {
  const { config } = c.var.deps;
  deleteCookie(c, cookieName(config, name), { path: '/', secure: isSecure(config) });
}

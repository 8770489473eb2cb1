/** Whose cart a request is about: the signed-in account, else the anonymous-cart cookie (set on the first write). */
import type { Context } from 'hono';
import { secondsInDay } from 'date-fns/constants';
import { type CartOwner, ensureCurrentCart, findCurrentCart, findOwnedCart } from '../services/carts/carts.ts';
import { newToken } from '../services/kernel/tokens.ts';
import { currentAccountId } from './auth.ts';
import { cartCookie, readCookie, writeCookie } from './cookies.ts';
import type { AppEnv } from './env.ts';
import type { CartRow } from '../db/schema/index.ts';

const cartCookieMaxAge = 60 * secondsInDay;

export function cartOwner(c: Context<AppEnv>): CartOwner {
  return { accountId: currentAccountId(c), anonToken: readCookie(c, cartCookie) };
}

/** The caller's cart, created on first write; a new anonymous visitor gets the cart cookie here. */
export async function writableCart(c: Context<AppEnv>): Promise<CartRow> {
  return ensureCurrentCart(c.get('deps').db, {
    ...cartOwner(c),
    newAnonToken: () => {
      const token = newToken();
      writeCookie(c, cartCookie, token, cartCookieMaxAge);
      return token;
    },
  });
}

/** Cart by path id: 0 is the caller's (null when they have none and `create` is false); another id must be theirs. */
export async function cartById(c: Context<AppEnv>, id: number, options: { create: true }): Promise<CartRow>;
export async function cartById(c: Context<AppEnv>, id: number, options: { create: boolean }): Promise<CartRow | null>;
export async function cartById(c: Context<AppEnv>, id: number, options: { create: boolean }): Promise<CartRow | null> {
  const owner = cartOwner(c);
  const { db } = c.get('deps');
  if (id === 0) return options.create ? writableCart(c) : findCurrentCart(db, owner);
  return findOwnedCart(db, id, owner);
}

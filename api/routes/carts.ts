/** /api/carts: the caller's cart (id 0) with computed totals; PATCH for its fields. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { cartContactSchema } from '../contract/contact.ts';
import { carts } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { currentAccountId } from '../http/auth.ts';
import { cartCookie, readCookie, writeCookie } from '../http/cookies.ts';
import type { AppEnv } from '../http/env.ts';
import { checkRelations, readListQuery } from '../http/list-query.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { assertCartOwner, type CartOwner, cartView, ensureCurrentCart, findCurrentCart } from '../services/carts.ts';
import { newToken } from '../services/tokens.ts';
import type { Context } from 'hono';

const cartCookieMaxAge = 60 * 24 * 3600;

export function cartOwner(c: Context<AppEnv>): CartOwner {
  return { accountId: currentAccountId(c), anonToken: readCookie(c, cartCookie) };
}

/** The caller's cart, created on first write; a new anonymous visitor gets the cart cookie here. */
export async function writableCart(c: Context<AppEnv>) {
  const owner = cartOwner(c);
  return ensureCurrentCart(c.var.deps.db, {
    ...owner,
    newAnonToken: () => {
      const token = newToken();
      writeCookie(c, cartCookie, token, cartCookieMaxAge);
      return token;
    },
  });
}

/** Cart by path id: 0 is the caller's; another id must be the caller's too. */
export async function cartById(c: Context<AppEnv>, id: number, options: { create: boolean }) {
  const owner = cartOwner(c);
  if (id === 0) return options.create ? writableCart(c) : findCurrentCart(c.var.deps.db, owner);
  const [cart] = await c.var.deps.db.select().from(carts).where(eq(carts.cartId, id)).limit(1);
  if (!cart) throw new AppError(404, 'Cart not found');
  assertCartOwner(cart, owner);
  return cart;
}

export const cartPatchSchema = z
  .object({
    contact: cartContactSchema.optional(),
    paymentMethodId: z.number().int().optional(),
  })
  .passthrough();

export const cartsRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const query = readListQuery(c);
    checkRelations(query, ['cartItems']);
    const cart = await cartById(c, parseId(c), { create: false });
    c.header('Cache-Control', 'no-store');
    return c.json(
      await cartView(c.var.deps.db, cart, {
        isLoggedIn: currentAccountId(c) != null,
        withItems: query.relations.includes('cartItems'),
      }),
    );
  })
  .patch('/:id', async (c) => {
    const body = await parseBody(c, cartPatchSchema);
    const cart = await cartById(c, parseId(c), { create: true });
    if (!cart) throw new AppError(404, 'Cart not found');
    const changes: Partial<typeof carts.$inferInsert> = { modifyDate: new Date() };
    if (body.contact) changes.contact = { ...(cart.contact ?? {}), ...body.contact };
    if (body.paymentMethodId !== undefined) changes.paymentMethodId = body.paymentMethodId;
    await c.var.deps.db.update(carts).set(changes).where(eq(carts.cartId, cart.cartId));
    const [fresh] = await c.var.deps.db.select().from(carts).where(eq(carts.cartId, cart.cartId));
    return c.json(await cartView(c.var.deps.db, fresh, { isLoggedIn: currentAccountId(c) != null, withItems: true }));
  });

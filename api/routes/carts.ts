/** /api/carts: the caller's cart (id 0) with computed totals; PATCH for its fields, and `commit: true` to check out. */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { now } from '../clock.ts';
import { cartContactSchema } from '../contract/contact.ts';
import { carts, paymentMethods } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { currentAccountId } from '../http/auth.ts';
import { cartCookie, clearCookie, readCookie, sessionCookie, writeCookie } from '../http/cookies.ts';
import type { AppEnv } from '../http/env.ts';
import { checkRelations, readListQuery } from '../http/list-query.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { assertCartOwner, type CartOwner, cartView, ensureCurrentCart, findCurrentCart } from '../services/carts.ts';
import { commitCheckout, orderForAnonToken } from '../services/checkout.ts';
import { hashPassword } from '../services/passwords.ts';
import { createSession, sessionLifetimeMs } from '../services/sessions.ts';
import { hashToken, newToken } from '../services/tokens.ts';
import { checkNewPassword } from '../services/verification.ts';

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

async function cartRow(c: Context<AppEnv>, id: number) {
  const [cart] = await c.var.deps.db.select().from(carts).where(eq(carts.cartId, id)).limit(1);
  if (!cart) throw new AppError(404, 'Cart not found');
  return cart;
}

/** Cart by path id: 0 is the caller's; another id must be the caller's too. */
export async function cartById(c: Context<AppEnv>, id: number, options: { create: boolean }) {
  const owner = cartOwner(c);
  if (id === 0) return options.create ? writableCart(c) : findCurrentCart(c.var.deps.db, owner);
  const cart = await cartRow(c, id);
  assertCartOwner(cart, owner);
  return cart;
}

const checkoutSourceSchema = z
  .object({
    referrer: z.string().max(2000).nullish(),
    landing: z.string().max(2000).nullish(),
    statedSource: z.string().max(40).nullish(),
    paymentIntentId: z.string().max(200).nullish(),
  })
  .partial();

export const cartPatchSchema = z.object({
  cartId: z.number().int().optional(),
  contact: cartContactSchema.extend({ password: z.string().max(200).optional(), code: z.string().max(12).optional() }).optional(),
  paymentMethodId: z.number().int().optional(),
  commit: z.boolean().optional(),
  paymentIntentId: z.string().max(200).optional(),
  $redirectHost: z.string().max(253).optional(),
  a: checkoutSourceSchema.optional(),
});

async function checkout(c: Context<AppEnv>, id: number, body: z.infer<typeof cartPatchSchema>) {
  const { db, providers } = c.var.deps;
  const owner = cartOwner(c);
  const cart = id === 0 ? await findCurrentCart(db, owner) : await cartRow(c, id);
  if (!cart) throw new AppError(400, 'Your cart is empty');
  try {
    assertCartOwner(cart, owner);
  } catch (error) {
    // A visitor retrying a commit that already went through: the order remembers their cart cookie.
    const replay = owner.anonToken ? await orderForAnonToken(db, cart.cartId, hashToken(owner.anonToken)) : null;
    if (!replay) throw error;
  }
  const source = { ...body.a, paymentIntentId: body.a?.paymentIntentId ?? body.paymentIntentId };
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v != null)) as Record<string, string>;
  const result = await commitCheckout(db, providers, { cart, accountId: owner.accountId, source: clean });
  // The session goes only with the answer of the commit that created the account. Any later answer for this cart
  // (a replay with the old cart cookie, a duplicate that waited, a retry after a password change) carries none.
  if (result.isNewAccount && !result.requiresAction && owner.accountId == null && result.accountId != null && result.userId != null) {
    const session = await createSession(db, {
      userId: result.userId,
      accountId: result.accountId,
      state: 'active',
      ip: c.var.clientIp,
      userAgent: c.req.header('user-agent')?.slice(0, 300),
    });
    writeCookie(c, sessionCookie, session.token, sessionLifetimeMs / 1000);
    clearCookie(c, cartCookie);
  }
  const { userId: _userId, isNewAccount: _isNew, ...answer } = result;
  return answer;
}

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
    const id = parseId(c);
    if (body.commit) return c.json(await checkout(c, id, body));
    const { db } = c.var.deps;
    const cart = await cartById(c, id, { create: true });
    if (!cart) throw new AppError(404, 'Cart not found');
    if (cart.status !== 'active') throw new AppError(409, 'This cart has already been checked out');
    const changes: Partial<typeof carts.$inferInsert> = { modifyDate: now() };
    if (body.contact) {
      const { password, code: _code, ...fields } = body.contact;
      const next: Record<string, unknown> = { ...(cart.contact ?? {}), ...fields };
      if (fields.phone !== undefined && fields.phone.trim() !== (cart.contact?.phone ?? '')) {
        // A new phone must be verified again.
        changes.verified = false;
        changes.verifiedPhone = null;
      }
      if (password !== undefined) {
        const verdict = checkNewPassword(password);
        if (password.trim() && !verdict.valid) throw new AppError(400, verdict.msg);
        if (password.trim()) next.passwordHash = await hashPassword(password.trim());
        else delete next.passwordHash;
      }
      changes.contact = next;
    }
    if (body.paymentMethodId !== undefined) {
      if (body.paymentMethodId !== -1) {
        const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.paymentMethodId, body.paymentMethodId)).limit(1);
        const mine =
          method &&
          method.status === 'active' &&
          (cart.accountId != null ? method.accountId === cart.accountId : method.cartId === cart.cartId && method.accountId == null);
        if (!mine) throw new AppError(400, 'paymentMethodId: not one of your payment methods');
      }
      changes.paymentMethodId = body.paymentMethodId;
    }
    await db.update(carts).set(changes).where(eq(carts.cartId, cart.cartId));
    const [fresh] = await db.select().from(carts).where(eq(carts.cartId, cart.cartId));
    return c.json(await cartView(db, fresh, { isLoggedIn: currentAccountId(c) != null, withItems: true }));
  });

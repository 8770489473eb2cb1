/** /api/carts: the caller's cart (id 0) with computed totals; PATCH for its fields, and `commit: true` to check out. */
import { Hono } from 'hono';
import { cartPatchSchema } from '../contract/carts/cart.ts';
import { currentAccountId } from '../http/auth.ts';
import { cartById, cartOwner } from '../http/cart-owner.ts';
import { cartCookie, clearCookie, sessionCookie, writeCookie } from '../http/cookies.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { checkRelations, readListQuery } from '../http/list-query.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { commitCart } from '../services/checkout/cart-checkout.ts';
import { queueOrderFollowUp } from '../services/orders/order-receipts.ts';
import { cartView, changeCart } from '../services/carts/carts.ts';
import { sessionCookieSeconds } from '../services/auth/sessions.ts';

export const cartsRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const query = readListQuery(c);
    checkRelations(query, ['cartItems']);
    const cart = await cartById(c, parseId(c), { create: false });
    c.header('Cache-Control', 'no-store');
    return answer(
      c,
      'GET /carts/:id',
      await cartView(c.get('deps').db, cart, {
        isLoggedIn: currentAccountId(c) != null,
        withItems: query.relations.includes('cartItems'),
      }),
    );
  })
  .patch('/:id', async (c) => {
    const body = await parseBody(c, cartPatchSchema);
    const id = parseId(c);
    if (body.commit) {
      const client = { ip: c.var.clientIp, userAgent: c.req.header('user-agent') };
      const { answer: checkout, session } = await commitCart(c.var.deps, { cartId: id, owner: cartOwner(c), patch: body, client });
      if (session) {
        writeCookie(c, sessionCookie, session.token, sessionCookieSeconds);
        clearCookie(c, cartCookie);
      }
      // The receipt and the registrant's verification (WAPS) follow every completed order (jobs/order-follow-up.ts).
      if (!checkout.requiresAction) await queueOrderFollowUp(c.var.deps.jobs);
      return answer(c, 'PATCH /carts/:id', checkout);
    }
    const cart = await cartById(c, id, { create: true });
    return answer(c, 'PATCH /carts/:id', await changeCart(c.var.deps, cart, body, { isLoggedIn: currentAccountId(c) != null }));
  });

/** /api/cartItems: add one or many items, change term, plan or protection, remove. Prices come from the server. */
import { Hono } from 'hono';
import { addCartItemsSchema, cartItemPatchSchema } from '../contract/carts/cart.ts';
import { cartOwner, writableCart } from '../http/cart-owner.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { addCartItems, changeCartItem, findCartItem, removeCartItem } from '../services/carts/cart-items.ts';

export const cartItemsRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const body = await parseBody(c, addCartItemsSchema);
    const { db, providers } = c.var.deps;
    const items = await addCartItems(db, providers.registry, await writableCart(c), Array.isArray(body) ? body : [body]);
    return answer(c, 'POST /cartItems', Array.isArray(body) ? items : items[0]);
  })
  .get('/:id', async (c) => c.json(await findCartItem(c.var.deps.db, cartOwner(c), parseId(c))))
  .patch('/:id', async (c) => {
    const body = await parseBody(c, cartItemPatchSchema);
    return answer(c, 'PATCH /cartItems/:id', await changeCartItem(c.var.deps.db, cartOwner(c), parseId(c), body));
  })
  .delete('/:id', async (c) => c.json(await removeCartItem(c.var.deps.db, cartOwner(c), parseId(c))));

/**
 * PATCH /api/carts/:id with `commit: true`: whose cart it is (or a visitor replaying a commit that went through),
 * the checkout itself (checkout.ts), and the session a visitor's new account starts with.
 */
import type { CartPatch } from '../../contract/carts/cart.ts';
import { AppError } from '../../errors.ts';
import { assertCartOwner, type CartOwner, findCartById, findCurrentCart } from '../carts/carts.ts';
import { type CheckoutDeps, commitCheckout } from './checkout.ts';
import { type CheckoutResult, orderForAnonToken } from './orders.ts';
import { createSession } from '../auth/sessions.ts';
import { hashToken } from '../kernel/tokens.ts';

export type CartCommit = {
  /** What the client is told: the checkout result without the new user's id or the new-account flag. */
  answer: Omit<CheckoutResult, 'userId' | 'isNewAccount'>;
  /** The signed-in session a visitor's new account gets; the caller puts it in the cookie and drops the cart cookie. */
  session: { token: string } | null;
};

export async function commitCart(
  deps: CheckoutDeps,
  input: { cartId: number; owner: CartOwner; patch: CartPatch; client: { ip: string; userAgent?: string } },
): Promise<CartCommit> {
  const { db } = deps;
  const { owner, patch } = input;
  const cart = input.cartId === 0 ? await findCurrentCart(db, owner) : await findCartById(db, input.cartId);
  if (!cart) throw new AppError(400, 'Your cart is empty');
  try {
    assertCartOwner(cart, owner);
  } catch (error) {
    // A visitor retrying a commit that already went through: the order remembers their cart cookie.
    const replay = owner.anonToken ? await orderForAnonToken(db, cart.cartId, hashToken(owner.anonToken)) : null;
    if (!replay) throw error;
  }
  const source = { ...patch.a, paymentIntentId: patch.a?.paymentIntentId ?? patch.paymentIntentId };
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v != null)) as Record<string, string>;
  const result = await commitCheckout(deps, { cart, accountId: owner.accountId, source: clean });
  // The session goes only with the answer of the commit that created the account. Any later answer for this cart
  // (a replay with the old cart cookie, a duplicate that waited, a retry after a password change) carries none.
  let session: CartCommit['session'] = null;
  if (result.isNewAccount && !result.requiresAction && owner.accountId == null && result.accountId != null && result.userId != null) {
    const created = await createSession(db, {
      userId: result.userId,
      accountId: result.accountId,
      state: 'active',
      ip: input.client.ip,
      userAgent: input.client.userAgent?.slice(0, 300),
    });
    session = { token: created.token };
  }
  const { userId: _userId, isNewAccount: _isNew, ...answer } = result;
  return { answer, session };
}

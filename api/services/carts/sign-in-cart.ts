/** At sign-in the visitor's anonymous cart joins the account: handed over whole, or its new items moved over. */
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, carts } from '../../db/schema/index.ts';
import { activeItems, findCurrentCart } from './carts.ts';

/** Returns true when an anonymous cart was found (and the cart cookie should be cleared). */
export async function adoptAnonymousCart(db: Db, accountId: number, anonToken: string | undefined): Promise<boolean> {
  if (!anonToken) return false;
  const anonymous = await findCurrentCart(db, { accountId: null, anonToken });
  if (!anonymous || anonymous.accountId != null) return false;
  await db.transaction(async (tx) => {
    const tdb = tx as unknown as Db;
    const own = await findCurrentCart(tdb, { accountId, anonToken: undefined });
    if (!own) {
      await tx.update(carts).set({ accountId, anonTokenHash: null, modifyDate: now() }).where(eq(carts.cartId, anonymous.cartId));
      return;
    }
    const present = new Set((await activeItems(tdb, own.cartId)).map((i) => i.domain.toLowerCase()));
    const moving = (await activeItems(tdb, anonymous.cartId)).filter((i) => !present.has(i.domain.toLowerCase()));
    if (moving.length) {
      await tx
        .update(cartItems)
        .set({ cartId: own.cartId })
        .where(
          and(
            eq(cartItems.cartId, anonymous.cartId),
            inArray(
              cartItems.cartItemId,
              moving.map((i) => i.cartItemId),
            ),
          ),
        );
      await tx.update(carts).set({ modifyDate: now() }).where(eq(carts.cartId, own.cartId));
    }
    await tx.update(carts).set({ status: 'deleted', anonTokenHash: null, deleteDate: now(), modifyDate: now() }).where(eq(carts.cartId, anonymous.cartId));
  });
  return true;
}

/** The account a visitor's order is recorded in: reserved before any name is registered, released if the order ends empty. */
import { now } from '../../clock.ts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accounts, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Providers } from '../../providers/index.ts';
import type { PaymentIntent } from '../../providers/payments/index.ts';
import type { CommitInput, Prepared } from './checkout-prepare.ts';
import { checkoutFailedMessage, emailTakenMessage, failOrder, type OrderRun, OrderTakenOverError } from './orders.ts';

/** The account an order is recorded in: the buyer's, or one reserved for a visitor before any name is registered. */
export type Owner = { accountId: number; userId?: number; isNew: boolean };

/**
 * A visitor's account and user exist before any name is registered: the unique index on lower(email) settles two
 * checkouts racing for one new email here, and the loser's authorisation is released. The password is set when the
 * order is recorded, so nobody signs in to an account whose order may still fail.
 */
export async function reserveAccount(
  db: Db,
  providers: Providers,
  input: CommitInput,
  prepared: Prepared,
  run: OrderRun,
  intent: PaymentIntent,
): Promise<Owner> {
  if (input.accountId != null) return { accountId: input.accountId, isNew: false };
  const { orderId, leaseOwner } = run;
  const { cart, source } = input;
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          registrantContact: prepared.contact,
          whoisAdminContact: prepared.contact,
          whoisTechContact: prepared.contact,
          whoisBillingContact: prepared.contact,
          statedSource: source.statedSource ?? cart.contact?.statedSource ?? null,
          referrer: source.referrer?.slice(0, 500) ?? null,
          landing: source.landing?.slice(0, 500) ?? null,
          paymentCustomerId: prepared.method.providerCustomerId,
          // The VAT number the order was reverse-charged on (or charged VAT on, VIES not answering) stays the account's.
          ...(cart.contact?.vatNumber ? { vatNumber: cart.contact.vatNumber, vatStatus: cart.contact.vatStatus ?? null, vatCheckDate: now() } : {}),
        })
        .returning({ accountId: accounts.accountId });
      const [user] = await tx
        .insert(users)
        .values({ accountId: account.accountId, email: prepared.contact.email, passwordHash: '' })
        .returning({ userId: users.userId });
      const [held] = await tx
        .update(orders)
        .set({ accountId: account.accountId })
        .where(and(eq(orders.orderId, orderId), eq(orders.leaseOwner, leaseOwner)))
        .returning({ orderId: orders.orderId });
      if (!held) throw new OrderTakenOverError();
      return { accountId: account.accountId, userId: user.userId, isNew: true };
    });
  } catch (error) {
    if (error instanceof OrderTakenOverError) throw error;
    await providers.payments.cancel(intent.id).catch((cancelError) => console.error(`order ${orderId}: cancel failed`, cancelError));
    if (isUniqueViolation(error, 'users_email_lower')) {
      await failOrder(db, orderId, emailTakenMessage, leaseOwner);
      throw new AppError(409, emailTakenMessage);
    }
    await failOrder(db, orderId, checkoutFailedMessage, leaseOwner);
    throw error;
  }
}

/**
 * Drops the account reserved for a visitor whose order ended with nothing in it, so the email can check out again.
 * Best effort: should something have come to point at it meanwhile (a password-reset token), it stays, and the order's
 * failure is still recorded.
 */
export async function releaseReservedAccount(db: DbOrTx, owner: Owner, orderId: number): Promise<void> {
  if (!owner.isNew) return;
  try {
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ accountId: null }).where(eq(orders.orderId, orderId));
      if (owner.userId != null) await tx.delete(users).where(eq(users.userId, owner.userId));
      await tx.delete(accounts).where(eq(accounts.accountId, owner.accountId));
    });
  } catch (error) {
    console.error(`order ${orderId}: could not release the account reserved for it`, error);
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const pg = current as { code?: string; constraint_name?: string };
    if (pg.code === '23505' && pg.constraint_name === constraint) return true;
  }
  return false;
}

/**
 * The order a checkout claims for its cart (one per cart, the unique cartId) under its process's lease, its state,
 * and the answers a repeated or concurrent commit gets from it (order-wait.ts waits for them).
 */
import type { CheckoutAnswer } from '../../contract/carts/checkout-answer.ts';
import type { TaxDecision } from '../../contract/billing/tax.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { CartRow, OrderRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { inProgressStatuses, type Lease } from './checkout-leases.ts';

export const checkoutFailedMessage = 'There was a processing your payment. Please contact support if issue continues.';
export const authenticationFailedMessage = 'Error authenticating card :(';
export const emailTakenMessage = 'An account with this email already exists. Please log in to check out.';
/** A visitor checking out with the email of an account staff closed: logging in would only say it is closed. */
export const emailOfClosedAccountMessage =
  'This email belongs to an account that was closed. Contact support to open it again, or check out with another email.';
export const stillProcessingMessage = 'Your order is still being processed. Please wait a moment and reload.';

/** The idempotency key an attempt authorises with; recorded on the order (`authorizeKey`) before the provider is asked. */
export const authorizeKey = (orderId: number, attempt: number) => `order-${orderId}-authorize-${attempt}`;
/** One idempotency key per attempt for its capture, whether checkout or a takeover takes it. */
export const captureKey = (orderId: number, attempt: number) => `order-${orderId}-capture-${attempt}`;
/** One idempotency key per attempt for giving back a capture its order could not record. */
export const refundKey = (orderId: number, attempt: number) => `order-${orderId}-refund-${attempt}`;

export type CheckoutSource = { referrer?: string; landing?: string; statedSource?: string; paymentIntentId?: string };

/** A checkout's answer (the contract's CheckoutAnswer), and who it signs in: the route keeps those two to itself. */
export type CheckoutResult = CheckoutAnswer & {
  userId?: number;
  /** Set for a visitor's first completed answer: the caller signs them in. */
  isNewAccount?: boolean;
};

/** One attempt of an order as the process working on it sees it: its keys come from the attempt, its writes need the lease. */
export type OrderRun = { orderId: number; attempt: number; leaseOwner: string };
export type OrderDetail = { attempt: number; anonTokenHash?: string | null; result?: CheckoutResult };

export function attemptOf(order: Pick<OrderRow, 'detail'>): number {
  return (order.detail as OrderDetail | null)?.attempt ?? 1;
}

export function isInProgress(order: Pick<OrderRow, 'status'>): boolean {
  return (inProgressStatuses as readonly string[]).includes(order.status);
}

export async function findOrder(db: Db, cartId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
  return row ?? null;
}

/**
 * One winner per cart: the insert on the unique cartId, or a new attempt of an order whose earlier attempt failed.
 * The winner holds the order under `lease` from here on.
 */
export async function claimOrder(
  db: Db,
  cart: CartRow,
  totalPrice: number,
  accountId: number | null,
  lease: Lease,
  tax: TaxDecision | null = null,
): Promise<OrderRow | null> {
  const detail: OrderDetail = { attempt: 1, anonTokenHash: cart.anonTokenHash };
  const [inserted] = await db
    .insert(orders)
    .values({ cartId: cart.cartId, accountId, status: 'pending', totalPrice, tax, detail, ...lease })
    .onConflictDoNothing({ target: orders.cartId })
    .returning();
  if (inserted) return inserted;
  const [retaken] = await db
    .update(orders)
    .set({
      status: 'pending',
      totalPrice,
      tax,
      error: null,
      paymentIntentId: null,
      authorizeKey: null,
      ...lease,
      modifyDate: now(),
      detail: sql`jsonb_set(coalesce(${orders.detail}, '{}'::jsonb), '{attempt}', to_jsonb(coalesce((${orders.detail}->>'attempt')::int, 1) + 1))`,
    })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'failed')))
    .returning();
  return retaken ?? null;
}

/** Fails the order; with `leaseOwner`, only while that process still holds it (a checkout, not a takeover). */
export async function failOrder(db: DbOrTx, orderId: number, error: string, leaseOwner?: string) {
  await db
    .update(orders)
    .set({ status: 'failed', error, modifyDate: now() })
    .where(and(eq(orders.orderId, orderId), leaseOwner == null ? undefined : eq(orders.leaseOwner, leaseOwner)));
}

/** The buyer has had the order's answer: done, or recorded with some registry answers still being confirmed. */
export function isAnswered(order: OrderRow): boolean {
  return order.status === 'completed' || order.status === 'unconfirmed';
}

export function completedAnswer(order: OrderRow): CheckoutResult {
  const result = (order.detail as OrderDetail | null)?.result;
  if (!result) throw new AppError(409, 'This cart has already been checked out');
  return { ...result, isNewAccount: false };
}

export function requiresActionAnswer(order: OrderRow, clientSecret?: string): CheckoutResult {
  return {
    cartId: order.cartId,
    orderId: order.orderId,
    totalPrice: order.totalPrice,
    requiresAction: true,
    paymentIntentId: order.paymentIntentId ?? undefined,
    clientSecret: clientSecret ?? `${order.paymentIntentId}_secret`,
  };
}

/** The order's checkout stopped being this process's (its lease lapsed and another process took the order over). */
export class OrderTakenOverError extends AppError {
  constructor() {
    super(409, stillProcessingMessage);
  }
}

/**
 * Whether this process's checkout still holds the order (renewing its lease on the way): asked before and after every
 * registry call, so a checkout that lost its order asks the registry for nothing more and moves no money.
 */
export async function holdsOrder(db: Db, orderId: number, lease: Lease, statuses: readonly OrderRow['status'][] = ['authorized']): Promise<boolean> {
  const [held] = await db
    .update(orders)
    .set({ modifyDate: now(), leaseExpireDate: lease.leaseExpireDate })
    .where(and(eq(orders.orderId, orderId), inArray(orders.status, [...statuses]), eq(orders.leaseOwner, lease.leaseOwner)))
    .returning({ orderId: orders.orderId });
  return held != null;
}

/** For a commit replayed by a visitor whose cart is already checked out: is this their order? */
export async function orderForAnonToken(db: Db, cartId: number, anonTokenHash: string): Promise<OrderRow | null> {
  const order = await findOrder(db, cartId);
  if (!order) return null;
  return (order.detail as OrderDetail | null)?.anonTokenHash === anonTokenHash ? order : null;
}

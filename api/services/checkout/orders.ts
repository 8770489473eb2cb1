/**
 * The order a checkout claims for its cart (one per cart, the unique cartId), its state and the answers a repeated or
 * concurrent commit gets from it: waiting for the checkout that holds it, or the answer it recorded.
 */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { CartRow } from '../carts/carts.ts';
import type { DbOrTx } from './order-delivery.ts';

export const checkoutFailedMessage = 'There was a processing your payment. Please contact support if issue continues.';
export const authenticationFailedMessage = 'Error authenticating card :(';
export const emailTakenMessage = 'An account with this email already exists. Please log in to check out.';
export const stoppedOrderMessage = (orderId: number) =>
  `Order ${orderId} did not finish. We are checking with the registry what was done and will charge only for that; please reload in a few minutes.`;

/** One idempotency key per order for its capture, whether checkout or reconciliation takes it. */
export const captureKey = (orderId: number) => `order-${orderId}-capture`;

export type CheckoutSource = { referrer?: string; landing?: string; statedSource?: string; paymentIntentId?: string };

export type CheckoutResult = {
  cartId: number;
  orderId: number;
  totalPrice: number;
  requiresAction: boolean;
  clientSecret?: string;
  paymentIntentId?: string;
  accountId?: number;
  userId?: number;
  /** Set for a visitor's first completed answer: the caller signs them in. */
  isNewAccount?: boolean;
  registered?: string[];
  failedDomains?: string[];
  /** Transfers the registry answered auth-code-needed or auth-code-rejected: recorded, not charged. */
  awaitingAuthCode?: string[];
  /** Names whose registry answer never came: charged only once reconciliation finds them registered. */
  unconfirmedDomains?: string[];
  message?: string;
};

export type OrderRow = typeof orders.$inferSelect;
export type OrderDetail = { attempt: number; anonTokenHash?: string | null; result?: CheckoutResult };

const waitStepMs = 100;
const waitLimitMs = 30_000;
/**
 * An order in progress that has not moved for this long stopped half-way (its process died): checkout touches the
 * order before every registry call (each times out well within this), so a live checkout never looks stopped.
 */
export const stoppedOrderMs = 10 * 60 * 1000;

export async function findOrder(db: Db, cartId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
  return row ?? null;
}

/** One winner per cart: the insert on the unique cartId, or taking over an order whose earlier attempt failed. */
export async function claimOrder(db: Db, cart: CartRow, totalPrice: number, accountId: number | null): Promise<OrderRow | null> {
  const detail: OrderDetail = { attempt: 1, anonTokenHash: cart.anonTokenHash };
  const [inserted] = await db
    .insert(orders)
    .values({ cartId: cart.cartId, accountId, status: 'pending', totalPrice, detail })
    .onConflictDoNothing({ target: orders.cartId })
    .returning();
  if (inserted) return inserted;
  const [retaken] = await db
    .update(orders)
    .set({
      status: 'pending',
      totalPrice,
      error: null,
      paymentIntentId: null,
      modifyDate: now(),
      detail: sql`jsonb_set(coalesce(${orders.detail}, '{}'::jsonb), '{attempt}', to_jsonb(coalesce((${orders.detail}->>'attempt')::int, 1) + 1))`,
    })
    .where(and(eq(orders.cartId, cart.cartId), eq(orders.status, 'failed')))
    .returning();
  return retaken ?? null;
}

export async function failOrder(db: DbOrTx, orderId: number, error: string) {
  await db.update(orders).set({ status: 'failed', error, modifyDate: now() }).where(eq(orders.orderId, orderId));
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

/** A second request for the same cart waits for the first and gives the same answer. */
export async function waitForOrder(db: Db, cartId: number): Promise<CheckoutResult> {
  // Real elapsed time, not the clock: this is a wait, however a test sets the date.
  const deadline = performance.now() + waitLimitMs;
  while (performance.now() < deadline) {
    const order = await findOrder(db, cartId);
    if (!order) break;
    if (isAnswered(order)) return completedAnswer(order);
    if (order.status === 'failed') throw new AppError(402, order.error ?? checkoutFailedMessage);
    if (order.status === 'requiresAction') return requiresActionAnswer(order);
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
  throw new AppError(409, 'Your order is still being processed. Please wait a moment and reload.');
}

/** Reconciliation finished this order while its checkout was stalled: the checkout leaves the money alone. */
export class OrderTakenOverError extends AppError {
  constructor() {
    super(409, 'Your order is still being processed. Please wait a moment and reload.');
  }
}

/**
 * The heartbeat that tells reconciliation this checkout is alive (the order moved just now); false when the order is
 * no longer this checkout's to finish.
 */
export async function touchOrder(db: Db, orderId: number): Promise<boolean> {
  const [alive] = await db
    .update(orders)
    .set({ modifyDate: now() })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, 'authorized')))
    .returning({ orderId: orders.orderId });
  return alive != null;
}

/** For a commit replayed by a visitor whose cart is already checked out: is this their order? */
export async function orderForAnonToken(db: Db, cartId: number, anonTokenHash: string): Promise<OrderRow | null> {
  const order = await findOrder(db, cartId);
  if (!order) return null;
  return (order.detail as OrderDetail | null)?.anonTokenHash === anonTokenHash ? order : null;
}

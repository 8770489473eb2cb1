/**
 * Leases on the orders this process is checking out. An order in progress (`pending` or `authorized`) names the
 * process whose checkout works on it (`leaseOwner`) and holds until `leaseExpireDate`. A heartbeat every 5 s moves
 * that 30 s ahead for every order a checkout here is still running, whatever the checkout is waiting for (a registry
 * call in flight included), so a slow but live process keeps its orders. Once a lease lapses, no live checkout is
 * behind the order and any process takes it over (reconcile-orders.ts): at start, every few seconds in a worker, and
 * when its buyer commits again.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { addMilliseconds } from 'date-fns/addMilliseconds';
import { and, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

/** How long a lease holds after its last heartbeat: six heartbeats may be missed before another process steps in. */
export const leaseMs = 30_000;
export const heartbeatMs = 5_000;
/** How long a stopping process waits for the checkouts it runs to finish before it lets go of the database. */
const drainMs = 20_000;

export const inProgressStatuses = ['pending', 'authorized'] as const;

export type Lease = { leaseOwner: string; leaseExpireDate: Date };

export type CheckoutLeases = {
  /** This process, as orders name it: host, pid and a random part (pids repeat across containers and restarts). */
  readonly owner: string;
  /** The lease columns for an order this process starts (or carries on) checking out now. */
  lease(): Lease;
  /** Runs one checkout of `orderId`, its lease kept alive meanwhile; should it end with the order still in progress, the lease lapses at once. */
  run<T>(orderId: number, checkout: () => Promise<T>): Promise<T>;
  /** Whether a checkout in this process is running the order (then it is alive, whatever its lease says). */
  isRunning(orderId: number): boolean;
  /** Waits (up to 20 s) for the checkouts running here to finish, then stops the heartbeat. */
  stop(options?: { drainMs?: number }): Promise<void>;
};

/** An order in progress whose lease lapsed: no live checkout is behind it. */
export function leaseLapsed(): SQL {
  return and(inArray(orders.status, [...inProgressStatuses]), or(isNull(orders.leaseExpireDate), lt(orders.leaseExpireDate, now()))) as SQL;
}

export function createCheckoutLeases(db: Db, options: { heartbeatMs?: number } = {}): CheckoutLeases {
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const running = new Set<number>();
  const lease = (): Lease => ({ leaseOwner: owner, leaseExpireDate: addMilliseconds(now(), leaseMs) });

  let beat: Promise<void> | null = null;
  const renew = async () => {
    const held = [...running];
    if (held.length === 0) return;
    try {
      // Rows another process has locked are being taken over (their lease lapsed already): skip, never wait on them.
      const mine = db
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(and(inArray(orders.orderId, held), eq(orders.leaseOwner, owner), inArray(orders.status, [...inProgressStatuses])))
        .for('update', { skipLocked: true });
      await db.update(orders).set({ leaseExpireDate: lease().leaseExpireDate }).where(inArray(orders.orderId, mine));
    } catch (error) {
      console.error('checkout lease heartbeat failed:', error);
    }
  };
  const timer = setInterval(() => {
    beat ??= renew().finally(() => {
      beat = null;
    });
  }, options.heartbeatMs ?? heartbeatMs);
  timer.unref?.();

  return {
    owner,
    lease,
    isRunning: (orderId) => running.has(orderId),
    async run(orderId, checkout) {
      running.add(orderId);
      try {
        return await checkout();
      } catch (error) {
        // A checkout that threw half-way (and was not taken over) left its order in progress: nobody is behind it now.
        await db
          .update(orders)
          .set({ leaseExpireDate: now() })
          .where(and(eq(orders.orderId, orderId), eq(orders.leaseOwner, owner), inArray(orders.status, [...inProgressStatuses])))
          .catch((lapseError) => console.error(`order ${orderId}: could not let its lease go`, lapseError));
        throw error;
      } finally {
        running.delete(orderId);
      }
    },
    async stop(stopOptions = {}) {
      // Real elapsed time, not the clock: this is a wait for work in flight.
      const deadline = performance.now() + (stopOptions.drainMs ?? drainMs);
      while (running.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(timer);
      await beat;
    },
  };
}

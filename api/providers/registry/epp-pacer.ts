/**
 * A registry's rate limit as a pacer: at most `perWindow` commands in any `windowMs` (a registry's commands per second
 * is `{ perWindow: rate, windowMs: 1000 }`), counted in real time (performance.now: the registry counts time passing,
 * not the movable clock). Commands waiting for a turn go in priority order (`first` before `tail`), FIFO within one;
 * one cancelled while waiting leaves without taking a turn. When turns come free, every waiting command they allow goes
 * at once: a timer that fires late (a busy event loop) does not cost the registry's allowance.
 */
import { type CommandPriority, EppCancelledError } from './epp-connection.ts';

type Waiter = { go: () => void };

export type PaceLimit = { perWindow: number; windowMs: number };

/** Resolves when the command may go (undefined: at once). Without a limit every command goes at once. */
export function createPacer(limit: PaceLimit | null) {
  const waiting: [Waiter[], Waiter[]] = [[], []];
  const perWindow = Math.max(1, Math.floor(limit?.perWindow ?? 1));
  const windowMs = limit?.windowMs ?? 0;
  /** When the last `perWindow` commands went, oldest at `oldest` (a ring). */
  const sentAt = new Array<number>(perWindow).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const isFree = (now: number) => now - sentAt[oldest] >= windowMs;
  const take = (now: number) => {
    sentAt[oldest] = now;
    oldest = (oldest + 1) % perWindow;
  };
  const hasWaiters = () => waiting[0].length + waiting[1].length > 0;

  const release = () => {
    timer = null;
    const now = performance.now();
    while (hasWaiters() && isFree(now)) {
      const next = (waiting[0].shift() ?? waiting[1].shift())!;
      take(now);
      next.go();
    }
    if (hasWaiters()) timer = setTimeout(release, Math.max(0, sentAt[oldest] + windowMs - now));
  };

  return (priority: CommandPriority, signal?: AbortSignal): Promise<void> | undefined => {
    if (!limit) return undefined;
    const now = performance.now();
    if (!hasWaiters() && isFree(now)) {
      take(now);
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { go: resolve };
      const queue = waiting[priority];
      queue.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new EppCancelledError());
        },
        { once: true },
      );
      if (!timer) timer = setTimeout(release, Math.max(0, sentAt[oldest] + windowMs - now));
    });
  };
}

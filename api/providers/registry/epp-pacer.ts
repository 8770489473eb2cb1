/**
 * A registry's rate limit as a pacer: at most one command per `spacingMs` (real time, so performance.now: the registry
 * counts time passing, not the movable clock). Commands waiting for a turn go in priority order (`first` before
 * `tail`), FIFO within one; one cancelled while waiting leaves without taking a turn.
 */
import { type CommandPriority, EppCancelledError } from './epp-connection.ts';

type Waiter = { go: () => void };

/** Resolves when the command may go (undefined: at once). Without a limit (spacing 0) every command goes at once. */
export function createPacer(spacingMs: number) {
  const waiting: [Waiter[], Waiter[]] = [[], []];
  let nextSlotMs = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const release = () => {
    timer = null;
    const next = waiting[0].shift() ?? waiting[1].shift();
    if (!next) return;
    nextSlotMs = performance.now() + spacingMs;
    next.go();
    if (waiting[0].length + waiting[1].length > 0) timer = setTimeout(release, spacingMs);
  };

  return (priority: CommandPriority, signal?: AbortSignal): Promise<void> | undefined => {
    if (!spacingMs) return undefined;
    const now = performance.now();
    if (!timer && now >= nextSlotMs) {
      nextSlotMs = now + spacingMs;
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
      timer ??= setTimeout(release, Math.max(0, nextSlotMs - now));
    });
  };
}

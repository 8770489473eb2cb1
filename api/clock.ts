/**
 * The one reading of the time. Services, jobs and providers call `now()`; tests install a `ManualClock` and move it
 * forward, so a test can live through weeks of a domain's calendar in milliseconds. Nothing else calls `Date.now()`
 * or `new Date()` without an argument. SQL takes the time as a parameter from here, never from `now()` in PostgreSQL.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;

export function now(): Date {
  return current.now();
}

export function nowMs(): number {
  return current.now().getTime();
}

/** Installs `clock` for this process; the returned function puts the system clock back. */
export function useClock(clock: Clock): () => void {
  current = clock;
  return () => {
    current = systemClock;
  };
}

/** A clock that stands still until moved. */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | number = Date.UTC(2026, 0, 15, 12)) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  set(date: Date): void {
    this.ms = date.getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

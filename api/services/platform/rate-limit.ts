/**
 * Rate limits in Postgres, so every API process shares the same counters. Each key counts hits in fixed windows,
 * and the limit applies to a sliding estimate: this window's hits plus the previous window's, weighted by how much
 * of it still overlaps the last `windowSeconds`. So there is no burst (and no reset) at a window boundary.
 */
import { secondsInDay } from 'date-fns/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nowMs } from '../../clock.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export type Limit = { key: string; max: number; windowSeconds: number };
/** `count`: the sliding estimate the verdict was judged on (this attempt included for `hit`). */
type Verdict = { allowed: boolean; retryAfterSeconds: number; count: number };

/** The daily housekeeping job deletes windows two of these old; a longer limit would lose its history early. */
export const longestRateLimitWindowSeconds = secondsInDay;

function windows(windowSeconds: number, now = nowMs()) {
  if (windowSeconds > longestRateLimitWindowSeconds)
    throw new Error(`Rate-limit windows are at most ${longestRateLimitWindowSeconds} s (housekeeping deletes older ones)`);
  const windowMs = windowSeconds * 1000;
  const current = Math.floor(now / windowMs) * windowMs;
  return { windowMs, current: new Date(current), previous: new Date(current - windowMs), elapsed: (now - current) / windowMs };
}

/**
 * Whether `current` hits in this window plus the overlapping share of `previous` stay within `max`, and the wait if
 * not. `counted`: the counts include this attempt (`hit`), and a retry will count one more, so the wait lasts until
 * the estimate has room for that one; otherwise (`peek`) until it is under `max`.
 */
function judge(limit: Limit, counts: { current: number; previous: number }, elapsed: number, counted: boolean): Verdict {
  const estimateAt = (e: number) => (e < 1 ? counts.current + counts.previous * (1 - e) : counts.current * (2 - e));
  const allowedNow = counted ? estimateAt(elapsed) <= limit.max : estimateAt(elapsed) < limit.max;
  const count = estimateAt(elapsed);
  if (allowedNow) return { allowed: true, retryAfterSeconds: 0, count };
  const retryFits = (estimate: number) => (counted ? estimate + 1 <= limit.max : estimate < limit.max);
  // Without further hits the estimate only falls; find when a retry first fits (within two windows).
  const steps = 120;
  for (let i = 1; i <= steps; i++) {
    const e = elapsed + ((2 - elapsed) * i) / steps;
    if (retryFits(estimateAt(e))) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((e - elapsed) * limit.windowSeconds)), count };
  }
  return { allowed: false, retryAfterSeconds: Math.ceil((2 - elapsed) * limit.windowSeconds), count };
}

async function previousCount(db: Db, key: string, previous: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, previous)));
  return row?.count ?? 0;
}

/** Counts one hit for `key`; not allowed once the sliding count passes `max`. */
export async function hit(db: Db, limit: Limit): Promise<Verdict> {
  const { current, previous, elapsed } = windows(limit.windowSeconds);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: current, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  return judge(limit, { current: row.count, previous: await previousCount(db, limit.key, previous) }, elapsed, true);
}

/** Throws a 429 with `message` (and the wait) when any of the limits is exceeded. */
export async function enforce(db: Db, limits: Limit[], message: string): Promise<void> {
  for (const limit of limits) {
    const result = await hit(db, limit);
    if (!result.allowed) throw tooMany(message, result.retryAfterSeconds);
  }
}

/** The one 429 every limit here answers with: the caller's message and how long to wait. */
function tooMany(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, `${message} Please try again in ${formatWait(retryAfterSeconds)}.`, { retryAfterSeconds });
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The verdict on `limit` as it stands, without counting a hit: not allowed once `max` hits are in the window. */
async function peek(db: Db, limit: Limit): Promise<Verdict> {
  const { current, previous, elapsed } = windows(limit.windowSeconds);
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), inArray(rateLimits.windowStart, [current, previous])));
  const countAt = (start: Date) => rows.find((r) => r.windowStart.getTime() === start.getTime())?.count ?? 0;
  return judge(limit, { current: countAt(current), previous: countAt(previous) }, elapsed, false);
}

/** Throws the same 429 as `enforce` when a limit is already used up, without counting a hit (for failures-only limits). */
export async function enforceWithoutHit(db: Db, limits: Limit[], message: string): Promise<void> {
  for (const limit of limits) {
    const verdict = await peek(db, limit);
    if (!verdict.allowed) throw tooMany(message, verdict.retryAfterSeconds);
  }
}

/**
 * Takes back one hit `hit` counted in the current window, for an attempt counted before its outcome was known
 * (so parallel attempts cannot all pass under the limit) that turned out not to count.
 */
export async function giveBack(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { current } = windows(limit.windowSeconds);
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, current)));
  }
}

/**
 * Counts one hit against every limit before the attempt; when any is over, takes them all back and throws the 429
 * of `enforce`. Pair with `giveBack` for attempts whose outcome should not count.
 */
export async function reserve(db: Db, limits: Limit[], message: string): Promise<void> {
  const verdicts = [];
  for (const limit of limits) verdicts.push(await hit(db, limit));
  const refused = verdicts.find((v) => !v.allowed);
  if (!refused) return;
  await giveBack(db, limits);
  throw tooMany(message, refused.retryAfterSeconds);
}

/** Counts one failure against each limit (paired with `enforceWithoutHit` before the attempt). */
export async function countFailure(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await hit(db, limit);
}

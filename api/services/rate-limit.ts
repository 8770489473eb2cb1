/** Fixed-window rate limits in Postgres, so every API process shares the same counters. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';

export type Limit = { key: string; max: number; windowSeconds: number };

/** Counts one hit for `key`; false once more than `max` hits fall in the current window. */
export async function hit(db: Db, { key, max, windowSeconds }: Limit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.005) {
    await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
  }
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000);
  return { allowed: row.count <= max, retryAfterSeconds };
}

/** Throws a 429 with `message` (and the wait) when any of the limits is exceeded. */
export async function enforce(db: Db, limits: Limit[], message: string): Promise<void> {
  for (const limit of limits) {
    const result = await hit(db, limit);
    if (!result.allowed) {
      throw new AppError(429, `${message} Please try again in ${formatWait(result.retryAfterSeconds)}.`, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The caller's address as the server saw it (first X-Forwarded-For hop behind a proxy). */
export function clientAddress(headers: { header(name: string): string | undefined }, fallback = 'unknown'): string {
  return headers.header('x-forwarded-for')?.split(',')[0].trim() || headers.header('x-real-ip') || fallback;
}

/** Throws the same 429 as `enforce` when a limit is already used up, without counting a hit (for failures-only limits). */
export async function enforceWithoutHit(db: Db, limits: Limit[], message: string): Promise<void> {
  for (const { key, max, windowSeconds } of limits) {
    const windowMs = windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    const [row] = await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
    if (row && row.count >= max) {
      const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000);
      throw new AppError(429, `${message} Please try again in ${formatWait(retryAfterSeconds)}.`, { retryAfterSeconds });
    }
  }
}

/** Counts one failure against each limit (paired with `enforceWithoutHit` before the attempt). */
export async function countFailure(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await hit(db, limit);
}

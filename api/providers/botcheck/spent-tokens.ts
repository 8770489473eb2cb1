/**
 * Spent bot-check tokens, shared by every API process through Postgres. Spends made in the same tick go to the
 * database as one INSERT (a burst of fifty searches costs one round trip, not fifty). `close()` waits for the
 * writes already asked for, so a shutdown records every token it accepted before the database goes away. The
 * housekeeping job deletes expired ones.
 */
import { addSeconds } from 'date-fns/addSeconds';
import { sql } from 'drizzle-orm';
import { now, nowMs } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { spentBotTokens } from '../../db/schema/index.ts';

/** Signatures are hex HMACs; anything else is refused before it reaches the database. */
export const isSignature = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{16,128}$/.test(value);

export const closedMessage = 'The bot check is shutting down';

type Waiting = { signature: string; resolve: (firstUse: boolean) => void; reject: (error: unknown) => void };

export function createSpentTokens(db: Db, lifetimeSeconds: number) {
  let queue: Waiting[] = [];
  let closed = false;
  /** Flushes scheduled or under way; close() waits for them. */
  const flushes = new Set<Promise<void>>();

  // Never rejects: a failed write is each waiting spend's answer, and nobody awaits a flush but close().
  const flush = async () => {
    const batch = queue;
    queue = [];
    const signatures = [...new Set(batch.map((w) => w.signature))];
    const at = now();
    try {
      const rows = await db.execute<{ signature: string }>(sql`
        insert into ${spentBotTokens} (signature, expire_date)
        select s, ${addSeconds(at, lifetimeSeconds).toISOString()}::timestamptz from unnest(string_to_array(${signatures.join(',')}::text, ',')) as s
        on conflict do nothing returning signature`);
      const inserted = new Set(rows.map((r) => r.signature));
      // The same token twice in one batch: only its first use counts.
      for (const waiting of batch) {
        waiting.resolve(inserted.delete(waiting.signature));
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
  };

  const scheduleFlush = () => {
    const run = new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
    flushes.add(run);
    void run.then(() => flushes.delete(run));
  };

  return {
    /** Records the token as spent; true only for its first use. Refused once closing: it could not be recorded. */
    spend(signature: string): Promise<boolean> {
      if (closed) return Promise.reject(new Error(closedMessage));
      return new Promise((resolve, reject) => {
        if (queue.length === 0) scheduleFlush();
        queue.push({ signature, resolve, reject });
      });
    },
    /** Takes no more spends and waits until every one already taken is written (or has failed). */
    async close(): Promise<void> {
      closed = true;
      while (flushes.size > 0) await Promise.all(flushes);
    },
  };
}

/**
 * Tokens this process has accepted, for the fast answer to a replay: kept for the challenge lifetime, at most
 * `limit` (the oldest go first; the database still catches a replay of one dropped here).
 */
export function createRecentlySpent(lifetimeMs: number, limit = 200_000) {
  const expiries = new Map<string, number>();
  return {
    /** Records the token; false when it was already here. */
    add(signature: string): boolean {
      const now = nowMs();
      if ((expiries.get(signature) ?? 0) > now) return false;
      expiries.delete(signature);
      expiries.set(signature, now + lifetimeMs);
      // Insertion order is expiry order.
      for (const [oldest, expires] of expiries) {
        if (expiries.size <= limit && expires > now) break;
        expiries.delete(oldest);
      }
      return true;
    },
  };
}

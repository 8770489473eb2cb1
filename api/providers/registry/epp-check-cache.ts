/**
 * Check answers a search may reuse for a few seconds, per registry connection, as registrars' searches do: an available
 * name's answer briefly (someone may register it any moment), a taken or reserved one's longer (names rarely come free).
 * Never read for a cart or checkout, which always ask the registry again. Holds at most `maxNames`; the oldest go first.
 */
import type { Availability } from './index.ts';

export type CheckCacheOptions = { availableMs: number; takenMs: number; maxNames: number };

export const defaultCheckCache: CheckCacheOptions = { availableMs: 10_000, takenMs: 60_000, maxNames: 25_000 };

export type CheckCache = ReturnType<typeof createCheckCache>;

export function createCheckCache(options: CheckCacheOptions) {
  // Real time (performance.now): an answer ages as the registry's world moves, not as a test's clock is set.
  const answers = new Map<string, { answer: Availability; until: number }>();
  return {
    /** The answer for `name` if it is recent enough, else undefined. */
    get(name: string, now = performance.now()): Availability | undefined {
      const hit = answers.get(name);
      if (!hit) return undefined;
      if (hit.until > now) return hit.answer;
      answers.delete(name);
      return undefined;
    },

    put(answer: Availability, now = performance.now()) {
      const keepMs = answer.available ? options.availableMs : options.takenMs;
      if (keepMs <= 0) return;
      // Deleted first so the name moves to the end: the map's order is the order answers came, the oldest first out.
      answers.delete(answer.domain);
      answers.set(answer.domain, { answer, until: now + keepMs });
      if (answers.size > options.maxNames) answers.delete(answers.keys().next().value!);
    },

    get size() {
      return answers.size;
    },
  };
}

/**
 * Check answers a search may reuse for a few seconds, per registry connection, as registrars' searches do: an available
 * name's answer briefly (someone may register it any moment), a taken or reserved one's longer (names rarely come free).
 * Never read for a cart or checkout, which always ask the registry again. Holds at most `maxNames`; the oldest go first.
 */
import type { Availability } from './index.ts';

export type CheckCacheOptions = { availableMs: number; takenMs: number; maxNames: number };

export const defaultCheckCache: CheckCacheOptions = { availableMs: 10_000, takenMs: 60_000, maxNames: 20_000 };

export type CheckCache = ReturnType<typeof createCheckCache>;

/** A plain answer kept as one number, `until * 4 + kind` (no object per name); a premium one keeps its answer. */
const plainKinds = ['taken', 'available', 'reserved'] as const;

export function createCheckCache(options: CheckCacheOptions) {
  // Real time (performance.now): an answer ages as the registry's world moves, not as a test's clock is set.
  const answers = new Map<string, number | { answer: Availability; until: number }>();
  return {
    /** The answer for `name` if it is recent enough, else undefined. */
    get(name: string, now = performance.now()): Availability | undefined {
      const hit = answers.get(name);
      if (hit === undefined) return undefined;
      if (typeof hit === 'object') {
        if (hit.until > now) return hit.answer;
      } else if (Math.floor(hit / 4) > now) {
        const kind = plainKinds[hit % 4];
        return kind === 'available' ? { domain: name, available: true } : { domain: name, available: false, reason: kind };
      }
      answers.delete(name);
      return undefined;
    },

    put(answer: Availability, now = performance.now()) {
      const keepMs = answer.available ? options.availableMs : options.takenMs;
      if (keepMs <= 0) return;
      const until = Math.ceil(now + keepMs);
      const kind = answer.premiumPrice != null ? -1 : plainKinds.indexOf(answer.available ? 'available' : ((answer.reason as 'taken') ?? 'taken'));
      // Deleted first so the name moves to the end: the map's order is the order answers came, the oldest first out.
      answers.delete(answer.domain);
      answers.set(answer.domain, kind >= 0 ? until * 4 + kind : { answer, until });
      if (answers.size > options.maxNames) answers.delete(answers.keys().next().value!);
    },

    get size() {
      return answers.size;
    },
  };
}

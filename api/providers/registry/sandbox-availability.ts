/**
 * Sandbox availability: names in registry_domains (registered through this product or seeded) are taken at once;
 * every other name follows the deterministic world rules of sandbox-world.ts. Each extension answers after a
 * simulated, deterministic latency so streaming is visible and a few extensions are slow (README "Sandbox registry").
 */
import { sql } from 'drizzle-orm';
import { tldOf } from '../../contract/domain-name.ts';
import type { Db } from '../../db/client.ts';
import { registryDomains } from '../../db/schema/index.ts';
import type { Availability, RegistryProvider } from './index.ts';
import { isExternallyTaken, isReserved, popularForAvailability, premiumPrice, stableHash } from './sandbox-world.ts';

/** A name checked this recently answers without the simulated latency, as a registrar caches EPP check answers. */
export const answerCacheMs = 30_000;
const answerCacheLimit = 200_000;

/**
 * Simulated answer time of an extension's registry, fixed per extension: popular extensions answer in 0.4-0.8 times
 * `baseMs`, others in 0.5-1.5 times, and about one other extension in twelve is slow, at six times `baseMs`.
 */
export function extensionLatencyMs(tld: string, baseMs: number): number {
  if (baseMs <= 0) return 0;
  const key = `${tld}:${baseMs}`;
  let ms = latencyMemo.get(key);
  if (ms === undefined) {
    ms = computeLatency(tld, baseMs);
    latencyMemo.set(key, ms);
  }
  return ms;
}

const latencyMemo = new Map<string, number>();

function computeLatency(tld: string, baseMs: number): number {
  const hash = stableHash(`latency:${tld}`);
  if (popularForAvailability.has(tld)) return Math.round(baseMs * (0.4 + (hash % 41) / 100));
  if (hash % 12 === 0) return baseMs * 6;
  return Math.round(baseMs * (0.5 + (hash % 101) / 100));
}

/** The world's answer for a name nobody registered through this product. */
export function worldAvailability(domain: string): Availability {
  if (isReserved(domain)) return { domain, available: false, reason: 'reserved' };
  if (isExternallyTaken(domain)) return { domain, available: false, reason: 'taken' };
  const premium = premiumPrice(domain);
  return premium == null ? { domain, available: true } : { domain, available: true, premiumPrice: premium };
}

type Lookup = { domains: string[]; resolve: (taken: Set<string>) => void; reject: (error: unknown) => void };

/** Collects every check made in the same tick into one query, so a search of 500 extensions costs one round trip. */
function createTakenLookup(db: Db) {
  let queue: Lookup[] = [];
  const flush = async () => {
    const batch = queue;
    queue = [];
    const names = [...new Set(batch.flatMap((l) => l.domains))];
    try {
      // One array parameter instead of one parameter per name: a search asks about ~500 names.
      const rows = await db
        .select({ domain: registryDomains.domain })
        .from(registryDomains)
        .where(sql`${registryDomains.domain} = any(${sql.param(names)}::text[])`);
      const taken = new Set(rows.map((r) => r.domain));
      for (const lookup of batch) lookup.resolve(taken);
    } catch (error) {
      for (const lookup of batch) lookup.reject(error);
    }
  };
  return (domains: string[]) =>
    new Promise<Set<string>>((resolve, reject) => {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push({ domains, resolve, reject });
    });
}

/** Waits of the same length started in the same tick share one timer: a search asks ~500 extensions at once. */
function createSharedSleep() {
  const waiting = new Map<number, (() => void)[]>();
  return (ms: number) =>
    new Promise<void>((resolve) => {
      let group = waiting.get(ms);
      if (!group) {
        const list: (() => void)[] = [];
        group = list;
        waiting.set(ms, list);
        queueMicrotask(() => waiting.delete(ms));
        setTimeout(() => {
          for (const wake of list) wake();
        }, ms);
      }
      group.push(resolve);
    });
}

export function createSandboxAvailability(db: Db, options: { latencyMs: number }): Pick<RegistryProvider, 'check'> {
  const lookupTaken = createTakenLookup(db);
  const recentlyAnswered = new Map<string, number>();
  const sleep = createSharedSleep();

  return {
    async check(domains) {
      if (domains.length === 0) return [];
      const now = Date.now();
      // The slowest uncached extension in the request sets the answer time.
      const delay = Math.max(
        0,
        ...domains.map((domain) => ((recentlyAnswered.get(domain) ?? 0) > now ? 0 : extensionLatencyMs(tldOf(domain), options.latencyMs))),
      );
      const [taken] = await Promise.all([lookupTaken(domains), delay > 0 ? sleep(delay) : null]);
      if (recentlyAnswered.size > answerCacheLimit) recentlyAnswered.clear();
      const expires = Date.now() + answerCacheMs;
      for (const domain of domains) recentlyAnswered.set(domain, expires);
      return domains.map((domain) => (taken.has(domain) ? { domain, available: false, reason: 'taken' as const } : worldAvailability(domain)));
    },
  };
}

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
const answerCacheLimit = 50_000;

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

type Pending = { domains: string[]; delay: number; resolve: (answers: Availability[]) => void; reject: (error: unknown) => void };

/**
 * Every check made in the same tick shares one query for names registered here (one array parameter, however many
 * names) and one timer per distinct answer time: a search asks ~500 extensions at once and should not pay ~500 times.
 */
export function createSandboxAvailability(db: Db, options: { latencyMs: number }): Pick<RegistryProvider, 'check'> {
  const recentlyAnswered = new Map<string, number>();
  let queue: Pending[] = [];

  const answer = (pending: Pending, taken: Set<string>) => {
    if (recentlyAnswered.size > answerCacheLimit) recentlyAnswered.clear();
    const expires = Date.now() + answerCacheMs;
    for (const domain of pending.domains) recentlyAnswered.set(domain, expires);
    pending.resolve(pending.domains.map((domain) => (taken.has(domain) ? { domain, available: false, reason: 'taken' as const } : worldAvailability(domain))));
  };

  const flush = async () => {
    const batch = queue;
    queue = [];
    const started = Date.now();
    let taken: Set<string>;
    try {
      const names = [...new Set(batch.flatMap((p) => p.domains))];
      const rows = await db
        .select({ domain: registryDomains.domain })
        .from(registryDomains)
        .where(sql`${registryDomains.domain} = any(${sql.param(names)}::text[])`);
      taken = new Set(rows.map((r) => r.domain));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const byDelay = new Map<number, Pending[]>();
    for (const pending of batch) {
      const group = byDelay.get(pending.delay);
      if (group) group.push(pending);
      else byDelay.set(pending.delay, [pending]);
    }
    const elapsed = Date.now() - started;
    for (const [delay, group] of byDelay) {
      const wake = () => {
        for (const pending of group) answer(pending, taken);
      };
      if (delay - elapsed <= 0) wake();
      else setTimeout(wake, delay - elapsed);
    }
  };

  return {
    check(domains) {
      if (domains.length === 0) return Promise.resolve([]);
      const now = Date.now();
      // The slowest uncached extension in the request sets the answer time.
      let delay = 0;
      for (const domain of domains) {
        if ((recentlyAnswered.get(domain) ?? 0) > now) continue;
        delay = Math.max(delay, extensionLatencyMs(tldOf(domain), options.latencyMs));
      }
      return new Promise<Availability[]>((resolve, reject) => {
        if (queue.length === 0) setTimeout(flush, 0);
        queue.push({ domains, delay, resolve, reject });
      });
    },
  };
}

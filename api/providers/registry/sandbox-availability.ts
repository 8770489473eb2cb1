/**
 * Sandbox availability: names in registry_domains (registered through this product or seeded) are taken at once;
 * every other name follows the deterministic world rules of sandbox-world.ts. Each extension answers after a
 * simulated, deterministic latency so streaming is visible and a few extensions are slow (README "Sandbox registry").
 */
import { sql } from 'drizzle-orm';
import { nowMs } from '../../clock.ts';
import { hasLabel } from '../../contract/domain-name.ts';
import type { Db } from '../../db/client.ts';
import { registryDomains } from '../../db/schema/index.ts';
import { type Availability, type AvailabilityListener, collectAnswers, type RegistryProvider } from './index.ts';
import { createAnswerCache } from './answer-cache.ts';
import { popularForAvailability, stableHash, worldStatus } from './sandbox-world.ts';

/** A name checked this recently answers without the simulated latency, as a registrar caches EPP check answers. */
export const answerCacheMs = 30_000;
/** Labels remembered at most: a search asks about a dozen, so this is well over a thousand searches. */
const answerCacheLabels = 20_000;

/**
 * Simulated answer time of an extension's registry, fixed per extension: popular extensions answer in 0.4-0.8 times
 * `baseMs`, others in 0.5-1.5 times, and about one other extension in twelve is slow, at six times `baseMs`.
 */
export function extensionLatencyMs(tld: string, baseMs: number): number {
  if (baseMs <= 0) return 0;
  const hash = stableHash(`latency:${tld}`);
  if (popularForAvailability.has(tld)) return Math.round(baseMs * (0.4 + (hash % 41) / 100));
  if (hash % 12 === 0) return baseMs * 6;
  return Math.round(baseMs * (0.5 + (hash % 101) / 100));
}

/**
 * Simulated answer time of one registry of the sandbox EPP server, fixed per registry (0.5-1.5 times `baseMs`): one
 * server answers at one pace whichever of its extensions a command names.
 */
export function registryLatencyMs(registry: string, baseMs: number): number {
  if (baseMs <= 0) return 0;
  return Math.round(baseMs * (0.5 + (stableHash(`latency:registry:${registry}`) % 101) / 100));
}

/** The world's answer for a name nobody registered through this product. */
export function worldAvailability(domain: string): Availability {
  const status = worldStatus(domain);
  if (status === 'free') return { domain, available: true };
  if (status === 'reserved' || status === 'taken') return { domain, available: false, reason: status };
  // The sandbox renews a premium name at its premium price (premiumRenewPrice in sandbox-lifecycle.ts says the same).
  return { domain, available: true, premiumPrice: status.premiumPrice, premiumRenewPrice: status.premiumPrice };
}

/** Names that answer after the same time, with their extensions' bits in the answer cache. */
type Group = { names: string[]; bits: number[] };
/** One streamed check waiting for the registered-names lookup: its names grouped by answer time. */
type Pending = { groups: Map<number, Group>; listener: AvailabilityListener };

/**
 * Every check made in the same tick shares one query for names registered here, asked by label (a search is one
 * label and a few variants across ~500 extensions), and one timer per distinct answer time.
 */
export function createSandboxAvailability(db: Db, options: { latencyMs: number }): Pick<RegistryProvider, 'check' | 'checkStreaming'> {
  const recentlyAnswered = createAnswerCache({ ttlMs: answerCacheMs, maxLabels: answerCacheLabels });
  /** Per extension: its simulated answer time and its bit in the answer cache. */
  const extensions = new Map<string, { latency: number; bit: number }>();
  let queue: Pending[] = [];

  const extensionOf = (extension: string) => {
    let facts = extensions.get(extension);
    if (!facts) {
      facts = { latency: extensionLatencyMs(extension, options.latencyMs), bit: recentlyAnswered.bitOf(extension) };
      if (extensions.size < 10_000) extensions.set(extension, facts);
    }
    return facts;
  };

  const answer = ({ names, bits }: Group, taken: Set<string>, listener: AvailabilityListener) => {
    if (listener.signal?.aborted) return;
    const now = nowMs();
    const answers: Availability[] = [];
    for (let i = 0; i < names.length; i++) {
      const domain = names[i];
      recentlyAnswered.add(domain, domain.indexOf('.'), bits[i], now);
      answers.push(taken.has(domain) ? { domain, available: false, reason: 'taken' } : worldAvailability(domain));
    }
    listener.onAnswers(answers);
  };

  /** Names registered here among the labels asked about; labels are [a-z0-9-], so a comma joins them safely. */
  const registeredAmong = async (labels: Set<string>): Promise<Set<string>> => {
    const query = () =>
      db
        .select({ domain: registryDomains.domain })
        .from(registryDomains)
        .where(sql`split_part(${registryDomains.domain}, '.', 1) = any(string_to_array(${[...labels].join(',')}::text, ','))`);
    // One retry: a database connection that hiccups once should not cost the visitor results.
    const rows = await query().catch(query);
    return new Set(rows.map((r) => r.domain));
  };

  const labelsOf = (batch: Pending[]): Set<string> => {
    const labels = new Set<string>();
    let label = '';
    for (const { groups } of batch) {
      for (const { names } of groups.values()) {
        for (const domain of names) {
          const dotAt = domain.indexOf('.');
          if (hasLabel(domain, dotAt, label)) continue;
          label = domain.slice(0, dotAt);
          labels.add(label);
        }
      }
    }
    return labels;
  };

  const flush = async () => {
    const batch = queue;
    queue = [];
    const started = performance.now();
    let taken: Set<string>;
    try {
      taken = await registeredAmong(labelsOf(batch));
    } catch (error) {
      for (const { groups, listener } of batch)
        listener.onFailure(
          [...groups.values()].flatMap((g) => g.names),
          error,
        );
      return;
    }
    // One timer per distinct answer time, shared by every check in this batch.
    const wakeups = new Map<number, (() => void)[]>();
    for (const { groups, listener } of batch) {
      for (const [delay, group] of groups) {
        const wake = () => answer(group, taken, listener);
        const list = wakeups.get(delay);
        if (list) list.push(wake);
        else wakeups.set(delay, [wake]);
      }
    }
    const elapsed = performance.now() - started;
    for (const [delay, wakes] of [...wakeups].sort((a, b) => a[0] - b[0])) {
      const wakeAll = () => {
        for (const wake of wakes) wake();
      };
      if (delay - elapsed <= 0) wakeAll();
      else setTimeout(wakeAll, delay - elapsed);
    }
  };

  const checkStreaming: RegistryProvider['checkStreaming'] = (domains, listener) => {
    if (domains.length === 0) return;
    const now = nowMs();
    const groups = new Map<number, Group>();
    for (const domain of domains) {
      const dotAt = domain.indexOf('.');
      const { latency, bit } = extensionOf(domain.slice(dotAt + 1));
      // A name answered moments ago answers at once.
      const delay = recentlyAnswered.has(domain, dotAt, bit, now) ? 0 : latency;
      const group = groups.get(delay);
      if (group) {
        group.names.push(domain);
        group.bits.push(bit);
      } else groups.set(delay, { names: [domain], bits: [bit] });
    }
    if (queue.length === 0) setTimeout(flush, 0);
    queue.push({ groups, listener });
  };

  return {
    checkStreaming,
    check: (domains) => collectAnswers(checkStreaming, domains),
  };
}

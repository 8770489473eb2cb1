/**
 * The search engine: plans a search, answers at once with the candidate lists, then checks availability in
 * parallel batches (the exact name, the featured candidates, then one batch per extension) and streams results
 * as each batch answers, exact match first. A cancelled search emits nothing more.
 */
import { randomUUID } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import type { Tld } from '../contract/catalogue.ts';
import { categoryNames } from '../contract/categories.ts';
import { type DomainSearchResult, featuredCount, type PremiumPage, type SearchResultsEvent, type SearchSession } from '../contract/domain-search.ts';
import { normaliseDomainInput } from '../contract/domain-name.ts';
import { formatMoney } from '../contract/money.ts';
import { badRequest } from '../http/app-error.ts';
import type { Availability, RegistryProvider } from '../providers/registry/index.ts';
import type { Catalogue } from './catalogue.ts';
import { type Candidate, planSearch } from './domain-search-candidates.ts';

export type SearchEmit = (data: SearchResultsEvent['data']) => void;

export type DomainSearch = {
  session: SearchSession;
  /** Starts the availability checks; call after the acknowledgement is sent. */
  start(): void;
  cancel(): void;
  readonly done: boolean;
  premiumPage(skip: number, limit: number): PremiumPage;
};

const humanPrices = new Map<number, string>();
/** formatMoney, remembered: a search prices ~500 names from a few dozen distinct prices. */
function humanPrice(cents: number): string {
  let text = humanPrices.get(cents);
  if (text === undefined) {
    text = formatMoney(cents);
    if (humanPrices.size > 10_000) humanPrices.clear();
    humanPrices.set(cents, text);
  }
  return text;
}

const categoryMemo = new WeakMap<Tld, string[]>();
/** An extension's catalogue categories as results list them (shared between results: copied before any change). */
function categoriesOf(tld: Tld): string[] {
  let list = categoryMemo.get(tld);
  if (!list) {
    list = tld.categories.filter((c) => c !== 'premium');
    categoryMemo.set(tld, list);
  }
  return list;
}

/** Results that arrive within this window go out in one message. */
const flushWindowMs = 15;

export function createDomainSearch(
  input: string,
  deps: { registry: Pick<RegistryProvider, 'check'>; catalogue: Catalogue },
  emit: SearchEmit,
): DomainSearch {
  const name = normaliseDomainInput(input);
  if (!name.ok) throw badRequest(name.message);
  const plan = planSearch(name, deps.catalogue);
  const isIdn = name.unicode !== name.ascii;
  const uuid = randomUUID();

  const session: SearchSession = {
    uuid,
    search: name.ascii,
    displaySearch: name.unicode,
    exact: plan.exact.domain,
    ...(plan.notice ? { notice: plan.notice } : {}),
    categoryNames: { ...categoryNames },
    domainsByCategory: plan.domainsByCategory,
    categoryCount: Object.fromEntries(Object.entries(plan.domainsByCategory).map(([key, list]) => [key, list.length])),
    candidateCount: plan.candidates.length,
  };

  const byDomain = new Map(plan.candidates.map((c) => [c.domain, c]));
  const results = new Map<string, DomainSearchResult>();
  /** Names whose result has not gone out yet (failed checks are dropped from it). */
  let unsent = plan.candidates.length;
  let cancelled = false;
  let exactSent = false;
  let finished = false;
  let outbox: DomainSearchResult[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const toResult = (candidate: Candidate, answer: Availability | undefined): DomainSearchResult => {
    const isPremium = answer?.premiumPrice != null;
    const newPrice = isPremium ? answer!.premiumPrice! : candidate.tld.newPricing[0];
    const available = answer?.available ?? false;
    const base = categoriesOf(candidate.tld);
    const categories = isPremium && available ? [...base, 'premium'] : base;
    return {
      domain: candidate.domain,
      available,
      tld: candidate.tld.tld,
      newPrice,
      humanPrice: humanPrice(newPrice),
      isPremium,
      categories,
      ...(isIdn ? { unicode: domainToUnicode(candidate.domain) } : {}),
    };
  };

  const send = (batch: DomainSearchResult[]) => {
    unsent -= batch.length;
    finished = unsent === 0;
    emit({ uuid, results: batch, pending: unsent, done: finished });
  };

  const flushNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (cancelled || finished) return;
    const batch = outbox;
    outbox = [];
    if (batch.length > 0 || unsent === 0) send(batch);
  };

  /** Sends what has arrived: at once when nothing else is outstanding, else after a short window that gathers a batch. */
  const settle = () => {
    if (cancelled || !exactSent) return;
    if (outbox.length === unsent) flushNow();
    else if (outbox.length > 0) timer ??= setTimeout(flushNow, flushWindowMs);
  };

  const deliver = (batch: DomainSearchResult[]) => {
    for (const result of batch) results.set(result.domain, result);
    outbox.push(...batch);
    if (!exactSent) {
      const exact = outbox.find((r) => r.domain === plan.exact.domain);
      if (!exact) return;
      // The exact match goes out alone and first; whatever answered before it follows.
      exactSent = true;
      outbox = outbox.filter((r) => r !== exact);
      send([exact]);
    }
    settle();
  };

  const drop = (names: string[]) => {
    unsent -= names.length;
    if (names.includes(plan.exact.domain)) exactSent = true;
    settle();
  };

  const toAnswers = (list: Availability[]) => new Map(list.map((a) => [a.domain, a]));

  const run = (names: string[], decorate?: (batch: DomainSearchResult[]) => void) => {
    const accept = (answers: Map<string, Availability>) => {
      if (cancelled) return;
      const batch = names.map((domain) => toResult(byDomain.get(domain)!, answers.get(domain)));
      decorate?.(batch);
      deliver(batch);
    };
    const giveUp = (error: unknown) => {
      if (cancelled) return;
      console.error(`Availability check failed for ${names.join(', ')}:`, error);
      drop(names);
    };
    deps.registry
      .check(names)
      .then(toAnswers)
      .then(accept, (error) => {
        if (cancelled) return;
        // One retry: a registry connection that hiccups once should not cost the visitor results.
        console.warn(`Availability check failed for ${names.length} names, retrying once:`, (error as Error).message);
        return deps.registry.check(names).then(toAnswers).then(accept, giveUp);
      })
      .catch(giveUp);
  };

  const markFeatured = (batch: DomainSearchResult[]) => {
    const answers = new Map(batch.map((r) => [r.domain, r]));
    let picked = 0;
    for (const domain of plan.featured) {
      const result = answers.get(domain);
      if (!result?.available || result.isPremium) continue;
      result.categories = [...result.categories, 'featured'];
      if (++picked === featuredCount) break;
    }
  };

  return {
    session,
    get done() {
      return finished;
    },
    start() {
      const featured = new Set(plan.featured);
      run([plan.exact.domain]);
      run(plan.featured, markFeatured);
      const byTld = new Map<string, string[]>();
      for (const candidate of plan.candidates) {
        if (candidate.kind === 'exact' || featured.has(candidate.domain)) continue;
        const list = byTld.get(candidate.tld.tld) ?? [];
        list.push(candidate.domain);
        byTld.set(candidate.tld.tld, list);
      }
      for (const names of byTld.values()) run(names);
    },
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      outbox = [];
    },
    premiumPage(skip, limit) {
      const rank = new Map(plan.premium.map((domain, index) => [domain, index]));
      const order = new Map(plan.candidates.map((c, index) => [c.domain, index]));
      const premium = [...results.values()]
        .filter((r) => r.available && r.isPremium)
        .sort((a, b) => (rank.get(a.domain) ?? 1e6 + order.get(a.domain)!) - (rank.get(b.domain) ?? 1e6 + order.get(b.domain)!));
      return { uuid, total: premium.length, limit, skip, done: finished, data: premium.slice(skip, skip + limit) };
    },
  };
}

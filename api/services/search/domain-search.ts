/**
 * The search engine: plans a search, answers at once with the candidate lists, then checks availability in
 * parallel batches (the exact name, the featured candidates, then one batch per extension) and streams results
 * as each batch answers, exact match first. A cancelled search emits nothing more.
 *
 * A search streams ~500 results, most of them standard-priced, and those differ only in their name and availability:
 * each is written as JSON text from a per-extension template instead of being built as an object and stringified.
 */
import { randomUUID } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import type { Tld } from '../../contract/search/catalogue.ts';
import { categoryNames } from '../../contract/search/categories.ts';
import { type DomainSearchResult, featuredCount, type PremiumPage, type SearchSession } from '../../contract/search/domain-search.ts';
import { normaliseDomainInput } from '../../contract/domain-name.ts';
import { formatMoney } from '../../contract/money.ts';
import { badRequest } from '../../errors.ts';
import type { Availability, RegistryProvider } from '../../providers/registry/index.ts';
import type { Catalogue } from './catalogue.ts';
import { type Candidate, planSearch } from './domain-search-candidates.ts';

/** Receives each `domainSearchResults` event message (SearchResultsEvent in contract/search/domain-search.ts) as JSON text. */
export type SearchEmit = (messageJson: string) => void;

export type DomainSearch = {
  session: SearchSession;
  /** Starts the first screen's availability checks; call after the acknowledgement is sent. */
  start(): void;
  /**
   * Checks names of this search not asked for yet (the visitor reached them): `first` for rows on screen, `tail` for a
   * whole category opened. Answers how many it started checking.
   */
  more(domains: readonly string[], priority: 'first' | 'tail'): number;
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

type ExtensionTemplate = {
  /** The extension's catalogue categories as results list them. */
  categories: string[];
  /** A standard-priced result's JSON after `"available":…,`, the same for every name in the extension. */
  standardTail: string;
};
const templates = new WeakMap<Tld, ExtensionTemplate>();

function templateOf(tld: Tld): ExtensionTemplate {
  let template = templates.get(tld);
  if (!template) {
    const categories = tld.categories.filter((c) => c !== 'premium');
    const newPrice = tld.newPricing[0];
    const tail: Omit<DomainSearchResult, 'domain' | 'available'> = {
      tld: tld.tld,
      newPrice,
      humanPrice: humanPrice(newPrice),
      renewPrice: tld.renewPricing[0],
      isPremium: false,
      categories,
    };
    template = { categories, standardTail: JSON.stringify(tail).slice(1) };
    templates.set(tld, template);
  }
  return template;
}

/** One name's result as an object (the socket's premium, featured and IDN results, and GET /api/domainSearch/check). */
export function searchResultOf(tld: Tld, domain: string, answer: Availability | undefined, isIdn: boolean): DomainSearchResult {
  const isPremium = answer?.premiumPrice != null;
  const newPrice = isPremium ? answer!.premiumPrice! : tld.newPricing[0];
  const available = answer?.available ?? false;
  const { categories } = templateOf(tld);
  return {
    domain,
    available,
    tld: tld.tld,
    newPrice,
    humanPrice: humanPrice(newPrice),
    renewPrice: isPremium ? (answer?.premiumRenewPrice ?? tld.renewPricing[0]) : tld.renewPricing[0],
    isPremium,
    categories: isPremium && available ? [...categories, 'premium'] : categories,
    ...(isIdn ? { unicode: domainToUnicode(domain) } : {}),
    ...(answer?.reason === 'not-offered' ? { notHere: true as const } : {}),
  };
}

function countsOf(lists: Record<string, string[]>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key in lists) counts[key] = lists[key].length;
  return counts;
}

/** Results that arrive within this window go out in one message. */
const flushWindowMs = 15;

export function createDomainSearch(
  input: string,
  deps: { registry: Pick<RegistryProvider, 'checkStreaming'>; catalogue: Catalogue },
  emit: SearchEmit,
): DomainSearch {
  const name = normaliseDomainInput(input);
  if (!name.ok) throw badRequest(name.message);
  const plan = planSearch(name, deps.catalogue);
  const isIdn = name.unicode !== name.ascii;
  const uuid = randomUUID();
  const eventHead = `{"event":"domainSearchResults","data":{"uuid":"${uuid}","results":[`;

  const session: SearchSession = {
    uuid,
    search: name.ascii,
    displaySearch: name.unicode,
    exact: plan.exact.domain,
    ...(plan.notice ? { notice: plan.notice } : {}),
    categoryNames: { ...categoryNames },
    domainsByCategory: plan.domainsByCategory,
    categoryCount: countsOf(plan.domainsByCategory),
    candidateCount: plan.candidates.length,
    firstScreen: plan.firstScreen,
  };

  /** Candidates by name, built when the first answers arrive (after the acknowledgement has gone out). */
  let byDomain: Map<string, Candidate> | null = null;
  const candidateOf = (domain: string) => {
    if (!byDomain) {
      byDomain = new Map();
      for (const candidate of plan.candidates) byDomain.set(candidate.domain, candidate);
    }
    return byDomain.get(domain);
  };
  /** Featured candidates whose answers are held for the picks: all but name variants, which join only if needed. */
  const variants = new Set(plan.featuredVariants);
  const featured = new Set(plan.featured.filter((domain) => !variants.has(domain)));
  /** Whether the variants were needed (fewer than three picks among the others), and which were asked meanwhile. */
  let featuredStage: 'first' | 'variants' | 'decided' = 'first';
  let variantsAskedEarly: string[] = [];
  /** Available premium names, for the premium block's pages. */
  const premiumResults: DomainSearchResult[] = [];
  /** Names asked for so far (the first screen, then what the visitor reached). */
  const requested = new Set(plan.firstScreen);
  /** Names asked for whose result has not gone out yet (failed featured checks are dropped from it). */
  let unsent = plan.firstScreen.length;
  let exactSent = false;
  let finished = false;
  /** Results answered but not sent yet, as pieces of JSON text joined when sent, and how many results they make. */
  let outbox: string[] = [];
  let outboxCount = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Aborted when the search is cancelled: nothing more is sent, and the registry may stop answering. */
  const abort = new AbortController();
  const cancelled = () => abort.signal.aborted;

  /** The result as an object: premium names, featured picks and IDN names, a few per search. */
  const resultObject = (candidate: Candidate, answer: Availability | undefined): DomainSearchResult =>
    searchResultOf(candidate.tld, candidate.domain, answer, isIdn);

  /**
   * Adds one result's JSON to `pieces`. A standard-priced name is four pieces, none of them a new string: the name,
   * its availability and its extension's template. Others (premium, featured, IDN) are stringified objects.
   */
  const writeResult = (pieces: string[], candidate: Candidate, answer: Availability | undefined, featuredPick: boolean) => {
    if (!featuredPick && !isIdn && answer?.premiumPrice == null && answer?.reason !== 'not-offered') {
      pieces.push('{"domain":"', candidate.domain, answer?.available ? '","available":true,' : '","available":false,', templateOf(candidate.tld).standardTail);
      return;
    }
    const result = resultObject(candidate, answer);
    if (featuredPick) result.categories = [...result.categories, 'featured'];
    if (result.isPremium && result.available) premiumResults.push(result);
    pieces.push(JSON.stringify(result));
  };

  const queueResult = (candidate: Candidate, answer: Availability | undefined, featuredPick: boolean) => {
    if (outboxCount++ > 0) outbox.push(',');
    writeResult(outbox, candidate, answer, featuredPick);
  };

  /** Sends `count` results written in `pieces` as one message, made by one join. */
  const send = (pieces: string[], count: number) => {
    unsent -= count;
    finished = unsent === 0;
    emit([eventHead, ...pieces, `],"pending":${unsent},"done":${finished}}}`].join(''));
  };

  const flushNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (cancelled() || finished) return;
    const pieces = outbox;
    const count = outboxCount;
    outbox = [];
    outboxCount = 0;
    if (count > 0 || unsent === 0) send(pieces, count);
  };

  /** Sends what has arrived: at once when nothing else is outstanding, else after a short window that gathers a batch. */
  const settle = () => {
    if (cancelled() || !exactSent) return;
    if (outboxCount === unsent) flushNow();
    else if (outboxCount > 0) timer ??= setTimeout(flushNow, flushWindowMs);
  };

  /** Featured candidates' answers, held until all have answered: the three picks depend on every one of them. */
  const featuredAnswers = new Map<string, Availability | undefined>();
  let featuredOutstanding = featured.size;

  /** The first three available, standard-priced names in best-value order among the featured answers. */
  const featuredPicks = () => {
    const picks = new Set<string>();
    for (const domain of plan.featured) {
      const answer = featuredAnswers.get(domain);
      if (!answer?.available || answer.premiumPrice != null || picks.size === featuredCount) continue;
      picks.add(domain);
    }
    return picks;
  };

  /**
   * Every held featured candidate has answered. Three picks among the label's popular extensions and the hack: they
   * go out, and name variants are ordinary names (checked when reached). Fewer: the variants are checked too, first.
   */
  const featuredAnswered = () => {
    const picks = featuredPicks();
    if (featuredStage === 'first' && picks.size < featuredCount && variants.size > 0) {
      featuredStage = 'variants';
      const fresh = plan.featuredVariants.filter((domain) => !requested.has(domain));
      for (const domain of plan.featuredVariants) featured.add(domain);
      featuredOutstanding = plan.featuredVariants.length;
      for (const domain of fresh) requested.add(domain);
      unsent += fresh.length;
      deps.registry.checkStreaming(plan.featuredVariants, { onAnswers, onFailure, signal: abort.signal, priority: 'first' });
      variantsAskedEarly = [];
      return;
    }
    featuredStage = 'decided';
    for (const [domain, answer] of featuredAnswers) queueResult(candidateOf(domain)!, answer, picks.has(domain));
    // Variants the visitor reached while the picks were open are checked now as the ordinary names they turned out to be.
    if (variantsAskedEarly.length > 0) deps.registry.checkStreaming(variantsAskedEarly, { onAnswers, onFailure, signal: abort.signal, priority: 'first' });
    variantsAskedEarly = [];
  };

  const onAnswers = (answers: Availability[]) => {
    if (cancelled()) return;
    let exact: string[] | undefined;
    let featuredDone = false;
    for (const answer of answers) {
      const candidate = candidateOf(answer.domain);
      if (!candidate) continue;
      if (candidate.kind === 'exact') {
        exact = [];
        writeResult(exact, candidate, answer, false);
      } else if (featured.has(answer.domain)) {
        featuredAnswers.set(answer.domain, answer);
        featuredDone = --featuredOutstanding === 0;
      } else queueResult(candidate, answer, false);
    }
    if (featuredDone) featuredAnswered();
    // The exact match goes out alone and first; whatever answered before it follows.
    if (exact !== undefined) {
      exactSent = true;
      send(exact, 1);
    }
    settle();
  };

  /** Names the registry could not answer: they go out as unknown (try again), and the search can still finish. */
  const onFailure = (names: string[], error: unknown) => {
    if (cancelled()) return;
    console.error(`Availability check failed for ${names.length} names (${names.slice(0, 3).join(', ')}…):`, (error as Error)?.message ?? error);
    let featuredDone = false;
    let exact: string[] | undefined;
    for (const domain of names) {
      const candidate = candidateOf(domain);
      if (!candidate) continue;
      const unknown = { ...resultObject(candidate, undefined), unknown: true as const };
      if (candidate.kind === 'exact') exact = [JSON.stringify(unknown)];
      else if (featured.has(domain)) {
        // A featured candidate that could not be checked is left out of the picks.
        unsent--;
        featuredDone = --featuredOutstanding === 0;
      } else {
        if (outboxCount++ > 0) outbox.push(',');
        outbox.push(JSON.stringify(unknown));
      }
    }
    if (featuredDone) featuredAnswered();
    if (exact !== undefined) {
      exactSent = true;
      send(exact, 1);
    }
    settle();
  };

  return {
    session,
    get done() {
      return finished;
    },
    start() {
      deps.registry.checkStreaming(plan.firstScreen, { onAnswers, onFailure, signal: abort.signal, priority: 'first' });
      if (featuredOutstanding === 0) featuredAnswered();
    },
    more(domains, priority) {
      if (cancelled()) return 0;
      const wanted = domains.filter((domain) => !requested.has(domain) && candidateOf(domain));
      if (wanted.length === 0) return 0;
      for (const domain of wanted) requested.add(domain);
      unsent += wanted.length;
      finished = false;
      // Name variants wait while the featured picks are open: they may yet be featured candidates.
      const now = featuredStage === 'first' ? wanted.filter((domain) => !variants.has(domain)) : wanted;
      if (now.length < wanted.length) variantsAskedEarly.push(...wanted.filter((domain) => variants.has(domain)));
      if (now.length > 0) deps.registry.checkStreaming(now, { onAnswers, onFailure, signal: abort.signal, priority });
      return wanted.length;
    },
    cancel() {
      abort.abort();
      if (timer) clearTimeout(timer);
      outbox = [];
      outboxCount = 0;
    },
    premiumPage(skip, limit) {
      const rank = new Map(plan.premium.map((domain, index) => [domain, index]));
      const order = new Map(plan.candidates.map((c, index) => [c.domain, index]));
      const place = (r: DomainSearchResult) => rank.get(r.domain) ?? 1e6 + order.get(r.domain)!;
      const premium = [...premiumResults].sort((a, b) => place(a) - place(b));
      return { uuid, total: premium.length, limit, skip, done: finished, data: premium.slice(skip, skip + limit) };
    },
  };
}

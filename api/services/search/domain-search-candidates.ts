/** Which names one search checks: the exact name, the label across the catalogue, name variants and a domain hack. */
import type { Tld } from '../../contract/search/catalogue.ts';
import { catalogueCategoryKeys } from '../../contract/search/categories.ts';
import type { NormalisedName } from '../../contract/domain-name.ts';
import { defaultCategories, firstScreenRows } from '../../contract/search/domain-search.ts';
import type { Catalogue } from './catalogue.ts';

export type CandidateKind = 'exact' | 'catalogue' | 'variant' | 'hack';
export type Candidate = { domain: string; label: string; tld: Tld; kind: CandidateKind };

export type SearchPlan = {
  exact: Candidate;
  notice?: string;
  /** Every name to check, exact first. */
  candidates: Candidate[];
  featured: string[];
  premium: string[];
  domainsByCategory: Record<string, string[]>;
  /**
   * What the visitor sees first, checked at once: the exact name, featured candidates but name variants, premium
   * candidates, the default categories' first rows.
   */
  firstScreen: string[];
  /** Featured candidates that are name variants: checked only when the others leave fewer than three picks. */
  featuredVariants: string[];
};

const prefixes = ['get', 'my', 'the', 'try'];
const suffixes = ['hq', 'app', 'online', 'hub', 'now'];
/** Variants are offered in this many popular extensions (by priority). */
const variantExtensionCount = 4;
const maxLabelLength = 63;

/** Sensible alternatives to a label: prefixes, suffixes, hyphens removed, plural or singular. */
export function nameVariants(label: string): string[] {
  const out: string[] = [];
  if (label.includes('-')) out.push(label.replace(/-/g, ''));
  if (!label.startsWith('xn--')) {
    if (label.endsWith('s') && label.length > 4) out.push(label.slice(0, -1));
    else if (!label.endsWith('s')) out.push(`${label}s`);
  }
  for (const prefix of prefixes) if (!label.startsWith(prefix)) out.push(`${prefix}${label}`);
  for (const suffix of suffixes) if (!label.endsWith(suffix)) out.push(`${label}${suffix}`);
  return [...new Set(out)].filter((v) => v !== label && v.length <= maxLabelLength && !v.startsWith('-') && !v.endsWith('-'));
}

/** coffeeshop -> coffee.shop when the label ends in an extension we sell and 3+ characters remain. */
export function domainHack(label: string, byTld: Map<string, Tld>): { label: string; tld: Tld } | null {
  if (label.startsWith('xn--')) return null;
  for (let cut = 3; cut <= label.length - 2; cut++) {
    const tld = byTld.get(label.slice(cut));
    const head = label.slice(0, cut);
    if (tld && !head.endsWith('-')) return { label: head, tld };
  }
  return null;
}

/** Two-year cost: a cheap first year with a dear renewal is not good value. */
const twoYearCost = (tld: Tld) => tld.newPricing[0] + (tld.renewPricing[0] ?? tld.newPricing[0]);

/** One extension as planning sees it, worked out once per catalogue. */
type Extension = {
  tld: Tld;
  /** The result-list categories it belongs to (catalogue categories we list, without 'premium'). */
  listedIn: string[];
  popular: boolean;
  /** Its names can be registry-premium: popular or premium extensions. */
  premiumCandidate: boolean;
};
type Ordered = { byPriority: Extension[]; popular: Tld[]; byTld: Map<Tld, Extension> };
const orderedCache = new WeakMap<Catalogue, Ordered>();

/** The catalogue by priority, and its popular extensions: sorted once per catalogue, not per search. */
function ordered(catalogue: Catalogue): Ordered {
  let cached = orderedCache.get(catalogue);
  if (!cached) {
    const listed = new Set<string>(catalogueCategoryKeys.filter((key) => key !== 'premium'));
    const byPriority = [...catalogue.list]
      .sort((a, b) => a.priority - b.priority || (a.tld < b.tld ? -1 : a.tld > b.tld ? 1 : 0))
      .map((tld): Extension => {
        const popular = tld.categories.includes('popular');
        return { tld, listedIn: tld.categories.filter((key) => listed.has(key)), popular, premiumCandidate: popular || tld.categories.includes('premium') };
      });
    cached = {
      byPriority,
      popular: byPriority.filter((e) => e.popular).map((e) => e.tld),
      byTld: new Map(byPriority.map((e) => [e.tld, e])),
    };
    orderedCache.set(catalogue, cached);
  }
  return cached;
}

export function planSearch(name: Extract<NormalisedName, { ok: true }>, catalogue: Catalogue): SearchPlan {
  const { label } = name;
  const { byPriority, popular, byTld } = ordered(catalogue);
  const com = catalogue.byTld.get('com') ?? popular[0] ?? catalogue.list[0];
  const typed = name.tld ? catalogue.byTld.get(name.tld) : undefined;
  const notice = name.tld && !typed ? `We don't offer .${name.tld} names, so here is ${label}.${com.tld} and every extension we sell.` : undefined;
  const exactTld = typed ?? com;
  const exact: Candidate = { domain: `${label}.${exactTld.tld}`, label, tld: exactTld, kind: 'exact' };

  const candidates: Candidate[] = [];
  const all: string[] = [];
  const domainsByCategory: Record<string, string[]> = { all };
  for (const key of catalogueCategoryKeys) domainsByCategory[key] = [];
  /** Candidates that can be featured (popular extensions, the hack, variants), with their place in `candidates`. */
  const featurable: { c: Candidate; index: number }[] = [];
  const premium: string[] = [];

  /** Catalogue names are unique by construction; only the hack and variants (other labels) can repeat. */
  const extra = new Set<string>();
  const add = (candidate: Candidate, extension = byTld.get(candidate.tld)!) => {
    if (candidate.kind === 'hack' || candidate.kind === 'variant') {
      if (extra.has(candidate.domain)) return;
      extra.add(candidate.domain);
    }
    const index = candidates.push(candidate) - 1;
    all.push(candidate.domain);
    for (const key of extension.listedIn) domainsByCategory[key].push(candidate.domain);
    if (candidate.kind !== 'exact' && (candidate.kind === 'hack' || extension.popular)) featurable.push({ c: candidate, index });
    if (candidate.kind === 'exact' || (candidate.kind === 'catalogue' && extension.premiumCandidate)) premium.push(candidate.domain);
  };

  add(exact);
  for (const extension of byPriority) {
    if (extension.tld !== exactTld) add({ domain: `${label}.${extension.tld.tld}`, label, tld: extension.tld, kind: 'catalogue' }, extension);
  }
  const hack = domainHack(label, catalogue.byTld);
  if (hack) add({ domain: `${hack.label}.${hack.tld.tld}`, label: hack.label, tld: hack.tld, kind: 'hack' });
  for (const variant of nameVariants(label)) {
    for (const tld of popular.slice(0, variantExtensionCount)) add({ domain: `${variant}.${tld.tld}`, label: variant, tld, kind: 'variant' });
  }

  // Best value first: the label in popular extensions by two-year cost, then the domain hack, then variants.
  const group = { exact: 3, catalogue: 0, hack: 1, variant: 2 } as const;
  const sorted = featurable.sort((a, b) => group[a.c.kind] - group[b.c.kind] || twoYearCost(a.c.tld) - twoYearCost(b.c.tld) || a.index - b.index);
  const featured = sorted.map(({ c }) => c.domain);
  const featuredVariants = sorted.filter(({ c }) => c.kind === 'variant').map(({ c }) => c.domain);
  domainsByCategory.featured = featured;
  domainsByCategory.premium = premium;
  const variants = new Set(featuredVariants);
  const firstScreen = new Set<string>([exact.domain, ...featured.filter((domain) => !variants.has(domain)), ...premium]);
  for (const key of defaultCategories) {
    let rows = 0;
    for (const domain of domainsByCategory[key] ?? []) {
      if (domain === exact.domain || variants.has(domain)) continue;
      if (rows++ === firstScreenRows) break;
      firstScreen.add(domain);
    }
  }
  return { exact, notice, candidates, featured, premium, domainsByCategory, firstScreen: [...firstScreen], featuredVariants };
}

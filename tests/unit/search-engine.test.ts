import { describe, expect, it } from 'vitest';
import type { DomainSearchResult } from '../../api/contract/search/domain-search.ts';
import { normaliseDomainInput } from '../../api/contract/domain-name.ts';
import type { RegistryProvider } from '../../api/providers/registry/index.ts';
import { extensionLatencyMs, worldAvailability } from '../../api/providers/registry/sandbox-availability.ts';
import { externalRegistration, premiumPrice } from '../../api/providers/registry/sandbox-world.ts';
import { catalogue } from '../../api/services/search/catalogue.ts';
import { createDomainSearch } from '../../api/services/search/domain-search.ts';
import { domainHack, nameVariants, planSearch } from '../../api/services/search/domain-search-candidates.ts';

const plan = (input: string) => {
  const name = normaliseDomainInput(input);
  if (!name.ok) throw new Error(name.message);
  return planSearch(name, catalogue());
};

describe('search input normalisation', () => {
  it('removes spaces and lower-cases', () => {
    expect(normaliseDomainInput('  Coffee Shop ')).toMatchObject({ ok: true, ascii: 'coffeeshop', label: 'coffeeshop', tld: null });
    expect(normaliseDomainInput('Blue Bottle.IO')).toMatchObject({ ok: true, ascii: 'bluebottle.io', tld: 'io' });
  });

  it('turns IDN labels into punycode and keeps the Unicode form for display', () => {
    expect(normaliseDomainInput('Café.com')).toMatchObject({ ok: true, ascii: 'xn--caf-dma.com', unicode: 'café.com', label: 'xn--caf-dma' });
  });

  it('strips a pasted address down to the name', () => {
    expect(normaliseDomainInput('https://www.Example.com/path?q=1')).toMatchObject({ ok: true, ascii: 'example.com' });
  });

  it('rejects invalid characters with a message', () => {
    const result = normaliseDomainInput('coffee_shop!');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(/letters, numbers and hyphens/);
    expect(normaliseDomainInput('-coffee').ok).toBe(false);
  });

  it('refuses a label shorter than 3 characters, before or after an extension', () => {
    for (const input of ['ab', 'ab.com', ' a b ', '']) expect(normaliseDomainInput(input).ok).toBe(false);
    expect(normaliseDomainInput('ab.com')).toEqual({ ok: false, message: 'The name must have at least 3 characters' });
    expect(normaliseDomainInput('abc').ok).toBe(true);
  });
});

describe('search candidates', () => {
  it('checks the exact name in the typed extension, else .com, first', () => {
    expect(plan('coffee shop').exact.domain).toBe('coffeeshop.com');
    expect(plan('coffeeshop.io').exact.domain).toBe('coffeeshop.io');
    expect(plan('coffeeshop.io').candidates[0].domain).toBe('coffeeshop.io');
  });

  it('falls back to .com with a notice when the typed extension is not sold', () => {
    const p = plan('coffeeshop.zz');
    expect(p.exact.domain).toBe('coffeeshop.com');
    expect(p.notice).toContain('.zz');
  });

  it('puts the label in every catalogue extension, grouped by every category key', () => {
    const p = plan('bluebottle');
    const { list } = catalogue();
    expect(p.domainsByCategory.all).toEqual(expect.arrayContaining(list.map((t) => `bluebottle.${t.tld}`)));
    expect(p.domainsByCategory.travel).toContain('bluebottle.travel');
    expect(p.domainsByCategory.cctlds).toContain('bluebottle.de');
    expect(p.domainsByCategory.cctlds).not.toContain('bluebottle.com');
    for (const key of ['popular', 'technology', 'shopping', 'featured', 'premium']) expect(p.domainsByCategory[key].length).toBeGreaterThan(0);
    expect(new Set(p.candidates.map((c) => c.domain)).size).toBe(p.candidates.length);
  });

  it('suggests sensible variants and a domain hack', () => {
    expect(nameVariants('coffee')).toEqual(expect.arrayContaining(['getcoffee', 'mycoffee', 'coffeehq', 'coffeeapp', 'coffeeonline', 'coffees']));
    expect(nameVariants('blue-bottle')).toContain('bluebottle');
    expect(nameVariants('shoes')).toContain('shoe');
    expect(domainHack('coffeeshop', catalogue().byTld)).toMatchObject({ label: 'coffee', tld: { tld: 'shop' } });
    expect(plan('coffee shop').domainsByCategory.all).toEqual(expect.arrayContaining(['coffee.shop', 'getcoffeeshop.com', 'coffeeshophq.net']));
  });

  it('orders featured candidates best value first: the label in popular extensions by two-year cost', () => {
    const p = plan('bluebottle');
    const { byTld } = catalogue();
    const plain = p.featured.filter((d) => d.startsWith('bluebottle.')).map((d) => byTld.get(d.slice('bluebottle.'.length))!);
    const costs = plain.map((t) => t.newPricing[0] + t.renewPricing[0]);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(p.featured).not.toContain(p.exact.domain);
  });
});

describe('sandbox registry world', () => {
  it('answers the same for the same name, every time', () => {
    const names = ['coffee.com', 'coffee.io', 'coffeeshop.net', 'bluebottle.de', 'sun.xyz', 'zqxvbrtplm.com'];
    const first = names.map(worldAvailability);
    expect(names.map(worldAvailability)).toEqual(first);
    expect(names.map((n) => premiumPrice(n))).toEqual(names.map((n) => premiumPrice(n)));
    expect(names.map((n) => extensionLatencyMs(n.split('.')[1], 40))).toEqual(names.map((n) => extensionLatencyMs(n.split('.')[1], 40)));
  });

  it('keeps example and other reserved labels unavailable in every extension', () => {
    for (const domain of ['example.com', 'example.io', 'test.shop', 'whois.net']) {
      expect(worldAvailability(domain)).toEqual({ domain, available: false, reason: 'reserved' });
    }
  });

  it('treats short labels as taken and long unusual labels as free and standard-priced', () => {
    expect(worldAvailability('abcd.com').available).toBe(false);
    for (const tld of ['com', 'net', 'io', 'shop', 'de']) {
      expect(worldAvailability(`zqxvbrtplm.${tld}`)).toEqual({ domain: `zqxvbrtplm.${tld}`, available: true });
    }
  });

  it('takes most common words in popular extensions and prices free single words as premium', () => {
    const words = ['coffee', 'pizza', 'garden', 'music', 'travel', 'dream', 'house', 'water', 'money', 'cloud'];
    const takenInCom = words.filter((w) => externalRegistration(`${w}.com`)).length;
    expect(takenInCom).toBeGreaterThanOrEqual(7);
    const free = words.flatMap((w) => ['xyz', 'shop', 'blog', 'club'].map((t) => `${w}.${t}`)).filter((d) => worldAvailability(d).available);
    expect(free.length).toBeGreaterThan(0);
    for (const domain of free) expect(worldAvailability(domain).premiumPrice).toBeGreaterThan(10_000);
  });

  it('makes some extensions slow but never a popular one', () => {
    const { list } = catalogue();
    const latencies = list.map((t) => ({ t, ms: extensionLatencyMs(t.tld, 40) }));
    expect(latencies.filter((l) => l.ms === 240).length).toBeGreaterThan(10);
    for (const { t, ms } of latencies) if (['com', 'net', 'org', 'io'].includes(t.tld)) expect(ms).toBeLessThanOrEqual(32);
  });
});

describe('search engine when the registry fails', () => {
  type Event = { results: DomainSearchResult[]; pending: number; done: boolean };

  /** Runs a search against a registry that answers every name from the world rules except those in failing extensions. */
  async function searchWith(failing: Set<string>, input = 'zqxvbrtplm') {
    const events: Event[] = [];
    const registry: Pick<RegistryProvider, 'checkStreaming'> = {
      checkStreaming(domains, listener) {
        const failed = domains.filter((d) => failing.has(d.slice(d.indexOf('.') + 1)));
        const answered = domains.filter((d) => !failed.includes(d));
        setTimeout(() => {
          listener.onAnswers(answered.map(worldAvailability));
          if (failed.length > 0) listener.onFailure(failed, new Error('registry unavailable'));
        }, 1);
      },
    };
    const search = createDomainSearch(input, { registry, catalogue: catalogue() }, (text) => events.push(JSON.parse(text).data));
    search.start();
    const deadline = Date.now() + 5000;
    while (!events.at(-1)?.done && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    // Then the whole list, as a visitor who opens every category would ask for it.
    const before = events.length;
    if (search.more(search.session.domainsByCategory.all, 'tail') > 0) {
      while (!(events.length > before && events.at(-1)?.done) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { session: search.session, events, results: events.flatMap((e) => e.results) };
  }

  it('answers names it could not check as unknown (try again) and still finishes', async () => {
    const failing = new Set(['net', 'shop', 'club', 'site', 'online', 'store']);
    const { session, events, results } = await searchWith(failing);
    expect(events.at(-1)).toMatchObject({ pending: 0, done: true });
    const domains = results.map((r) => r.domain);
    expect(domains[0]).toBe(session.exact);
    const failed = results.filter((r) => failing.has(r.tld));
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) expect(r).toMatchObject({ available: false, unknown: true });
    expect(results.filter((r) => r.unknown)).toEqual(failed);
    // Featured candidates that failed are left out of the picks; every other name is answered.
    expect(domains.length).toBeLessThanOrEqual(session.candidateCount);
    expect(domains.length).toBeGreaterThan(400);
  });

  it('still picks three featured names when some featured candidates fail', async () => {
    const { results } = await searchWith(new Set(['net', 'org']));
    const featured = results.filter((r) => r.categories.includes('featured'));
    expect(featured).toHaveLength(3);
    for (const r of featured) expect(r.available && !r.isPremium && r.tld !== 'net' && r.tld !== 'org').toBe(true);
  });

  it('answers the exact match as unknown when its extension fails', async () => {
    const { session, events, results } = await searchWith(new Set(['com']));
    expect(events.at(-1)?.done).toBe(true);
    expect(results[0]).toMatchObject({ domain: session.exact, available: false, unknown: true });
    expect(results.length).toBeGreaterThan(400);
  });
});

describe('featured picks from name variants', () => {
  /** A registry where the label is taken everywhere, so only name variants can be featured; it records what it was asked. */
  function takenLabelRegistry(label: string) {
    const asked: string[][] = [];
    const registry: Pick<RegistryProvider, 'checkStreaming'> = {
      checkStreaming(domains, listener) {
        asked.push([...domains]);
        setTimeout(() => listener.onAnswers(domains.map((domain) => ({ domain, available: !domain.startsWith(`${label}.`) }))), 1);
      },
    };
    return { asked, registry };
  }

  async function untilDone(events: { done: boolean }[], since = 0) {
    const deadline = Date.now() + 5000;
    while (!(events.length > since && events.at(-1)?.done) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('checks the variants only when the label leaves fewer than three picks, and picks among them', async () => {
    const { asked, registry } = takenLabelRegistry('qzvtakenlabel');
    const events: { results: DomainSearchResult[]; done: boolean }[] = [];
    const search = createDomainSearch('qzvtakenlabel', { registry, catalogue: catalogue() }, (text) => events.push(JSON.parse(text).data));
    search.start();
    await untilDone(events);
    const variants = planSearch(normaliseDomainInput('qzvtakenlabel') as never, catalogue()).featuredVariants;
    expect(asked[0]).not.toContain(variants[0]);
    expect(asked[1]).toEqual(variants);
    const featured = events.flatMap((e) => e.results).filter((r) => r.categories.includes('featured'));
    expect(featured.map((r) => r.domain)).toEqual(variants.slice(0, 3));
  });

  it('leaves the variants to be checked when reached once the label gives three picks, even if asked for meanwhile', async () => {
    const asked: string[][] = [];
    const registry: Pick<RegistryProvider, 'checkStreaming'> = {
      checkStreaming(domains, listener) {
        asked.push([...domains]);
        setTimeout(() => listener.onAnswers(domains.map((domain) => ({ domain, available: true }))), 1);
      },
    };
    const events: { results: DomainSearchResult[]; done: boolean }[] = [];
    const search = createDomainSearch('qzvfreelabel', { registry, catalogue: catalogue() }, (text) => events.push(JSON.parse(text).data));
    search.start();
    const variants = planSearch(normaliseDomainInput('qzvfreelabel') as never, catalogue()).featuredVariants;
    // The visitor opens a list holding variants before the picks are known: they wait, then are checked as ordinary names.
    expect(search.more(variants.slice(0, 2), 'first')).toBe(2);
    expect(asked).toHaveLength(1);
    await untilDone(events);
    expect(asked.at(-1)).toEqual(variants.slice(0, 2));
    const results = events.flatMap((e) => e.results);
    expect(results.filter((r) => r.categories.includes('featured')).every((r) => r.domain.startsWith('qzvfreelabel.'))).toBe(true);
    for (const variant of variants.slice(0, 2)) expect(results.find((r) => r.domain === variant)?.categories).not.toContain('featured');
    expect(results.filter((r) => variants.includes(r.domain))).toHaveLength(2);
  });
});

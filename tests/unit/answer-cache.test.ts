import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../api/providers/registry/answer-cache.ts';

function cacheWith(options = { ttlMs: 30_000, maxLabels: 100 }) {
  const cache = createAnswerCache(options);
  const parts = (domain: string) => {
    const dotAt = domain.indexOf('.');
    return [dotAt, cache.bitOf(domain.slice(dotAt + 1))] as const;
  };
  return {
    add: (domain: string, now: number) => cache.add(domain, ...parts(domain), now),
    has: (domain: string, now: number) => cache.has(domain, ...parts(domain), now),
  };
}

describe('availability answer cache', () => {
  it('remembers each name answered, not the other extensions of its label', () => {
    const cache = cacheWith();
    cache.add('coffee.com', 0);
    cache.add('coffee.net', 0);
    cache.add('tea.org', 0);
    expect(cache.has('coffee.com', 1)).toBe(true);
    expect(cache.has('coffee.net', 1)).toBe(true);
    expect(cache.has('tea.org', 1)).toBe(true);
    expect(cache.has('coffee.org', 1)).toBe(false);
    expect(cache.has('tea.com', 1)).toBe(false);
    expect(cache.has('coffees.com', 1)).toBe(false);
    expect(cache.has('co.uk', 1)).toBe(false);
  });

  it('forgets a label once its time is up, then starts it afresh', () => {
    const cache = cacheWith({ ttlMs: 1000, maxLabels: 100 });
    cache.add('coffee.com', 0);
    expect(cache.has('coffee.com', 999)).toBe(true);
    expect(cache.has('coffee.com', 1000)).toBe(false);
    cache.add('coffee.net', 1500);
    expect(cache.has('coffee.net', 2000)).toBe(true);
    expect(cache.has('coffee.com', 2000)).toBe(false);
  });

  it('keeps at most the given number of labels, dropping the oldest', () => {
    const cache = cacheWith({ ttlMs: 30_000, maxLabels: 2 });
    cache.add('one.com', 0);
    cache.add('two.com', 1);
    cache.add('three.com', 2);
    expect(cache.has('one.com', 3)).toBe(false);
    expect(cache.has('two.com', 3)).toBe(true);
    expect(cache.has('three.com', 3)).toBe(true);
  });

  it('handles many extensions for one label', () => {
    const cache = cacheWith();
    const extensions = Array.from({ length: 600 }, (_, i) => `x${i}`);
    for (const extension of extensions) cache.add(`brand.${extension}`, 0);
    expect(extensions.every((extension) => cache.has(`brand.${extension}`, 1))).toBe(true);
    expect(cache.has('brand.y1', 1)).toBe(false);
  });
});

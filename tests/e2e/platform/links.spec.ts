import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { notFoundPath, publicPaths } from '../helpers/public-pages.ts';

/**
 * Pages the public site links but other parts of the product build (search, transfer, cart, login). Until their
 * Astro page exists in this checkout their links cannot resolve; once it does, they are checked like any other.
 */
const builtElsewhere: Record<string, string> = {
  '/search': 'site/pages/search.astro',
  '/transfer': 'site/pages/transfer.astro',
  '/cart': 'site/pages/cart.astro',
  '/login': 'site/pages/login.astro',
};

test('every internal link and #anchor on every public page resolves', async ({ page, request }) => {
  test.setTimeout(180_000);
  const links = new Map<string, Set<string>>();
  const broken: string[] = [];
  for (const path of [...publicPaths, notFoundPath]) {
    await page.goto(path);
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin) continue;
      if (url.pathname === new URL(page.url()).pathname && url.search === new URL(page.url()).search) {
        // A same-page anchor (the skip link, a table of contents): the element must be on this page.
        if (url.hash && (await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count()) !== 1)
          broken.push(`${path}: no element for ${url.hash}`);
        continue;
      }
      const key = `${url.pathname}${url.search}${url.hash}`;
      if (!links.has(key)) links.set(key, new Set());
      links.get(key)!.add(path);
    }
  }
  expect(links.size).toBeGreaterThan(25);
  const pageIds = new Map<string, string>();
  for (const [link, from] of links) {
    const url = new URL(link, 'http://site');
    const pathname = url.pathname.replace(/(.)\/$/, '$1');
    const source = builtElsewhere[pathname];
    if (source && !existsSync(source)) continue;
    if (!pageIds.has(pathname + url.search)) {
      const response = await request.get(pathname + url.search);
      if (response.status() !== 200) {
        broken.push(`${link} answers ${response.status()} (linked from ${[...from].join(', ')})`);
        continue;
      }
      pageIds.set(pathname + url.search, await response.text());
    }
    if (url.hash) {
      const id = decodeURIComponent(url.hash.slice(1));
      if (!pageIds.get(pathname + url.search)!.includes(`id="${id}"`)) broken.push(`${link}: no element with id "${id}" (linked from ${[...from].join(', ')})`);
    }
  }
  expect(broken).toEqual([]);
});

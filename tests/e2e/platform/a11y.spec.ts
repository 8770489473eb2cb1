import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { namesWithoutVisibleLabel } from '../helpers/accessible-names.ts';
import { hydrated } from '../helpers/islands.ts';
import { useDemoSession } from '../helpers/login-helpers.ts';
import { notFoundPath, publicPaths, storefrontPaths } from '../helpers/public-pages.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

// Some thirty independent page checks: spread over the workers, not one file's worth of minutes at the end of the run.
test.describe.configure({ mode: 'parallel' });

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

for (const path of [...publicPaths, notFoundPath]) {
  test(`${path} passes axe (WCAG 2.2 AA) and has landmarks, one h1, a title, a description and a canonical`, async ({ page }) => {
    // Every extension's three prices: axe's contrast pass over ~1,500 cells took 26 s in a CI run and over a minute
    // on a machine running a second suite.
    if (path === '/pricing') test.slow();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page)).toEqual([]);
    expect(await namesWithoutVisibleLabel(page)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    expect((await page.locator('meta[name="description"]').getAttribute('content'))?.length ?? 0).toBeGreaterThan(50);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{50}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\//);
  });
}

test('every public page has its own title and description, and the sitemap lists exactly these pages', async ({ page, request }) => {
  const seen = new Map<string, string>();
  for (const path of publicPaths) {
    await page.goto(path);
    for (const text of [await page.title(), await page.locator('meta[name="description"]').getAttribute('content')]) {
      expect(seen.get(text!), `"${text}" on ${path}`).toBeUndefined();
      seen.set(text!, path);
    }
  }
  const xml = await (await request.get('/sitemap.xml')).text();
  const child = new URL(xml.match(/<loc>([^<]+)<\/loc>/)![1]).pathname;
  const listed = [...(await (await request.get(child)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname.replace(/(.)\/$/, '$1'));
  expect(listed.filter((p) => !storefrontPaths.includes(p)).sort()).toEqual([...publicPaths].sort());
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test('the WHOIS result and the open mobile menu pass axe too', async ({ page }) => {
  await page.goto('/whois');
  await hydrated(page, 'WhoisLookup');
  await page.getByRole('textbox', { name: 'Domain name' }).fill('brightbeancoffee.net');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: /Whois output for/ })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.site-header[data-ready]')).toBeAttached();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});

test('no public or storefront page scrolls sideways on a 390 px phone, nor the account app at 390 and 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const wide: string[] = [];
  const measure = async (path: string) => {
    const { scroll, screen } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    if (scroll > screen) wide.push(`${path} at ${screen} px: ${scroll} px`);
  };
  for (const path of [...publicPaths, ...storefrontPaths]) {
    await page.goto(path);
    await measure(path);
  }
  // The account app's four sections, and Account Information's own row of links, fit the smallest phones too.
  await useDemoSession(page);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [path, shown] of [
      ['/account/domains', page.getByTestId('domain').first()],
      ['/account/summary', page.getByRole('heading', { name: 'Contact Information' })],
    ] as const) {
      await page.goto(path);
      await expect(shown).toBeVisible();
      await measure(path);
      const tabs = await page.getByRole('navigation', { name: 'Account sections' }).evaluate((nav) => nav.scrollWidth - nav.clientWidth);
      if (tabs > 0) wide.push(`${path} at ${width} px: the section tabs hide ${tabs} px`);
    }
  }
  expect(wide).toEqual([]);
});

test('every control is named by the words it shows, through search, cart, login, transfer and My Domains (WCAG 2.5.3)', async ({ page }) => {
  test.setTimeout(120_000);
  const sweep = async (state: string) => expect.soft(await namesWithoutVisibleLabel(page), state).toEqual([]);

  await page.goto('/');
  await expect(page.locator('.site-header[data-ready]')).toBeAttached();
  await sweep('home');

  // A name nobody owns, so the exact match and every block offer Add to Cart.
  await page.goto(`/search?q=qwzxv${Date.now().toString(36)}`);
  await expect(page.locator('[aria-live="polite"]', { hasText: 'Search complete' })).toBeAttached({ timeout: 30_000 });
  await sweep('search results');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(page.getByRole('link', { name: 'Buy Now', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await sweep('search results with an item added');

  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toBeVisible();
  await sweep('cart with an item');

  await page.goto('/transfer');
  await hydrated(page, 'TransferFlow');
  await sweep('transfer');
  const stamp = Date.now().toString(36);
  await page.getByLabel('Domains to transfer').fill(`transfer-${stamp}.com locked-${stamp}.com`);
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Some of your domains can transfer' })).toBeVisible();
  await sweep('transfer results');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Authorization codes' })).toBeVisible();
  await sweep('transfer codes');

  await page.goto('/website-builder');
  await hydrated(page, 'TemplateCarousel');
  await sweep('template carousel');

  await page.goto('/login');
  await hydrated(page, 'LoginApp');
  await sweep('login');

  await useDemoSession(page);
  await page.goto('/account/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  await expect(page.getByTestId('domain').first()).toBeVisible();
  await sweep('My Domains');
  await domainEntry(page, 'brightbeancoffee.com').getByRole('button', { name: 'Manage' }).click();
  await expect(page.getByRole('tablist')).toBeVisible();
  await sweep('My Domains with a card open');
});

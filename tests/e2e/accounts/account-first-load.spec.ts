/**
 * My Domains' first load (issue #25, Lighthouse with 500 domains): the page draws its header from the HTML before the
 * app runs, and asks for the signed-in visitor's domain list and account while the app downloads; the app then
 * reuses those answers rather than asking twice.
 */
import { expect, test } from '@playwright/test';
import { domainEntry } from '../helpers/domain-list-helpers.ts';
import { logInAsDemo } from '../helpers/login-helpers.ts';

test('My Domains asks for each of its first reads once, started from the page itself', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await expect(domainEntry(page, 'brightbeancoffee.com')).toBeVisible();

  const html = await (await page.request.get('/account/domains')).text();
  expect(html).toContain('aria-label="Account sections"');
  expect(html).toMatch(/<link rel="preload" href="\/api\/domains\?[^"]+" as="fetch"/);

  const reads: string[] = [];
  const assets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) reads.push(`${url.pathname}${url.search}`);
    if (url.pathname.startsWith('/account/assets/')) assets.push(url.pathname);
  });
  await page.reload();
  await expect(domainEntry(page, 'brightbeancoffee.com')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Account shortcuts' })).toContainText('Monthly plans');
  const count = (prefix: string) => reads.filter((read) => read.startsWith(prefix)).length;
  expect({ domains: count('/api/domains?'), account: count('/api/accounts/0'), user: count('/api/users/0') }).toEqual({ domains: 1, account: 1, user: 1 });
  // Each script and stylesheet is downloaded once: a preload the page cannot use (another cross-origin mode) would
  // fetch its file a second time.
  expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
  expect(assets.filter((asset, index) => assets.indexOf(asset) !== index)).toEqual([]);
});

test('without a session the page names no private reads, and sends the visitor to log in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await context.request.get('/account/domains');
  expect(await response.text()).not.toContain('/api/domains?');
  // The signed-in copy names the reads: caches keep the two apart.
  expect(response.headers().vary).toBe('Cookie');
  const page = await context.newPage();
  await page.goto('/account/domains');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await context.close();
});

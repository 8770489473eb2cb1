/**
 * On a slow line a page's fields take typing seconds before its island's script runs. What was typed then must still
 * be there once the island is live, and act as typed: hydration wiped it, and a transfer check then said "No domains
 * entered" for a name that was in the box (a fresh-clone CI run failed on exactly that).
 */
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from '../helpers/islands.ts';

/** Holds the islands' scripts back, as a slow line does, until `release` is called. */
async function slowScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a name typed into /transfer before the script runs is checked', async ({ page }) => {
  const release = await slowScripts(page);
  await page.goto('/transfer', { waitUntil: 'commit' });
  await page.getByLabel('Domains to transfer').fill('transfer-typed-early.com');
  release();
  await hydrated(page, 'TransferFlow');
  await expect(page.getByLabel('Domains to transfer')).toHaveValue('transfer-typed-early.com');
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your domain can transfer' })).toBeVisible();
});

test('the search box, the WHOIS lookup, the pricing filter and the login form keep early typing', async ({ page }) => {
  const fields = [
    { path: '/search', island: 'SearchApp', label: 'Search for a domain name', text: 'mybakery' },
    { path: '/whois', island: 'WhoisLookup', label: 'Domain name', text: 'example.com' },
    { path: '/login', island: 'LoginApp', label: 'Email', text: 'early@example.org' },
    { path: '/pricing', island: 'DomainPricing', label: 'Search extensions', text: 'shop' },
  ];
  for (const { path, island, label, text } of fields) {
    await page.unrouteAll();
    const release = await slowScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByLabel(label, { exact: true }).fill(text);
    release();
    await hydrated(page, island);
    await expect(page.getByLabel(label, { exact: true }), path).toHaveValue(text);
  }
  // Kept as the island's state, not as a leftover in the page: the pricing table is filtered by it.
  await expect(page.getByRole('row', { name: /^\.shop\b/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^\.com\b/ })).toHaveCount(0);
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parseCatalogue, popularTlds } from '../../../api/contract/search/catalogue.ts';
import { formatMoney } from '../../../api/contract/money.ts';

const catalogue = parseCatalogue(readFileSync('content/tlds.csv', 'utf8'));

test('home shows the four most popular extensions with their new-registration price', async ({ page }) => {
  const expected = popularTlds(catalogue, 4);
  expect(expected).toHaveLength(4);
  await page.goto('/');
  await expect(page).toHaveTitle(/Launch Your Brand/);
  const items = page.getByTestId('popular-extensions').getByRole('listitem');
  await expect(items).toHaveText(expected.map((t) => `.${t.tld}from ${formatMoney(t.newPricing[0])}/yr*`));
  await expect(page.getByText('*new registration')).toBeVisible();
});

test('the home search box takes the visitor to /search with the query', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search for a domain name' }).fill('bright bean coffee');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=bright\+bean\+coffee$/);
});

test('home links to the products, pricing, tips, parking, selling and the help site', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  for (const href of ['/website-builder', '/email', '/pricing', '/search', '/domains', '/domain-name-101', '/domain-parking', '/sell-my-domain']) {
    await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
});

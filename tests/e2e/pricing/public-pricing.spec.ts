import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { hydrated } from '../helpers/islands.ts';
import { parseCatalogue } from '../../../api/contract/search/catalogue.ts';
import { categoryNames } from '../../../api/contract/search/categories.ts';
import { formatMoney } from '../../../api/contract/money.ts';

const listed = parseCatalogue(readFileSync('content/tlds.csv', 'utf8')).filter((t) => t.newPricing[0] > 0);

test.describe('domain pricing', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/pricing#domainPricing');
    await hydrated(page, 'DomainPricing');
  });

  test('lists every priced extension with its new, transfer and renew price', async ({ page }) => {
    const table = page.getByRole('table', { name: 'Domain prices per year in US dollars' });
    await expect(table.locator('tbody tr')).toHaveCount(listed.length);
    const com = listed.find((t) => t.tld === 'com')!;
    await expect(table.getByRole('row', { name: /^\.com\b/ })).toHaveText(
      new RegExp(
        `\\.com.*${formatMoney(com.newPricing[0]).replace('$', '\\$')}.*${formatMoney(com.transferPricing[0]).replace('$', '\\$')}.*${formatMoney(com.renewPricing[0]).replace('$', '\\$')}`,
      ),
    );
  });

  test('the extension search keeps only extensions starting with the input', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search extensions' }).fill('co');
    const expected = listed.filter((t) => t.tld.startsWith('co'));
    const rows = page.locator('.price-table tbody tr');
    await expect(rows).toHaveCount(expected.length);
    await expect(rows.first()).toContainText(`.${expected.sort((a, b) => a.tld.localeCompare(b.tld))[0].tld}`);
    await expect(page.getByText(`Showing ${expected.length} of ${listed.length} extensions`)).toBeVisible();
  });

  test('treats the input as a pattern, and an invalid pattern leaves every extension shown', async ({ page }) => {
    const search = page.getByRole('searchbox', { name: 'Search extensions' });
    await search.fill('(net|org)$');
    await expect(page.locator('.price-table tbody tr')).toHaveCount(listed.filter((t) => /^(net|org)$/.test(t.tld)).length);
    await search.fill('co[');
    await expect(page.locator('.price-table tbody tr')).toHaveCount(listed.length);
  });

  test('the category dropdown lists only used categories and filters the table', async ({ page }) => {
    const select = page.getByRole('combobox', { name: 'Category' });
    const used = new Set(listed.flatMap((t) => t.categories));
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toBe('All');
    expect(options.slice(1).sort()).toEqual([...used].map((key) => categoryNames[key as keyof typeof categoryNames]).sort());
    await select.selectOption({ label: categoryNames.cctlds });
    const countryCodes = listed.filter((t) => t.categories.includes('cctlds'));
    await expect(page.locator('.price-table tbody tr')).toHaveCount(countryCodes.length);
    await page.getByRole('searchbox', { name: 'Search extensions' }).fill('c');
    await expect(page.locator('.price-table tbody tr')).toHaveCount(countryCodes.filter((t) => t.tld.startsWith('c')).length);
  });
});

test('pricing shows the four plans and the compare table', async ({ page }) => {
  await page.goto('/pricing');
  for (const [plan, price] of [
    ['Basic', 'Free'],
    ['Email', '$5'],
    ['Website Builder', '$5'],
    ['Website & Email', '$8.99'],
  ]) {
    await expect(page.getByRole('article', { name: plan, exact: true })).toContainText(price);
  }
  await expect(page.getByRole('table', { name: 'Features included in each plan' })).toBeVisible();
  for (const href of [
    '/search',
    '/transfer',
    '/whois-privacy',
    '/domain-parking',
    '/domain-forwarding',
    '/sell-my-domain',
    '/email',
    '/website-builder',
    '/domain-protection',
  ]) {
    await expect(page.getByRole('main').locator(`a[href="${href}"]`).first()).toBeAttached();
  }
});

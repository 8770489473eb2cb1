/** A name on the market for a For Sale page test: a new customer registers it through checkout and lists it. */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addDomain, fillVisitorDetails, newPhone, saveCard, unique } from './checkout-helpers.ts';

/** A visitor's checkout from the cart page: details, SMS code, card, CHECKOUT; lands on the order confirmation. */
export async function checkOutAsVisitor(page: Page, email: string) {
  await fillVisitorDetails(page, email, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await page.waitForURL(/\/account\/domains\?order=\d+$/);
}

/**
 * A new customer who registers a name and lists it on its For Sale page; returns their page and the name. Their browser
 * speaks American English (their cart's country the US, as the visitor's details say) whatever the spec's own locale.
 */
export async function newSeller(browser: Browser, listPrice: number, floorPrice: number) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' });
  const page = await context.newPage();
  const domain = `qwzxv-market-${unique()}.com`;
  const email = `seller-${unique()}@example.org`;
  await page.goto('/');
  await addDomain(page, domain);
  await page.goto('/cart');
  await checkOutAsVisitor(page, email);
  const domains = (await (await page.request.get('/api/domains?limit=50')).json()) as { data: { domainId: number; domain: string }[] };
  const row = domains.data.find((d) => d.domain === domain);
  expect(row).toBeTruthy();
  const listed = await page.request.patch(`/api/domains/${row?.domainId}`, { data: { forSale: true, floorPrice, listPrice } });
  expect(listed.status()).toBe(200);
  return { page, domain, email, context };
}

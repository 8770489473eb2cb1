/**
 * Prices before the cart, for a visitor whose browser speaks Dutch (nl-NL): the home page, search results, a transfer's
 * price and the price table show each price with 21% VAT in it and say so; the cart then starts on the Netherlands as
 * the billing country and shows the same amount for the name, to the cent. Choosing the United States shows net
 * prices, saying no tax is added at checkout, on every page. At a phone's width and a desktop's.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { unique } from '../helpers/checkout-helpers.ts';
import { hydrated } from '../helpers/islands.ts';

test.use({ locale: 'nl-NL' });

const dutch = { display: 'included', rate: 0.21 } as const;
const withVat = (cents: number) => formatMoney(shownPrice(cents, dutch));
const addToCart = { name: 'Add to Cart', exact: true } as const;

/** .com's prices as the server sells them now (net, per year). */
async function comPrices(page: Page): Promise<{ new: number; transfer: number; renew: number }> {
  const com = (await (await page.request.get('/api/tlds/com')).json()) as { newPricing: number[]; transferPricing: number[]; renewPricing: number[] };
  return { new: com.newPricing[0], transfer: com.transferPricing[0], renew: com.renewPricing[0] };
}

const asPattern = (text: string) => text.replace(/[$.]/g, '\\$&');
const priceRow = (page: Page) => page.getByRole('table', { name: /^Domain prices per year in US dollars/ }).getByRole('row', { name: /^\.com\b/ });

async function checkPage(page: Page, width: number, name: string) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: name !== 'search-results' });
}

for (const width of [390, 1280]) {
  test(`at ${width} px a Dutch visitor sees prices with VAT in search, the price table and the cart alike, and net ones for the United States`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const com = await comPrices(page);

    // Home: the popular extensions with VAT in their price, and the note that says so.
    await page.goto('/');
    await expect(page.getByTestId('popular-extensions').getByRole('listitem').filter({ hasText: '.com' })).toHaveText(`.comfrom ${withVat(com.new)}/yr*`);
    await expect(page.getByText('Prices include 21% VAT (Netherlands).')).toBeVisible();

    // Search: the line says which country and tax; the exact match is priced with VAT. The first answer waits for the
    // proof of work, slow on a busy machine.
    const domain = `qwzxv-${unique()}.com`;
    await page.goto(`/search?q=${domain}`);
    const exact = page.locator('.sr-exact.is-available');
    await expect(exact).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('prices-for-text')).toHaveText('Prices for Netherlands, incl. 21% VAT');
    const searchPrice = withVat(com.new);
    await expect(exact.locator('.sr-first strong')).toHaveText(searchPrice);
    await expect(exact.locator('.sr-renew')).toHaveText(com.renew === com.new ? 'same price to renew' : `renews at ${withVat(com.renew)}/yr`);
    await expect(page.locator('[aria-live="polite"]', { hasText: `${domain} is available for ${searchPrice}` })).toBeAttached();
    await expect(page.locator('[aria-live="polite"]', { hasText: 'Search complete' })).toBeAttached({ timeout: 30_000 });
    await checkPage(page, width, 'search-results');

    // The cart starts on the Netherlands as the billing country and shows the name at the price search showed.
    await exact.getByRole('button', addToCart).click();
    await expect(exact.getByRole('link', { name: 'Buy Now' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByLabel('Country')).toHaveValue('NL');
    await expect(page.locator('.summary-totals .tax-included')).toContainText('Prices include 21% VAT (Netherlands)');
    await expect(page.locator('.summary-lines li').filter({ hasText: domain }).locator('.summary-line').first()).toContainText(searchPrice);
    await expect(page.getByTestId('cart-total')).toHaveText(searchPrice);

    // A transfer's price, checked before the cart, carries the VAT too.
    await page.goto('/transfer');
    await page.getByLabel('Domains to transfer').fill(`transfer-${unique()}.com`);
    await page.getByRole('button', { name: 'Check Transfer' }).click();
    await expect(page.getByRole('heading', { name: 'Your domain can transfer' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.transfer-detail')).toContainText(`Transfer ${withVat(com.transfer)} · adds 1 year`);

    // The price table: every column with VAT in it, and the line above it says so.
    await page.goto('/pricing#domainPricing');
    await hydrated(page, 'DomainPricing');
    const line = page.locator('#domainPricing').getByTestId('prices-for-text');
    await expect(line).toHaveText('Prices for Netherlands, incl. 21% VAT');
    await expect(priceRow(page)).toHaveText(
      new RegExp(`\\.com.*${asPattern(withVat(com.new))}.*${asPattern(withVat(com.transfer))}.*${asPattern(withVat(com.renew))}`),
    );
    await checkPage(page, width, 'pricing-nl');

    // Prices for the United States: net, and the line says no tax is added at checkout.
    await page.getByRole('button', { name: 'Change the country prices are shown for' }).click();
    const picker = page.getByLabel('Show prices for');
    await expect(picker).toBeFocused();
    await expect(picker.locator('option')).not.toHaveCount(1);
    await picker.selectOption('US');
    await page.getByRole('button', { name: 'Show prices', exact: true }).click();
    await expect(line).toHaveText('Prices for United States, no sales tax or VAT is added at checkout');
    await expect(page.getByRole('button', { name: 'Change the country prices are shown for' })).toBeFocused();
    await expect(priceRow(page)).toHaveText(
      new RegExp(`\\.com.*${asPattern(formatMoney(com.new))}.*${asPattern(formatMoney(com.transfer))}.*${asPattern(formatMoney(com.renew))}`),
    );
    await checkPage(page, width, 'pricing-us');

    // The choice holds on the next page: search shows the net price.
    await page.goto(`/search?q=${domain}`);
    await expect(page.locator('.sr-exact .sr-first strong')).toHaveText(formatMoney(com.new), { timeout: 30_000 });
    await expect(page.getByTestId('prices-for-text')).toHaveText('Prices for United States, no sales tax or VAT is added at checkout');
    await page.screenshot({ path: test.info().outputPath(`search-results-us-${width}.png`) });
  });
}

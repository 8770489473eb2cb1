/**
 * Prices in marketing copy and on a For Sale page, for a visitor whose browser speaks Dutch (nl-NL): the Email page's
 * words ("for $6.05 a month"), its price card, the home page and a blog post say the same VAT-included price; a For Sale page shows
 * its list price with 21% VAT under the "Prices for Netherlands" line, says an offer is before VAT and what it costs
 * with it, and the cart then charges that price. Choosing the United States there shows the net price, and the copy
 * follows on the next page. At a phone's width and a desktop's.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { planPrices } from '../../../api/contract/carts/cart-pricing.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { shortPrice } from '../../../site/components/short-price.ts';
import { newSeller } from '../helpers/market-helpers.ts';

test.use({ locale: 'nl-NL' });

const dutch = { display: 'included', rate: 0.21 } as const;
/** A marketing price ($6.05, $10.88) as the Dutch visitor is shown it, and the net one ($5, $8.99). */
const copyWithVat = (cents: number) => shortPrice(shownPrice(cents, dutch));
const listPrice = 150_000;

async function checkPage(page: Page, width: number, name: string) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

for (const width of [390, 1280]) {
  test(`at ${width} px a Dutch visitor reads VAT-included prices in the copy and on a For Sale page, and net ones for the United States`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const seller = await newSeller(browser, listPrice, 50_000);
    await page.setViewportSize({ width, height: 900 });
    const email = copyWithVat(planPrices.email);

    // The Email page: the hero's words, the price card, a heading and the body all say the price with VAT in it.
    await page.goto('/email');
    await expect(page.locator('.hero-sub')).toContainText(`5 mailboxes, 5 GB each, for ${email} a month.`);
    await expect(page.locator('.price-card .price-amount')).toHaveText(email);
    await expect(page.locator('.price-card')).toContainText('Prices include 21% VAT (Netherlands).');
    await expect(page.getByRole('heading', { name: `What you get for ${email} a month` })).toBeVisible();
    await expect(page.locator('main')).toContainText(`Get the Website & Email bundle for ${copyWithVat(planPrices.websiteEmail)} a month.`);
    await checkPage(page, width, 'email-nl');

    // Home: the illustrative result card and the body copy too.
    await page.goto('/');
    await expect(page.locator('.hero-card')).toContainText(`Add email for ${email}/mo`);
    await expect(page.locator('main')).toContainText(`includes 5 mailboxes with 5 GB each, plus 5 forwards, for ${email} a month.`);

    // A blog post, with no price card: its words, and the note under them that says what the price holds.
    await page.goto('/blog/domain-parking-vs-forwarding');
    await expect(page.locator('main')).toContainText(`gives you 5 mailboxes with 5 GB each for ${email} a month.`);
    await expect(page.locator('article').getByText('Prices include 21% VAT (Netherlands).')).toBeVisible();

    // The For Sale page: the list price as checkout charges a Dutch consumer, and which country and tax it holds.
    await page.goto(`/for-sale/${seller.domain}`);
    await expect(page.getByRole('heading', { level: 1, name: seller.domain })).toBeVisible();
    const price = page.locator('.for-sale-price');
    await expect(price).toHaveText(`Buy it now for ${formatMoney(shownPrice(listPrice, dutch))}`);
    await expect(page.getByTestId('prices-for-text')).toHaveText('Prices for Netherlands, incl. 21% VAT');
    // An offer is an amount before VAT: the note under the field says so, and what the amount typed costs with it.
    const offer = page.getByLabel('Your offer (USD)');
    await expect(offer).toHaveAccessibleDescription('Offer an amount before VAT: 21% VAT (Netherlands) is added at checkout.');
    await offer.fill('1200');
    await expect(page.getByTestId('offer-tax')).toHaveText(
      `Offer an amount before VAT: 21% VAT (Netherlands) is added at checkout, so an offer of $1,200.00 costs you ${formatMoney(shownPrice(120_000, dutch))}.`,
    );
    await checkPage(page, width, 'for-sale-nl');

    // Buy it now: the cart (its billing country the Netherlands) charges the price the page showed.
    await page.getByRole('button', { name: 'Buy it now', exact: true }).click();
    await page.waitForURL('**/cart');
    await expect(page.getByLabel('Country')).toHaveValue('NL');
    await expect(page.getByTestId('cart-total')).toHaveText(formatMoney(shownPrice(listPrice, dutch)));

    // Prices for the United States, chosen on the For Sale page: the net price, and an offer is what they pay.
    await page.goto(`/for-sale/${seller.domain}`);
    await expect(price).toHaveText(`Buy it now for ${formatMoney(shownPrice(listPrice, dutch))}`);
    await page.getByRole('button', { name: 'Change the country prices are shown for' }).click();
    const picker = page.getByLabel('Show prices for');
    await expect(picker.locator('option')).not.toHaveCount(1);
    await picker.selectOption('US');
    await page.getByRole('button', { name: 'Show prices', exact: true }).click();
    await expect(page.getByTestId('prices-for-text')).toHaveText('Prices for United States, no sales tax or VAT is added at checkout');
    await expect(price).toHaveText(`Buy it now for ${formatMoney(listPrice)}`);
    await expect(page.getByTestId('offer-tax')).toHaveText('No sales tax or VAT is added at checkout for United States: your offer is what you pay.');
    await checkPage(page, width, 'for-sale-us');

    // The copy follows on the next page: net, and no note about VAT.
    await page.goto('/email');
    await expect(page.locator('.hero-sub')).toContainText(`for ${shortPrice(planPrices.email)} a month.`);
    await expect(page.getByRole('heading', { name: `What you get for ${shortPrice(planPrices.email)} a month` })).toBeVisible();
    await expect(page.locator('.price-card .price-amount')).toHaveText(shortPrice(planPrices.email));
    await expect(page.getByText('Prices include 21% VAT')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`email-us-${width}.png`), fullPage: true });
    await seller.context.close();
  });
}

/**
 * An EU consumer's VAT: a visitor in the Netherlands sees each price with 21% VAT in it and the VAT named in the cart,
 * pays that total with the sandbox's DOTCOM5 promo code taken off, and the order's receipt page shows the price, the discount, the VAT and
 * the total, which add up to the cent; afterwards the next auto-renewal and a renewal's price carry the VAT too. At a
 * phone's width and a desktop's.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Locator, test } from '@playwright/test';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
const amountOf = async (row: Locator) => cents(await row.locator('dd').textContent());

for (const width of [390, 1280]) {
  test(`at ${width} px a Dutch consumer sees VAT in the cart and on the confirmation, and the amounts add up`, async ({ page }) => {
    test.setTimeout(150_000);
    // The sandbox's demo code: $5 off the first year of .com, shown with its VAT where prices include VAT.
    const code = 'DOTCOM5';
    await page.setViewportSize({ width, height: 900 });
    const domain = `qwzxv-vat-${width}-${unique()}.com`;
    await page.goto('/');
    await addDomain(page, domain);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-tax-note')).toHaveText('Tax, if any, is worked out from your billing country.');
    await fillVisitorDetails(page, `vat-${unique()}@example.org`, newPhone(), { country: 'NL', city: 'Amsterdam', state: 'Noord-Holland', zip: '1011 AB' });
    await expect(page.locator('.summary-totals .tax-included')).toContainText('Prices include 21% VAT (Netherlands)');
    await expect(page.getByTestId('cart-tax-note')).toBeHidden();
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('cart-discount')).toHaveText('−$6.05');
    await saveCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible({ timeout: 20_000 });

    // In the cart every part carries its VAT: one-time less the promo code is the total; the VAT in it is named.
    const totals = page.locator('.summary-totals');
    const oneTime = await amountOf(totals.locator('div').filter({ hasText: 'One-time' }));
    const monthly = await amountOf(totals.locator('div').filter({ hasText: 'Monthly' }));
    const discount = cents(await page.getByTestId('cart-discount').textContent());
    const total = cents(await page.getByTestId('cart-total').textContent());
    const vat = cents(await page.getByTestId('cart-tax').textContent());
    expect(vat).toBeGreaterThan(0);
    expect(oneTime + monthly - discount).toBe(total);
    await expect(page.locator('.cart-item-foot')).toContainText(`Due today for ${domain}, with 21% VAT`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`vat-cart-${width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL(/\/account\/domains\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get('order') as string;
    await page.goto(`/account/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is complete' })).toBeVisible();
    // The receipt shows the price before VAT, the promo code, the VAT and the total: they add up to what the cart said.
    const sums = page.locator('dl.order-sums');
    const subtotal = await amountOf(sums.locator('div').filter({ hasText: 'Subtotal' }));
    const promo = await amountOf(sums.locator('div').filter({ hasText: `Promo code ${code}` }));
    const tax = await amountOf(sums.locator('div').filter({ hasText: 'VAT 21% (Netherlands)' }));
    const orderTotal = await amountOf(sums.locator('div').filter({ hasText: /^Total/ }));
    expect(tax).toBe(vat);
    expect(subtotal - promo + tax).toBe(orderTotal);
    expect(orderTotal).toBe(total);
    await expect(page.locator('.order-total')).toHaveText(`$${(total / 100).toFixed(2)}`);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`vat-confirmation-${width}.png`), fullPage: true });

    // The Orders list says the same: the total, and under it the promo code and the tax in it.
    await page.getByRole('link', { name: 'All orders' }).click();
    const row = page.getByRole('row').filter({ hasText: `Order ${orderId}` });
    await expect(row).toContainText(`$${(total / 100).toFixed(2)}`);
    await expect(row.locator('.orders-breakdown')).toHaveText(`Promo −$${(promo / 100).toFixed(2)}Tax $${(tax / 100).toFixed(2)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`vat-orders-${width}.png`), fullPage: true });

    // A business would add its VAT number in Billing: a malformed one is refused with the reason.
    await page.goto('/account/summary?view=billing');
    await page.getByLabel('EU VAT number').fill('NL12');
    await page.getByRole('button', { name: 'Save VAT number' }).click();
    await expect(page.getByText('NL12 is not a valid EU VAT number')).toBeVisible();
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`vat-number-${width}.png`), fullPage: true });

    // After the sale, what the card will pay later carries the VAT too: the account's next auto-renewal says so, and a
    // renewal's price shows it before the order's review.
    await page.goto('/account/summary');
    await expect(page.getByText('Tax included: VAT 21% (Netherlands).')).toBeVisible();
    await page.goto('/account/domains');
    await page.getByRole('button', { name: 'Renew', exact: true }).first().click();
    const renew = page.getByRole('dialog', { name: 'Renew My Domain' });
    await renew.getByRole('checkbox', { name: `Renew ${domain}` }).check();
    // The row's price is a year with its VAT in it, as the cart showed prices; the total the card pays is the same and
    // says how much VAT it includes.
    const yearPrice = cents(await renew.getByRole('row').filter({ hasText: domain }).locator('.renew-price-col').textContent());
    const net = Math.round(yearPrice / 1.21);
    expect(net + Math.round(net * 0.21)).toBe(yearPrice);
    const included = `Includes $${((yearPrice - net) / 100).toFixed(2)} VAT 21% (Netherlands)`;
    await expect(renew.locator('.renew-total strong')).toHaveText(`$${(yearPrice / 100).toFixed(2)}`);
    await expect(renew.locator('.renew-total-tax')).toHaveText(included);
    // The order's review shows the renewal at the same price, the same total, and the VAT in it.
    await renew.getByRole('button', { name: 'Continue' }).click();
    const review = page.getByRole('dialog', { name: 'Review Your Order' });
    await expect(review.locator('.renew-line-head strong').last()).toHaveText(`$${(yearPrice / 100).toFixed(2)}`);
    await expect(review.locator('.renew-total-tax')).toHaveText(included);
    await expect(review.locator('.renew-total strong')).toHaveText(`$${(yearPrice / 100).toFixed(2)}`);
    await page.screenshot({ path: test.info().outputPath(`vat-renew-${width}.png`), fullPage: true });
  });
}

test('a German business gives its VAT number in the cart: a wrong one is refused with the reason, a confirmed one is reverse-charged', async ({ page }) => {
  test.setTimeout(120_000);
  const domain = `qwzxv-vat-b2b-${unique()}.com`;
  await page.goto('/');
  await addDomain(page, domain);
  await page.goto('/cart');
  await fillVisitorDetails(page, `vat-b2b-${unique()}@example.org`, newPhone(), { country: 'DE', city: 'Berlin', state: 'Berlin', zip: '10115' });
  await expect(page.locator('.summary-totals .tax-included')).toContainText('Prices include 19% VAT (Germany)');

  const vatNumber = page.getByLabel('EU VAT number (optional)');
  await vatNumber.fill('NL800000006B01');
  await vatNumber.blur();
  await expect(page.getByRole('alert').filter({ hasText: 'This VAT number is from Netherlands, but your billing country is Germany' })).toBeVisible();
  await vatNumber.fill('DE 100000008');
  await vatNumber.blur();
  await expect(page.getByText('✓ DE100000008 confirmed by VIES: VAT is reverse-charged')).toBeVisible();
  await expect(page.getByTestId('cart-tax-note')).toHaveText('VAT reverse-charged: the customer accounts for it (DE100000008).');
  await page.screenshot({ path: test.info().outputPath('vat-b2b-cart.png'), fullPage: true });

  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible({ timeout: 20_000 });
  const total = await page.getByTestId('cart-total').textContent();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  const orderId = await landOnMyDomains(page);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText(/VAT reverse-charged/).first()).toBeVisible();
  await expect(page.locator('.order-total')).toHaveText(total ?? '');
});

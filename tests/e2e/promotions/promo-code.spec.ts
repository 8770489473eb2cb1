/**
 * The cart's promo code field, with the sandbox's demo codes (DOTCOM5: $5 off the first year of .com; SPRING10: ended):
 * the messages a visitor reads when a code does not apply, the discount in the order summary, and a checkout that
 * charges the discounted total and writes the discount into the billing history. PROMO_SHOTS=1 saves screenshots.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';

async function shoot(page: Page, name: string) {
  if (!process.env.PROMO_SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByRole('heading', { name: 'Order summary' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor reads why a code does not apply, applies one that does, and checks out paying the discounted total', async ({ page }) => {
  const io = `qwzxv-promo-${unique()}.io`;
  const com = `qwzxv-promo-${unique()}.com`;
  await page.goto('/');
  await addDomain(page, io);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: io })).toBeVisible();

  const field = page.getByLabel('Promo code');
  const apply = page.getByRole('button', { name: 'Apply' });
  for (const [code, message] of [
    ['dotcom5', 'This code does not apply to .io'],
    ['SPRING10', 'This code has expired'],
    ['NO-SUCH-CODE', 'This code is not valid'],
  ]) {
    await field.fill(code);
    await apply.click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await field.fill('');
  await apply.click();
  await expect(page.getByText('Enter a promo code')).toBeVisible();
  await shoot(page, 'promo-error');

  await addDomain(page, com);
  await page.reload();
  await expect(page.getByRole('heading', { name: com })).toBeVisible();
  const before = await page.getByTestId('cart-total').textContent();
  await page.getByLabel('Promo code').fill('dotcom5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('DOTCOM5', { exact: true })).toBeVisible();
  await expect(page.getByText('$5.00 off the first year of .com — you save $5.00')).toBeVisible();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$5.00');
  const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
  expect(dollars(await page.getByTestId('cart-total').textContent())).toBeCloseTo(dollars(before) - 5, 2);
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
  await shoot(page, 'promo-applied');

  // Removing and applying again works; then the visitor checks out with it.
  await page.getByRole('button', { name: 'Remove promo code DOTCOM5' }).click();
  await expect(page.getByLabel('Promo code')).toBeVisible();
  await page.getByLabel('Promo code').fill('DOTCOM5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$5.00');
  const total = await page.getByTestId('cart-total').textContent();

  await fillVisitorDetails(page, `promo-${unique()}@example.org`, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);

  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const history = await (await page.request.get(`/api/transactions?yyyymm=${month}`)).json();
  const rows = history.data.map((row: { description: string; amount: number }) => [row.description, row.amount]);
  expect(rows).toContainEqual([`Promo code DOTCOM5 on ${com}`, -500]);
  const payment = rows.find(([description]: [string]) => description.startsWith('Card payment'));
  expect(-payment[1] / 100).toBeCloseTo(dollars(total), 2);
});

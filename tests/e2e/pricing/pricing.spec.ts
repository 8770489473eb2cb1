/**
 * The back office's Pricing screen: the owner syncs wholesale costs, reads cost, rule and retail price of an
 * extension, previews and saves a margin for it (search then quotes the new price), is refused a rule below cost,
 * and finds the change in the audit log. One rarely sold extension is used and its rule removed at the end, so the
 * other journeys' prices stay the catalogue's. Screenshots at 1280 and 390 px in test-results/.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeProblems, createStaffFromCommandLine, enrolWithAuthenticator, scrollsSideways } from '../helpers/admin-helpers.ts';
import { unique } from '../helpers/checkout-helpers.ts';

test.describe.configure({ timeout: 360_000 });

const tld = 'accountants';

async function checkScreen(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await axeProblems(page), `${name} at ${width} px`).toEqual([]);
    expect(await scrollsSideways(page), `${name} at ${width} px`).toBe(false);
    await page.screenshot({ path: `test-results/pricing-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const searchPrice = async (page: Page) => ((await (await page.request.get(`/api/tlds/${tld}`)).json()) as { newPricing: number[] }).newPricing[0];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('the owner prices an extension from its cost: preview, save, search quotes it, below cost refused, audited', async ({ page, baseURL }) => {
  const run = unique();
  await enrolWithAuthenticator(page, createStaffFromCommandLine(`pricing-owner-${run}@registrar.example`, 'owner'), 'Pat Pricing');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sync costs now' }).click();
  await expect(page.getByText(/Costs synced from sandbox/)).toBeVisible();
  await page.getByLabel('Find an extension').fill(tld);
  const row = page.getByRole('table', { name: 'Prices' }).locator(`tr[data-tld="${tld}"]`);
  const before = await searchPrice(page);
  await expect(row).toContainText(dollars(before));
  await checkScreen(page, 'table');

  await page.getByLabel('Extension (* for the default)').fill(tld);
  await page.getByLabel('Margin %').fill('80');
  await page.getByLabel('Rounding').selectOption('99');
  await page.getByLabel('Reason (audit log)').fill(`Season margins ${run}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: 'register' })).toContainText(dollars(before));
  await checkScreen(page, 'preview');
  expect(await searchPrice(page)).toBe(before);

  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText(/Rule saved/)).toBeVisible();
  await expect(row).toContainText(`.${tld}: 80%, up to .99`);
  const after = await searchPrice(page);
  expect(after).toBeGreaterThan(before);
  await expect(row).toContainText(dollars(after));

  await page.getByLabel('Margin %').fill('-10');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert')).toContainText('below cost');
  expect(await searchPrice(page)).toBe(after);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByText(`.${tld} pricing rule`).first()).toBeVisible();

  const removed = await page.request.delete(`/api/admin/pricing/rules/${tld}`, { headers: { origin: baseURL ?? '' } });
  expect(removed.status()).toBe(200);
  expect(await searchPrice(page)).toBe(before);
});

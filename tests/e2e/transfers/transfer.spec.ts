import AxeBuilder from '../helpers/axe';
import { expect, test } from '@playwright/test';
import { fillVisitorDetails, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { premiumPrice } from '../../../api/providers/registry/sandbox-world.ts';

test('transfer flow: empty input, mixed results, auth codes, then the transfers are in the cart', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await page.goto('/transfer');
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByText('No domains entered')).toBeVisible();

  await page.getByLabel('Domains to transfer').fill(`transfer-${stamp}.com, locked-${stamp}.com\tnewly-${stamp}.net\nqwzxv-${stamp}.com maxed-${stamp}.org`);
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Some of your domains can transfer' })).toBeVisible();
  await expect(page.getByText("Can't transfer: Locked at registry")).toBeVisible();
  await expect(page.getByText("Can't transfer: 60 days or newer")).toBeVisible();
  await expect(page.getByText("Can't transfer: Unregistered domain")).toBeVisible();
  await expect(page.getByText("Can't transfer: At maximum renewal (10 yrs)")).toBeVisible();
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

  // Start Over clears everything; the single eligible name then reads as one domain.
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(page.getByLabel('Domains to transfer')).toHaveValue('');
  await page.getByLabel('Domains to transfer').fill(`transfer-${stamp}.com`);
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your domain can transfer' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Domains to transfer')).toHaveValue(`transfer-${stamp}.com`);

  // A premium name is shown at the registry's transfer fee, not the catalogue's price.
  const premium = `transfer-premium-${stamp}.com`;
  await page.getByLabel('Domains to transfer').fill(`transfer-${stamp}.com\ntransfer-${stamp}.net locked-${stamp}.com ${premium}`);
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Some of your domains can transfer' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: premium })).toContainText(`Premium transfer ${formatMoney(premiumPrice(premium)!)} · adds 1 year`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Authorization codes' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page.getByRole('button', { name: 'Check Transfer' })).toBeVisible();
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(`Authorization code for transfer-${stamp}.com (optional)`).fill('EPP-CODE-123');
  await page.getByRole('button', { name: 'Check Out' }).click();

  await page.waitForURL('**/cart');
  await expect(page.getByRole('heading', { name: `transfer-${stamp}.com` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `transfer-${stamp}.net` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `locked-${stamp}.com` })).toHaveCount(0);
  await expect(page.getByText('Transfer', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('region', { name: premium })).toContainText('Premium transfer');

  // Back at /transfer, a name already in the cart says so.
  await page.goto('/transfer');
  await page.getByLabel('Domains to transfer').fill(`transfer-${stamp}.com`);
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your domain can not transfer' })).toBeVisible();
  await expect(page.getByText("Can't transfer: Domain already in Cart")).toBeVisible();
});

test('a transfer whose auth code the registry rejects is not charged, and the order confirmation says what to do', async ({ page }) => {
  test.setTimeout(120_000);
  const domain = `badcode-${unique()}.com`;
  await page.goto('/transfer');
  await page.getByLabel('Domains to transfer').fill(domain);
  await page.getByRole('button', { name: 'Check Transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your domain can transfer' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(`Authorization code for ${domain} (optional)`).fill('NOT-THE-CODE');
  await page.getByRole('button', { name: 'Check Out' }).click();
  await page.waitForURL('**/cart');
  await expect(page.getByRole('heading', { name: domain })).toBeVisible();

  await fillVisitorDetails(page, `badcode-${unique()}@example.org`, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await page.waitForURL(/\/account\/domains\?order=\d+$/);
  await expect(page.getByRole('region', { name: /^Thank you, your order is/ })).toContainText(`The transfer of ${domain} needs a new auth code`);
  await page.getByRole('link', { name: /^View receipt/ }).click();
  await page.waitForURL(/\/account\/orders\/\d+$/);

  const line = page.getByRole('listitem').filter({ hasText: domain }).first();
  await expect(line).toContainText('Transfer, 1 year added');
  await expect(line).toContainText('Not charged');
  await expect(page.locator('.order-total')).toHaveText('$0.00');
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(
    `The transfer of ${domain} needs a new auth code from its current registrar. Enter it in My Domains; the transfer is charged when it goes ahead.`,
  );
  // It is the order's page, not a passing note: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(`The transfer of ${domain} needs a new auth code`);
  await page.getByRole('link', { name: 'Go to My Domains' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
});

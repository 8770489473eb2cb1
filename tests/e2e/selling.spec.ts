/**
 * Selling on the demo account (control-panel spec §2 modal 9, §5): a floor price under $99 is refused, a good listing
 * shows the "For sale" badge and a public For Sale page that takes offers (answered alike above and under the floor),
 * and removing it takes both away.
 */
import { expect, test } from '@playwright/test';
import { logInAsDemo } from './login-helpers.ts';
import { domainEntry } from './domain-list-helpers.ts';

test('list a domain for sale, make an offer on its page, then remove it', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const card = domainEntry(page, 'brightbeancoffee.net');
  await card.getByRole('button', { name: /Manage/ }).click();
  await card.getByRole('tab', { name: 'Settings' }).click();
  await card.getByRole('button', { name: 'Sell' }).click();

  const form = page.getByRole('dialog', { name: 'Sell Your Domain' });
  await expect(form.getByLabel('Floor Price', { exact: true })).toHaveValue('99');
  await expect(form.getByLabel('List Price', { exact: true })).toHaveValue('100');
  await expect(form).toContainText('Minimum price of $99');
  await form.getByLabel('Floor Price', { exact: true }).fill('50');
  await expect(form).toContainText('Minimum Floor Price is $99');
  await form.getByLabel(/I agree to the/).check();
  await expect(form.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await form.getByLabel('Floor Price', { exact: true }).fill('150');
  await expect(form).toContainText('Minimum List Price must be above Floor Price');
  await form.getByLabel('List Price', { exact: true }).fill('300');
  await expect(form).toContainText('You receive $210.00 (70%)');
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm Listing' }).getByRole('button', { name: 'List for Sale' }).click();
  const published = page.getByRole('dialog', { name: 'Domain Listed for Sale' });
  await expect(published).toContainText('$300.00');
  await published.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('For sale', { exact: true })).toBeVisible();

  // An offer above the floor and one under it ($150) get the same answer: the page does not tell the floor away.
  const sale = await page.context().newPage();
  for (const amount of ['200', '120']) {
    await sale.goto('/for-sale/brightbeancoffee.net');
    await expect(sale.getByRole('heading', { level: 1, name: 'brightbeancoffee.net' })).toBeVisible();
    await expect(sale.getByText('$300.00')).toBeVisible();
    await sale.getByLabel('Your offer (USD)').fill(amount);
    await sale.getByLabel('Your name').fill('Olive Offerer');
    await sale.getByLabel('Your email').fill('olive@example.org');
    await sale.getByRole('button', { name: 'Send Offer' }).click();
    await expect(sale.getByText('Your offer has been sent to the owner.')).toBeVisible({ timeout: 20_000 });
  }
  await sale.close();

  await card.getByRole('button', { name: 'Sell' }).click();
  await page.getByRole('dialog', { name: 'Domain Listed for Sale' }).getByRole('button', { name: 'Remove Listing' }).click();
  await page.getByRole('dialog', { name: 'Remove Listing' }).getByRole('button', { name: 'Remove Listing' }).click();
  await expect(page.getByRole('dialog', { name: 'Listing Removed' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('For sale', { exact: true })).toHaveCount(0);
});

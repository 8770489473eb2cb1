/**
 * Payment methods and billing history on the demo account: the only card cannot be deleted while auto-renew and a plan
 * are charged to it (the dialog says why), a 3-D Secure card is added through the sandbox card form and its test
 * authentication and made the default (Auto Pay follows), two months of history open with a collapsed group, and the
 * month's statement downloads as a PDF whose text shows its rows.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '../helpers/axe';
import { expect, test } from '@playwright/test';
import { readPdfText } from '../../fixtures/pdf-text.ts';
import { saveCard } from '../helpers/checkout-helpers.ts';
import { logInAsDemo } from '../helpers/login-helpers.ts';

const yyyymm = (monthsAgo: number) => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return monthOf(month);
};
const monthOf = (at: Date) => `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

test('cards: the only card stays while auto-renew needs it, a 3-D Secure card is added and made default', async ({ page }, testInfo) => {
  await page.goto('/account/summary?view=payment');
  await logInAsDemo(page);
  await expect(page).toHaveURL(/\/account\/summary\?view=payment$/);
  const cards = page.getByRole('list', { name: 'Saved cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  const visa = cards.getByRole('listitem', { name: 'Visa ending in 4242' });
  await expect(visa.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa).toContainText(/Expires 12\/\d{4}/);
  await expect(page.getByRole('region', { name: 'Auto Pay' })).toContainText(/On.*Visa ending in 4242/s);

  // Deleting the only card is refused, and the dialog says why.
  await visa.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Payment Method' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toContainText(
    /You can't delete your only card while it pays for auto-renew of \d+ domains and monthly plans on 1 domain\. Add another card first/,
  );
  if (process.env.BILLING_SHOTS) await page.screenshot({ path: testInfo.outputPath('payment-refused.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cards.getByRole('listitem')).toHaveCount(1);

  // A card that asks for 3-D Secure: the sandbox's authentication dialog stands in for the bank.
  await page.getByRole('button', { name: 'Add a Card' }).click();
  await saveCard(page, '4000 0025 0000 3155');
  const bank = page.getByRole('dialog', { name: 'Test authentication' });
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Your card has been saved.')).toBeVisible();
  const secure = cards.getByRole('listitem', { name: 'Visa ending in 3155' });
  await expect(secure).toBeVisible();
  await expect(secure.getByText('Default', { exact: true })).toHaveCount(0);
  if (process.env.BILLING_SHOTS) await page.screenshot({ path: testInfo.outputPath('payment-desktop.png'), fullPage: true });

  // Make it the default: the badge moves and Auto Pay reads the new card.
  await secure.getByRole('button', { name: 'Make Default' }).click();
  await expect(secure.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(visa.getByRole('button', { name: 'Make Default' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Auto Pay' })).toContainText('Visa ending in 3155');
  await expect(cards.getByRole('listitem').first()).toHaveAccessibleName('Visa ending in 3155');
  if (process.env.BILLING_SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('payment-phone.png'), fullPage: true });
  }
});

test('billing history: two months, a collapsed group opened, and the statement PDF with its rows', async ({ page }, testInfo) => {
  await page.goto('/account/summary?view=billing');
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { name: 'Billing History' })).toBeVisible();
  const month = page.getByLabel('Statement month');
  // The last 12 months are offered, newest first.
  await expect(month.locator('option')).toHaveCount(12);
  await expect(month).toHaveValue(yyyymm(0));

  // Last month: six registrations, collapsed until opened; and the auto-renewal of brightbeancoffee.com and .net (three
  // rows, $28.26) when their old term ended last month (the seed renews them on that day, 35 days ago).
  const renewedLastMonth = monthOf(new Date(Date.now() - 35 * 86_400_000)) === yyyymm(1);
  await month.selectOption(yyyymm(1));
  const registrations = page.getByRole('region', { name: /Non-Recurring Charges/ });
  await expect(registrations).toContainText('Total Non-Recurring Charges');
  await expect(registrations).toContainText(renewedLastMonth ? '$264.14' : '$235.88');
  await expect(registrations.getByText('Registration of brightbean.cafe (1 year)')).toHaveCount(0);
  await registrations.getByRole('button', { name: `Show all ${renewedLastMonth ? 9 : 6}` }).click();
  await expect(registrations.getByRole('row', { name: /Registration of/ })).toHaveCount(6);
  await expect(registrations.getByText('Registration of brightbean.cafe (1 year)')).toBeVisible();
  await expect(registrations).toContainText(/[A-Z][a-z]{2} 1?\d, \d{4}/);
  await expect(page.getByRole('region', { name: /^Payments/ })).toContainText('-$235.88');
  await expect(page.getByText('Starting Balance').first()).toBeVisible();
  await expect(page.getByText('Ending Balance').first()).toBeVisible();
  if (process.env.BILLING_SHOTS) await page.screenshot({ path: testInfo.outputPath('billing-desktop.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Statement (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`Dotspot-${yyyymm(1)}.pdf`);
  const { text } = await readPdfText(new Uint8Array(readFileSync(await download.path())));
  for (const expected of [
    'Account Statement',
    'Dana Demo',
    'Non-Recurring Charges',
    'Registration of brightbean.cafe (1 year)',
    'Registration of brightbeancoffee.site (1 year)',
    '$235.88',
    'Ending Balance',
    // The renewal's three rows and payment take the statement onto a second page.
    renewedLastMonth ? 'Page 2 of 2' : 'Page 1 of 1',
    'Card payment, Visa ending in 4242',
  ]) {
    expect(text, expected).toContain(expected);
  }
  // Brand names as their owners write them (issue #25).
  expect(text).not.toMatch(/\bvisa\b/);

  // This month: a different set of rows (the demo's transfer two days ago, unless that fell in last month).
  await month.selectOption(yyyymm(0));
  await expect(page.getByRole('heading', { level: 3, name: /^\w+ \d{4}$/ })).toHaveText(
    new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date()),
  );
  await expect(page.getByRole('region', { name: /Non-Recurring Charges/ })).toHaveCount(0);
  if (new Date(Date.now() - 2 * 86_400_000).getUTCMonth() === new Date().getUTCMonth()) {
    await expect(page.getByRole('region', { name: /Transfer Fees/ })).toContainText('Transfer of northwindlabs.io (1 year)');
  }
  if (process.env.BILLING_SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await month.selectOption(yyyymm(1));
    await page.getByRole('button', { name: `Show all ${renewedLastMonth ? 9 : 6}` }).click();
    await page.screenshot({ path: testInfo.outputPath('billing-phone.png'), fullPage: true });
  }
});

test('card errors show in the card form: beside the field at fault, or above Save Card when the card is refused', async ({ page }) => {
  // Four tries through the card form's frame and an axe pass into it at two widths: slow on a busy 2-core machine.
  test.setTimeout(150_000);
  await page.goto('/account/summary?view=payment');
  await logInAsDemo(page);
  await page.getByRole('button', { name: 'Add a Card' }).click();
  const number = page.getByLabel('Card number');
  const expiry = page.getByLabel('Expiry (MM / YY)');
  const problems = (text: string) => page.locator('.toast', { hasText: text });

  // A date in the past: the expiry field says so.
  await number.fill('4242 4242 4242 4242');
  await expiry.fill('01 / 20');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(expiry).toHaveAccessibleDescription("Your card's expiration year is in the past.");
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('');
  // Fixing the field clears its message.
  await expiry.fill('12 / 34');
  await expect(expiry).toHaveAccessibleDescription('');

  // A number that fails its check digit: the number field.
  await number.fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(number).toHaveAccessibleDescription('Your card number is invalid.');

  // The issuer says the card has expired, whatever was typed: the expiry field, as Stripe's expired_card.
  await number.fill('4000 0000 0000 0069');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(expiry).toHaveAccessibleDescription('Your card has expired.');

  // Declined: the card's fault, not a field's, said in the form above its buttons.
  await number.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Save Card' }).click();
  const alert = page.locator('.card-form').getByRole('alert');
  await expect(alert).toHaveText('Your card was declined.');
  await expect(number).toHaveAccessibleDescription('');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    // At the new width the visitor scrolls to the form's buttons: nothing covers Save Card, and no toast repeats what
    // the form says.
    const save = page.getByRole('button', { name: 'Save Card' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await page.locator('.card-form').screenshot({ path: test.info().outputPath(`card-declined-${width}.png`) });
    const axe = await new AxeBuilder({ page }).include('.card-form').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  }
  await expect(problems('Your card was declined.')).toHaveCount(0);
  await expect(problems('expired')).toHaveCount(0);
});

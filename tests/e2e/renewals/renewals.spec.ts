/**
 * Renewals in the control panel on the demo account: renew-all through its three steps, the select-all and
 * protect-all rules, auto-renew off and on, and Domain Protection added and removed.
 */
import { expect, type Page, test } from '@playwright/test';
import { addYears } from 'date-fns/addYears';
import { format } from 'date-fns/format';
import { parse } from 'date-fns/parse';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

const card = (page: Page, name: string) => domainEntry(page, name);

async function openSettings(page: Page, name: string) {
  const domain = card(page, name);
  if ((await domain.getByRole('tab').count()) === 0) await domain.getByRole('button', { name: /Manage/ }).click();
  await domain.getByRole('tab', { name: 'Settings' }).click();
  return domain.getByRole('tabpanel');
}

async function expiryOf(page: Page, name: string): Promise<string> {
  const panel = await openSettings(page, name);
  const text = (await panel.locator('dt:has-text("Expiration date") + dd').textContent()) ?? '';
  return text.trim();
}

test('renews two domains with protection through select, review and finish, and shows the new expiry', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  const before = await expiryOf(page, 'brightbeancoffee.net');
  const expected = format(addYears(parse(before, 'MMM d, yyyy', new Date()), 2), 'MMM d, yyyy');

  await page.getByRole('button', { name: 'Renew', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Renew My Domain' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Renew brightbeancoffee.net' })).toBeVisible();
  // Sorted by expiry: the expired and expiring names come first.
  const names = await dialog.locator('tbody th').allTextContents();
  expect(names[0]).toContain('lakesidephoto.studio');
  await dialog.getByLabel('Renewal period').selectOption('2');
  await dialog.getByRole('checkbox', { name: 'Protect brightbeancoffee.net' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Renew brightbeancoffee.net' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Renew brightbeancoffee.com' }).check();
  await dialog.getByRole('checkbox', { name: 'Protect brightbeancoffee.com' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const review = page.getByRole('dialog', { name: 'Review Your Order' });
  await expect(review).toBeVisible();
  await expect(review.getByRole('listitem')).toHaveCount(2);
  const net = review.getByRole('listitem').filter({ hasText: 'brightbeancoffee.net' });
  await expect(net).toContainText(expected);
  await expect(net).toContainText('$10.00'); // protection: $5 a year for 2 years
  await expect(review).toContainText('non-refundable');
  // Go Back returns to the selection, as it was.
  await review.getByRole('button', { name: 'Go Back' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Protect brightbeancoffee.com' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const place = review.getByRole('button', { name: 'Place Order' });
  await place.click();

  const done = page.getByRole('dialog', { name: 'Domains Renewed' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/to your Visa ending in \d{4}/);
  await expect(done.getByRole('listitem').filter({ hasText: 'brightbeancoffee.net' })).toContainText(expected);
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => expiryOf(page, 'brightbeancoffee.net')).toBe(expected);
  await expect(card(page, 'brightbeancoffee.net').getByText('Domain protection on')).toBeAttached();
});

test('applies the select-all and protect-all rules, and refuses an empty selection', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await page.getByRole('button', { name: 'Renew', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Renew My Domain' });
  const renewBoxes = dialog.getByRole('checkbox', { name: /^Renew [a-z0-9-]+\./ });
  const protectBoxes = dialog.getByRole('checkbox', { name: /^Protect [a-z0-9-]+\./ });
  const selectAll = dialog.getByRole('checkbox', { name: 'Select all' });
  const protectAll = dialog.getByRole('checkbox', { name: 'Protect all' });
  await expect(renewBoxes.first()).toBeVisible();
  const count = await renewBoxes.count();
  expect(count).toBeGreaterThanOrEqual(4);

  // Protect-all also selects all.
  await protectAll.check();
  await expect(selectAll).toBeChecked();
  for (let i = 0; i < count; i++) {
    await expect(renewBoxes.nth(i)).toBeChecked();
    await expect(protectBoxes.nth(i)).toBeChecked();
  }
  // Unchecking one renew item clears its protection and both flags.
  await renewBoxes.nth(1).uncheck();
  await expect(protectBoxes.nth(1)).not.toBeChecked();
  await expect(selectAll).not.toBeChecked();
  await expect(protectAll).not.toBeChecked();
  await expect(protectBoxes.nth(0)).toBeChecked();
  // Selecting all renews all, leaving protection as it was.
  await selectAll.check();
  for (let i = 0; i < count; i++) await expect(renewBoxes.nth(i)).toBeChecked();
  await expect(protectBoxes.nth(1)).not.toBeChecked();
  // Deselecting select-all clears everything, protection included.
  await selectAll.uncheck();
  for (let i = 0; i < count; i++) {
    await expect(renewBoxes.nth(i)).not.toBeChecked();
    await expect(protectBoxes.nth(i)).not.toBeChecked();
  }
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No domains selected')).toBeVisible();
  await expect(dialog).toBeVisible();

  // Sortable by domain.
  await dialog.getByRole('button', { name: /^Domain/ }).click();
  const names = (await dialog.locator('tbody th').allTextContents()).map((n) => n.replace(/(Expired|Redemption|Premium).*$/, ''));
  expect(names).toEqual([...names].sort());
});

test('turns auto-renew off and on again through its confirm and finish views', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const panel = await openSettings(page, 'quietharbor.org');
  await expect(panel).toContainText('Auto-renew on');
  await panel.getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew My Domain' });
  await expect(dialog).toContainText('Auto Pay');
  await expect(dialog).toContainText('On (');
  await dialog.getByRole('button', { name: 'Turn off auto-renew' }).click();
  const confirmOff = page.getByRole('dialog', { name: 'Cancel Auto-Renewal' });
  await confirmOff.getByRole('button', { name: 'Cancel Auto-Renewal' }).click();
  const off = page.getByRole('dialog', { name: 'Auto-Renewal Cancelled' });
  await expect(off).toContainText('will not renew automatically');
  await off.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toContainText('Manual renewal');

  await panel.getByRole('button', { name: 'Renew' }).click();
  await page.getByRole('dialog', { name: 'Renew My Domain' }).getByRole('button', { name: 'Turn on auto-renew' }).click();
  await page.getByRole('dialog', { name: 'Enable Auto-Renewal' }).getByRole('button', { name: 'Enable Auto-Renewal' }).click();
  const on = page.getByRole('dialog', { name: 'Auto-Renewal Enabled' });
  await expect(on).toContainText('will renew automatically');
  await on.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toContainText('Auto-renew on');
});

test('adds Domain Protection for a charge and removes it again', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const panel = await openSettings(page, 'quietharbor.org');
  await panel.getByRole('button', { name: 'Add domain protection' }).click();
  const offer = page.getByRole('dialog', { name: 'Domain Protection' });
  await expect(offer).toContainText('$5.00');
  await offer.getByRole('button', { name: 'Add Protection' }).click();
  const confirmAdd = page.getByRole('dialog', { name: 'Add Domain Protection' });
  await expect(confirmAdd).toContainText(/Visa ending in \d{4}/);
  await confirmAdd.getByRole('button', { name: 'Pay and Add Protection' }).click();
  const added = page.getByRole('dialog', { name: 'Domain Protection Added' });
  await expect(added).toContainText('quietharbor.org is protected until');
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'quietharbor.org').getByText('Domain protection on')).toBeAttached();

  await panel.getByRole('button', { name: 'Remove domain protection' }).click();
  await page.getByRole('dialog', { name: 'Domain Protection' }).getByRole('button', { name: 'Remove Protection' }).click();
  const confirmRemove = page.getByRole('dialog', { name: 'Remove Domain Protection' });
  await expect(confirmRemove).toContainText('There is no refund');
  await confirmRemove.getByRole('button', { name: 'Remove Protection' }).click();
  const removed = page.getByRole('dialog', { name: 'Domain Protection Removed' });
  await expect(removed).toBeVisible();
  await removed.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'quietharbor.org').getByText('Domain protection off')).toBeAttached();
});

test('a period longer than a name may run says why before Continue: 10 years becomes 9 for a name expiring soon', async ({ page }, testInfo) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await page.getByRole('button', { name: 'Renew', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Renew My Domain' });
  const period = dialog.getByLabel('Renewal period');
  // oldtownbikes.shop expires within days: ten more years would run past ten years from today.
  await dialog.getByRole('checkbox', { name: 'Renew oldtownbikes.shop' }).check();
  await period.selectOption('10');
  const note = 'oldtownbikes.shop is renewed for 9 years, not 10: a domain can be registered at most 10 years ahead.';
  await expect(dialog.getByRole('status').filter({ hasText: note })).toBeVisible();
  await expect(period).toHaveAccessibleDescription(note);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible();
    await dialog.screenshot({ path: testInfo.outputPath(`renew-capped-${width}.png`) });
  }
  // Nine years fit, and an unticked name says nothing.
  await period.selectOption('9');
  await expect(period).toHaveAccessibleDescription('');
  await period.selectOption('10');
  await dialog.getByRole('checkbox', { name: 'Renew oldtownbikes.shop' }).uncheck();
  await expect(dialog).not.toContainText('oldtownbikes.shop is renewed for');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
});

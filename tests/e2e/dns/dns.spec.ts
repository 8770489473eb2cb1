import { expect, type Page, test } from '@playwright/test';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

/** Opens a demo domain's card on its Advanced tab (the demo account has advancedEnabled). */
async function openAdvanced(page: Page, name: string) {
  const card = domainEntry(page, name);
  await card.getByRole('button', { name: /Manage/ }).click();
  await card.getByRole('tab', { name: 'Advanced' }).click();
  return card;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
});

test('Change Nameservers: fewer than 2 is refused with a toast, then the set is saved and the Success modal shows', async ({ page }) => {
  const card = await openAdvanced(page, 'oldtownbikes.shop');
  await card.getByRole('button', { name: 'Change Nameservers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Nameservers' });
  await expect(dialog.getByLabel('Nameserver 6')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use Defaults' }).click();
  await dialog.getByLabel('Nameserver 1').fill('ns1.dotspot.example');
  await dialog.getByRole('button', { name: 'Save Nameservers' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Please enter at least 2 nameservers' })).toBeVisible();
  await expect(dialog).toBeVisible();

  // Trimmed, de-duplicated and upper-cased.
  await dialog.getByLabel('Nameserver 2').fill('  NS2.dotspot.example ');
  await dialog.getByLabel('Nameserver 3').fill('ns1.DOTSPOT.example');
  await dialog.getByRole('button', { name: 'Save Nameservers' }).click();
  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toContainText('oldtownbikes.shop now uses NS1.DOTSPOT.EXAMPLE, NS2.DOTSPOT.EXAMPLE.');
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByRole('tabpanel')).toContainText('NS1.DOTSPOT.EXAMPLE, NS2.DOTSPOT.EXAMPLE');
});

test('DNS records: add with field errors shown, edit through confirmEdit and finishEdit, delete through confirmDelete and finishDelete', async ({ page }) => {
  const card = await openAdvanced(page, 'oldtownbikes.shop');
  await card.getByRole('button', { name: 'Manage DNS Records' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage DNS Records' });

  await dialog.getByLabel('Type').selectOption('A');
  await dialog.getByLabel('Host').fill('shop');
  await dialog.getByLabel('IPv4 address').fill('203.0.113.300');
  await dialog.getByRole('button', { name: 'Add Record' }).click();
  await expect(dialog.getByText('Enter an IPv4 address such as 203.0.113.10')).toBeVisible();
  await dialog.getByLabel('IPv4 address').fill(' 203.0.113.30 ');
  await dialog.getByRole('button', { name: 'Add Record' }).click();
  const row = dialog.getByRole('row').filter({ hasText: '203.0.113.30' });
  await expect(row).toContainText('shop');

  // Not at the root: email.spec.ts turns the email service on here for a while, and a root MX record would then ask first.
  await dialog.getByLabel('Type').selectOption('MX');
  await dialog.getByLabel('Host').fill('lists');
  await dialog.getByLabel('Mail server').fill('mx.mailhost.example.net');
  await dialog.getByLabel('Priority').fill('5');
  await dialog.getByRole('button', { name: 'Add Record' }).click();
  await expect(dialog.getByRole('row').filter({ hasText: 'mx.mailhost.example.net' })).toContainText('5');

  await row.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit DNS Record' });
  await edit.getByLabel('IPv4 address').fill('203.0.113.31');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const updated = page.getByRole('dialog', { name: 'DNS Record Updated' });
  await expect(updated).toContainText('203.0.113.31');
  await updated.getByRole('button', { name: 'Done' }).click();

  const list = page.getByRole('dialog', { name: 'Manage DNS Records' });
  const edited = list.getByRole('row').filter({ hasText: '203.0.113.31' });
  await edited.getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete DNS Record' });
  await expect(confirm).toContainText('203.0.113.31');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.getByRole('dialog', { name: 'DNS Record Deleted' });
  await expect(deleted).toContainText('4 to 6 hours');
  await deleted.getByRole('button', { name: 'Done' }).click();
  await expect(list.getByRole('row').filter({ hasText: '203.0.113.31' })).toHaveCount(0);
  await list
    .getByRole('row')
    .filter({ hasText: 'mx.mailhost.example.net' })
    .getByRole('button', { name: /Delete/ })
    .click();
  await page.getByRole('dialog', { name: 'Delete DNS Record' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'DNS Record Deleted' }).getByRole('button', { name: 'Done' }).click();
  await expect(list.getByText('No DNS records yet')).toBeVisible();
});

test('custom nameservers: add one and see it pending review, edit it, delete it', async ({ page }) => {
  const card = await openAdvanced(page, 'oldtownbikes.shop');
  await card.getByRole('button', { name: 'Manage Custom Nameservers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Custom Nameservers' });
  await dialog.getByRole('button', { name: 'Add Nameserver' }).click();
  await expect(dialog.getByText('Hostname is required')).toBeVisible();
  await expect(dialog.getByText('IP address is required')).toBeVisible();

  await dialog.getByLabel('Hostname').fill('ns1.elsewhere.com');
  await dialog.getByLabel('IP address').fill('203.0.113.53');
  await dialog.getByRole('button', { name: 'Add Nameserver' }).click();
  await expect(dialog.getByText('Hostname must be under oldtownbikes.shop, such as ns1.oldtownbikes.shop')).toBeVisible();
  await dialog.getByLabel('Hostname').fill('ns1.oldtownbikes.shop');
  await dialog.getByRole('button', { name: 'Add Nameserver' }).click();
  const received = page.getByRole('dialog', { name: 'Nameserver Request Received' });
  await expect(received).toContainText('reviewed for up to 48 hours');
  await received.getByRole('button', { name: 'Done' }).click();

  const list = page.getByRole('dialog', { name: 'Manage Custom Nameservers' });
  const item = list.getByRole('listitem').filter({ hasText: 'ns1.oldtownbikes.shop' });
  await expect(item).toContainText('Pending review');
  await expect(item).toContainText('203.0.113.53');

  await item.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Nameserver' });
  await edit.getByLabel('IP address').fill('203.0.113.54');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const updated = page.getByRole('dialog', { name: 'Nameserver Updated' });
  await expect(updated).toContainText('203.0.113.54');
  await updated.getByRole('button', { name: 'Done' }).click();

  await list
    .getByRole('listitem')
    .filter({ hasText: 'ns1.oldtownbikes.shop' })
    .getByRole('button', { name: /Delete/ })
    .click();
  await page.getByRole('dialog', { name: 'Delete Nameserver' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Nameserver Deleted' }).getByRole('button', { name: 'Done' }).click();
  await expect(list.getByText('No custom nameservers yet.')).toBeVisible();
});

test('the conflict panel lists the root A record of a custom domain and leads to the Advanced tab', async ({ page }) => {
  const card = domainEntry(page, 'quietharbor.org');
  await card.getByRole('button', { name: /Manage/ }).click();
  const panel = card.getByTestId('conflict-panel');
  await expect(panel.getByRole('heading', { name: 'This Domain is using Custom DNS Records' })).toBeVisible();
  await expect(panel).toContainText('A @ 203.0.113.10');
  await panel.getByRole('button', { name: 'Edit Advanced Settings' }).click();
  await expect(card.getByRole('tab', { name: 'Advanced' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('button', { name: 'Manage DNS Records' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

test('My Domains shows every status and service label of the demo domains, and the card tabs', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fdomains$/);
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();

  const card = (name: string) => domainEntry(page, name);
  await expect(card('brightbeancoffee.com')).toContainText('Active');
  await expect(card('brightbeancoffee.com')).toContainText("Spot's Suite");
  await expect(card('brightbeancoffee.com')).toContainText('$8.99');
  await expect(card('brightbeancoffee.com')).toContainText('Email over 5 GB');
  await expect(card('brightbeancoffee.com').getByText('Domain protection on')).toBeAttached();
  await expect(card('brightbeancoffee.net')).toContainText('Forwarding');
  await expect(card('oldtownbikes.shop')).toContainText('Expiring');
  await expect(card('oldtownbikes.shop')).toContainText('Parking');
  await expect(card('quietharbor.org')).toContainText('Custom');
  await expect(card('quietharbor.org')).toContainText('For sale');

  // Expired cards offer only Renew; pending cards cannot be managed.
  const expired = card('lakesidephoto.studio');
  await expect(expired).toContainText('Expired');
  await expect(expired.getByRole('button')).toHaveText(['Renew lakesidephoto.studio']);
  const pending = card('northwindlabs.io');
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText('Transfer pending');
  await expect(pending.getByRole('button')).toHaveCount(0);

  // Manage opens Service, Settings, Email and (advancedEnabled) Advanced; Settings shows MMM d, yyyy dates.
  const suite = card('brightbeancoffee.com');
  await suite.getByRole('button', { name: /Manage/ }).click();
  await expect(suite.getByRole('tab')).toHaveText(['Service', 'Settings', 'Email', 'Advanced']);
  await suite.getByRole('tab', { name: 'Settings' }).click();
  await expect(suite.getByRole('tabpanel')).toContainText(/Expiration date\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(suite.getByRole('tabpanel')).toContainText('Auto-renew on');
  await suite.getByRole('tab', { name: 'Email' }).click();
  await expect(suite.getByRole('tabpanel')).toContainText('hello@brightbeancoffee.com');
  await suite.getByRole('button', { name: /Hide/ }).click();
  await expect(suite.getByRole('tab')).toHaveCount(0);

  // Transfer and Renew open their (placeholder) dialogs; Escape closes them.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Domain Transfers' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/search');
  await expect(page.getByRole('link', { name: 'Contact Information' })).toHaveAttribute('href', '/account/summary?view=contact_info');
  await expect(page.getByRole('link', { name: 'Payment Methods' })).toHaveAttribute('href', '/account/summary?view=payment');

  // Tabs follow the path.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/summary$/);
  await expect(page.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('an unknown account route goes to /NotFound and on to the brand’s 404 page (brand.json notFoundUrl)', async ({ page }) => {
  await page.goto('/account/no-such-thing');
  await page.waitForURL('**/404');
});

test('contact phone numbers read as the account’s country writes them, not as stored', async ({ page }) => {
  await page.goto('/account/summary?view=contact_info');
  await logInAsDemo(page);
  const registrant = page.getByRole('region', { name: 'Registrant (Organizational) Contact' });
  // Stored as +14155550123; the demo account is in the US.
  await expect(registrant.getByRole('link', { name: '(415) 555-0123' })).toHaveAttribute('href', 'tel:+14155550123');
  await expect(registrant).not.toContainText('+14155550123');
});

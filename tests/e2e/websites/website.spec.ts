/** What a domain shows, from the Service tab: forward, park, and the website builder's add and cancel. */
import { existsSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { useDemoSession } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

// Both journeys change the demo's maplestreetbakery.com (seeded for them): one after the other.
test.describe.configure({ mode: 'serial' });

const name = 'maplestreetbakery.com';

async function openServiceTab(page: Page) {
  await useDemoSession(page);
  await page.goto('/account/domains');
  const card = domainEntry(page, name);
  await card.getByRole('button', { name: /Manage/ }).click();
  await expect(card.getByRole('tab', { name: 'Service' })).toHaveAttribute('aria-selected', 'true');
  return card;
}

test('forwarding refuses a bad address with Error! and takes a good one; parking on the blank or default page', async ({ page }) => {
  const card = await openServiceTab(page);
  const forward = card.getByRole('region', { name: 'Forwarding' });
  await forward.getByLabel('Forward to').fill('not a website');
  await forward.getByRole('button', { name: 'Forward' }).click();
  const error = page.getByRole('dialog', { name: 'Error!' });
  await expect(error).toContainText('Please enter a valid website address');
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(card.locator('.service-label')).toHaveText('Parking');

  await forward.getByLabel('Forward to').fill('www.example.com/bakery');
  await forward.getByLabel(/Keep the path/).check();
  await forward.getByLabel(/Temporary \(302\)/).check();
  await forward.getByRole('button', { name: 'Forward' }).click();
  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toContainText('Your domain is now forwarded!');
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(card.locator('.service-label')).toHaveText('Forwarding');
  await expect(card.getByRole('tabpanel')).toContainText('a forward to https://www.example.com/bakery');
  await expect(forward).toContainText('In use');

  // The options come back as saved after a reload.
  await page.reload();
  await card.getByRole('button', { name: /Manage/ }).click();
  await expect(forward.getByLabel(/Keep the path/)).toBeChecked();
  await expect(forward.getByLabel(/Temporary \(302\)/)).toBeChecked();

  const parking = card.getByRole('region', { name: 'Parking' });
  await parking.getByLabel(/Blank page/).check();
  await parking.getByRole('button', { name: 'Park' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toContainText('Your domain is now parked!');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(card.locator('.service-label')).toHaveText('Parking');
  await expect(card.getByRole('tabpanel')).toContainText('see a blank page');

  await parking.getByLabel(/Default page/).check();
  await parking.getByRole('button', { name: 'Update Parking' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toContainText('Your domain is now parked!');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('tabpanel')).toContainText('see a parking page');
});

test('the website builder: offer, confirm, added with its link; the site editor; confirm cancel, cancelled; label and price follow', async ({ page }) => {
  const card = await openServiceTab(page);
  await expect(card.locator('.domain-price')).toContainText('$0.00');

  await card.getByRole('button', { name: 'Add Website Builder' }).click();
  const offer = page.getByRole('dialog', { name: 'Website Builder' });
  await expect(offer).toContainText('$5.00');
  await expect(offer).toContainText('Free for 14 days');
  await offer.getByRole('button', { name: 'Start Free Trial' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add Website Builder' });
  await expect(confirm).toContainText('14-day free trial starts today');
  await confirm.getByRole('button', { name: 'Add Website Builder' }).click();
  const added = page.getByRole('dialog', { name: 'Website Builder Added' });
  const create = added.getByRole('link', { name: 'Create Your Site' });
  await expect(create).toHaveAttribute('href', /^\/account\/website\/\d+$/);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(card.locator('.service-label')).toHaveText('Website');
  await expect(card.locator('.service-note')).toHaveText('Active now: Parking');
  await expect(card.locator('.domain-price')).toContainText('$5.00');
  await expect(card.getByRole('region', { name: 'Website Builder' })).toContainText(/free trial until [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // The editor: write the page and show it on the domain.
  await card.getByRole('link', { name: 'Edit your site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Your site on ${name}` })).toBeVisible();
  await page.getByLabel('Headline').fill('Sourdough baked daily');
  await page.getByLabel('Text').fill('Open 7 to 3, every day but Monday.');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Sourdough baked daily');
  await page.getByRole('button', { name: `Save and Show on ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toContainText(`Your site is now live on ${name}!`);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Live on your domain')).toBeVisible();
  await page.getByRole('link', { name: '← My Domains' }).click();

  await card.getByRole('button', { name: /Manage/ }).click();
  await expect(card.locator('.service-note')).toHaveCount(0);
  await expect(card.getByRole('region', { name: 'Website Builder' })).toContainText('In use');
  await card.getByRole('button', { name: 'Cancel Website Builder' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Website Builder' });
  await expect(cancel).toContainText('Your site goes offline');
  await expect(cancel).toContainText('nothing is charged');
  await cancel.getByRole('button', { name: 'Yes, Cancel Website Builder' }).click();
  const cancelled = page.getByRole('dialog', { name: 'Website Builder Cancelled' });
  await expect(cancelled).toContainText('The domain shows its parking page again');
  await cancelled.getByRole('button', { name: 'Done' }).click();
  await expect(card.locator('.service-label')).toHaveText('Parking');
  await expect(card.locator('.domain-price')).toContainText('$0.00');

  // Opened again with the builder on, the modal starts at confirm cancel; without it, at the offer (no second trial).
  await card.getByRole('button', { name: 'Add Website Builder' }).click();
  await expect(page.getByRole('dialog', { name: 'Website Builder' })).not.toContainText('Free for 14 days');
  await page.keyboard.press('Escape');
});

test('customers’ domains show their parking page and builder site from our server, within the page policy, at any width', async ({ playwright, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  // Chromium resolves the customers' names to this machine, as their DNS would to our server.
  const browser = await playwright.chromium.launch({
    executablePath: ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p)),
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP maplestreetbakery.com 127.0.0.1, MAP www.brightbeancoffee.com 127.0.0.1'],
  });
  try {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`http://maplestreetbakery.com:${port}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByText('This domain is parked')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Find a name like this' })).toHaveAttribute('href', /\/search\?q=maplestreetbakery$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.goto(`http://www.brightbeancoffee.com:${port}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small-batch coffee, roasted on Market Street');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(violations).toEqual([]);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

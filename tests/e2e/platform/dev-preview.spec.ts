/**
 * `npm run dev` for content editors: in a copy of the checkout, a saved MDX page and a changed price in tlds.csv reach
 * the open browser and the API without a restart, a mistake shows in the browser overlay with its file and fix, and
 * search (the API's WebSocket behind the same port) and signing in to the account app work in the preview. A price
 * written as `{price.email}` renders there too, and one typed by hand is named in the overlay.
 */
import { expect, test } from '@playwright/test';
import { e2eDemo } from '../../../playwright.config.ts';
import { type DevCheckout, startDevCheckout } from '../../fixtures/dev-checkout.ts';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

let dev: DevCheckout;
let port = 0;
const save: DevCheckout['save'] = (file, change) => dev.save(file, change);

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  dev = await startDevCheckout('dev-preview', { DEMO_PASSWORD: e2eDemo.password, DEMO_TOTP_SECRET: e2eDemo.totpSecret });
  port = dev.port;
});

// A failure here is often the preview's, not the browser's: show what `npm run dev` printed with it.
test.afterEach(() => {
  const { status, expectedStatus } = test.info();
  if (status !== expectedStatus) console.log(`npm run dev printed, last lines:\n${dev?.output().slice(-4000)}`);
});

test.afterAll(async () => {
  await dev?.stop();
});

test('a saved MDX page shows in the open tab, and a mistake shows in the overlay until fixed', async ({ page }) => {
  // The tab follows saves once its live-reload connection is up (Vite logs "[vite] connected."): wait for it, as an
  // editor's tab has it long before they type.
  const connected = page.waitForEvent('console', { predicate: (message) => message.text().includes('[vite] connected'), timeout: 30_000 });
  await page.goto(`http://localhost:${port}/about`);
  await connected;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helping you claim your spot on the web since 1999');

  save('content/pages/about.mdx', (text) => text.replace('Helping you claim your spot on the web since 1999', 'Edited while the preview was open'));
  // No reload by hand: the open tab follows the save by itself.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited while the preview was open', { timeout: 30_000 });

  save('content/pages/about.mdx', (text) => text.replace(/^eyebrow:/m, 'eyebrw:'));
  const overlay = page.locator('vite-error-overlay');
  await expect(overlay).toContainText('content/pages/about.mdx', { timeout: 20_000 });
  await expect(overlay).toContainText('Unknown front-matter field "eyebrw"');
  await expect(overlay).toContainText('Did you mean "eyebrow"?');

  save('content/pages/about.mdx', (text) => text.replace(/^eyebrw:/m, 'eyebrow:'));
  await expect(overlay).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited while the preview was open');
});

test('a price written in a page’s words shows in the preview, and one typed by hand is named in the overlay', async ({ page }) => {
  const connected = page.waitForEvent('console', { predicate: (message) => message.text().includes('[vite] connected'), timeout: 30_000 });
  await page.goto(`http://localhost:${port}/email`);
  await connected;
  await expect(page.locator('.hero-sub')).toContainText('5 mailboxes, 5 GB each, for $5 a month.');
  await expect(page.locator('main')).toContainText('Get the Website & Email bundle for $8.99 a month.');

  save('content/pages/email.mdx', (text) => text.replace('bundle](/pricing) for {price.websiteEmail} a month', 'bundle](/pricing) for $8.99 a month'));
  const overlay = page.locator('vite-error-overlay');
  await expect(overlay).toContainText('A price typed by hand ("$8.99")', { timeout: 20_000 });
  await expect(overlay).toContainText('Write {price.websiteEmail} (the price the cart charges), or {price(8.99)}');

  save('content/pages/email.mdx', (text) => text.replace('bundle](/pricing) for $8.99 a month', 'bundle](/pricing) for {price.websiteEmail} a month'));
  await expect(overlay).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('main')).toContainText('Get the Website & Email bundle for $8.99 a month.');
});

test('a changed price in tlds.csv reaches the API and the pricing page without a restart', async ({ page }) => {
  save('content/tlds.csv', (text) => text.replace(/^com,([^,]*),([^,]*),\d+,/m, 'com,$1,$2,1099,'));
  await expect
    .poll(async () => (await (await fetch(`http://localhost:${port}/api/tlds?tld=com`)).json()).data[0].newPricing[0], { timeout: 20_000 })
    .toBe(1099);
  await expect(async () => {
    await page.goto(`http://localhost:${port}/pricing`);
    await expect(page.getByRole('row', { name: /^\.com\b/ })).toContainText('$10.99', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
});

test('search answers through the preview’s port (the API and its WebSocket behind it)', async ({ page }) => {
  await page.goto(`http://localhost:${port}/search?q=zqxvbrtplm`);
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true }).first()).toHaveAccessibleDescription('zqxvbrtplm.com', { timeout: 60_000 });
});

test('signing in leads to the account app, served by its own dev server behind the same port', async ({ page }) => {
  await page.goto(`http://localhost:${port}/account`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fdomains$/, { timeout: 30_000 });
  await logInAsDemo(page, { fresh: true });
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible({ timeout: 30_000 });
  await expect(domainEntry(page, 'brightbeancoffee.com')).toBeVisible();
});

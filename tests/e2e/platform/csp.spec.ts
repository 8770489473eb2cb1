/** The Content-Security-Policy in Chromium: every page works under it with no violation, and it blocks injected script. */
import { expect, type Page, test } from '@playwright/test';
import { newPhone } from '../helpers/checkout-helpers.ts';
import { watchViolations } from '../helpers/csp-violations.ts';
import { useDemoSession } from '../helpers/login-helpers.ts';

async function expectPolicy(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('home, search, login and the account app run under the policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await expectPolicy(page, '/');
  await page.getByRole('searchbox', { name: 'Search for a domain name' }).fill('garden');
  await page.getByRole('searchbox', { name: 'Search for a domain name' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=garden$/);
  await expect(page.locator('[aria-live="polite"]', { hasText: 'Search complete' })).toBeAttached({ timeout: 30_000 });
  expect(await violations()).toEqual([]);

  await expectPolicy(page, '/login');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  expect(await violations()).toEqual([]);

  await useDemoSession(page);
  await expectPolicy(page, '/account/domains');
  await expect(page.getByText('brightbeancoffee.com').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the cart and the sandbox card form, test dialog included, work under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  const phone = newPhone();
  expect((await page.request.post('/api/cartItems', { data: { type: 'domain', domain: `qwzxv-csp-${unique()}.com`, domainType: 'new' } })).status()).toBe(201);
  await expectPolicy(page, '/cart');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Address').fill('1 Compiler Lane');
  await page.getByLabel('City').fill('Arlington');
  await page.getByLabel('State / Province').fill('VA');
  await page.getByLabel('ZIP / Postal code').fill('22201');
  await page.getByLabel('Email (your login)').fill(`csp-${unique()}@example.org`);
  await page.getByLabel('Password for your new account').fill('a long enough password');
  await page.getByLabel('How did you hear about us?').selectOption('friend');
  await page.getByLabel('Mobile phone').fill(phone.replace('+1', ''));
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await (await page.request.get('/api/dev/outbox')).json();
      code = /\b(\d{6})\b/.exec(outbox.data.find((m: { to: string }) => m.to === phone)?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(code);
  await expect(page.getByText(`Phone ${phone} verified`)).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await page.getByRole('dialog', { name: 'Test authentication' }).getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText(/^Visa ending in 3155/)).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a script injected into a page does not run, and the browser reports it', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
});

import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

const brand = JSON.parse(readFileSync('content/brand.json', 'utf8')) as typeof import('../../../content/brand.json');

/** Answers GET /api/carts/0 as the API does for a logged-in customer with `count` items. */
async function pretendLoggedIn(page: Page, count: number) {
  await page.route('**/api/carts/0*', (route) => route.fulfill({ json: { cartId: 1, itemCount: count, totalPrice: 0, $isLoggedIn: true, cartItems: [] } }));
}

async function addToCart(page: Page, domain: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/cartItems', { data: { domain }, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('header on a desktop', () => {
  test('shows the sister brands, the main navigation, Help Center and Log In, and no badge on an empty cart', async ({ page }) => {
    await page.goto('/pricing');
    const brands = page.getByRole('navigation', { name: `${brand.name} family of brands` });
    for (const sister of brand.sisterBrands) await expect(brands.getByRole('link', { name: new RegExp(sister.name) })).toHaveAttribute('href', sister.url);
    const main = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [name, href] of [
      ['Domains', '/domains'],
      ['Website Builder', '/website-builder'],
      ['Email', '/email'],
      ['Pricing', '/pricing'],
    ]) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(main.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', brand.helpCenterUrl);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Shopping cart', exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
  });

  test('shows the cart count once the cart holds an item, on every page', async ({ page }) => {
    await page.goto('/');
    await addToCart(page, 'quietmeadowpottery.com');
    await page.goto('/email');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByRole('link', { name: 'Shopping cart, 1 item' })).toHaveAttribute('href', '/cart');
  });

  test("shows 'My Account' instead of 'Log In' for a logged-in customer", async ({ page }) => {
    await pretendLoggedIn(page, 0);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveCount(0);
  });

  test('the footer links the legal pages and states the registrar statement', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(brand.registrarStatement);
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Acceptable Use', '/terms#AcceptableUseTerms'],
      ['Payment Terms', '/terms#PaymentTerms'],
      ['Brokerage Terms', '/terms#BrokerageTerms'],
      ['Dispute Policy (UDRP)', '/legal/UDRP'],
      ['Privacy Policy', '/privacy'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens with every entry and Log In, and closes when focus leaves it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.site-header[data-ready]')).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    const entries = ['Shopping Cart', 'Search Domains', 'Transfer a Domain', 'Domain Info', 'Website Builder', 'Email', 'Pricing', 'Help Center'];
    await expect(menu.getByRole('listitem')).toHaveText(entries.map((e) => new RegExp(`^${e}`)));
    await expect(menu.getByRole('link', { name: /Shopping Cart/ })).toContainText('0');
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log Out' })).toHaveCount(0);
    // Focus moves to the search box under the menu: the menu closes shortly after (50 ms).
    await menu.getByRole('link', { name: 'Search Domains' }).focus();
    await page.getByRole('searchbox', { name: 'Search for a domain name' }).focus();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('stays open while focus moves inside it, and closes on Escape', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.site-header[data-ready]')).toBeAttached();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Search Domains' })).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('offers My Account and Log Out when logged in, with the cart count', async ({ page }) => {
    await pretendLoggedIn(page, 3);
    await page.goto('/');
    await expect(page.locator('.site-header[data-ready]')).toBeAttached();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: /Shopping Cart/ })).toContainText('3');
    await expect(menu.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    await expect(menu.getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/login?logout=true');
    await expect(page.getByTestId('cart-count')).toHaveText('3');
  });
});

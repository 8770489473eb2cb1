/**
 * The cart renders the same first markup on the server and in the browser: no React hydration error (#418), nor any
 * other console error, on any load, empty or with items, at a phone's and a desktop's width. The cart island's script
 * is held until the header's own cart request has been answered, as on a slow connection, so the island always
 * hydrates with the cart already known (what broke hydration on every real load).
 */
import { expect, type Page, test } from '@playwright/test';
import { addDomain, unique } from '../helpers/checkout-helpers.ts';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const width of [390, 1280]) {
  test(`/cart loads without a console error, empty and with items, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = watchErrors(page);
    let headerAnswered: () => void = () => {};
    let answered = Promise.resolve();
    const nextLoad = () => {
      answered = new Promise<void>((resolve) => {
        headerAnswered = resolve;
      });
    };
    page.on('requestfinished', (request) => {
      if (/\/api\/carts\/0\b/.test(request.url())) headerAnswered();
    });
    await page.route(/\/_astro\/CartPage\.[\w-]+\.js$/, async (route) => {
      await answered;
      await route.continue();
    });
    nextLoad();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);

    await addDomain(page, `cart-load-${unique()}.com`);
    for (let load = 0; load < 3; load++) {
      nextLoad();
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: /Your cart\s+\(1 domain\)/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });
}

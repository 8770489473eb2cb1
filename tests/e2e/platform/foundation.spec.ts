import { expect, test } from '@playwright/test';

test('a new visitor sees the home page, searches from it, and the account app answers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/domains|\/login/);
});

test('an unknown page is a real 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
});

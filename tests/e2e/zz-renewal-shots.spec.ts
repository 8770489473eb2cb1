import { test } from '@playwright/test';
import { logInAsDemo } from './login-helpers.ts';

for (const width of [1280, 390]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/domains');
    await logInAsDemo(page);
    await page.getByRole('button', { name: 'Renew', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Renew My Domain' });
    await dialog.getByRole('checkbox', { name: 'Renew oldtownbikes.shop' }).check();
    await dialog.getByRole('checkbox', { name: 'Protect quietharbor.org' }).check();
    await page.screenshot({ path: `/tmp/renew-select-${width}.png`, fullPage: false });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Review Your Order' }).waitFor();
    await page.screenshot({ path: `/tmp/renew-review-${width}.png` });
    await page.keyboard.press('Escape');
    const c = page.getByRole('article', { name: 'oldtownbikes.shop' });
    await c.getByRole('button', { name: /Manage/ }).click();
    await c.getByRole('tab', { name: 'Settings' }).click();
    await c.getByRole('tabpanel').getByRole('button', { name: 'Renew' }).click();
    await page.getByRole('dialog', { name: 'Renew My Domain' }).waitFor();
    await page.screenshot({ path: `/tmp/renew-one-${width}.png` });
    await page.keyboard.press('Escape');
    await c.getByRole('tabpanel').getByRole('button', { name: 'Add domain protection' }).click();
    await page.getByRole('dialog', { name: 'Domain Protection' }).waitFor();
    await page.screenshot({ path: `/tmp/protection-${width}.png` });
  });
}

import { test } from '@playwright/test';
import { logInAsDemo } from './login-helpers.ts';

test('screens', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/account/summary');
  await logInAsDemo(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const view of ['', '?view=update_login', '?view=contact_info', '?view=update_contact&contact_type=organizational']) {
      await page.goto(`/account/summary${view}`);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/acc/${width}-${view.replace(/[^a-z_]/g, '') || 'summary'}.png`, fullPage: true });
    }
    await page.goto('/account/approve-change?token=abc');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/acc/${width}-approve.png`, fullPage: true });
  }
});

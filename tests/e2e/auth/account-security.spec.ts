/**
 * Customers' own security in the browser (issue #25): recovery codes made, shown once and downloadable; a sign-in
 * with one that lands on the two-factor settings asking for a review; Account activity listing it with the browser
 * and system; search results showing what a name renews at. Axe-clean at 1280 and 390 px, screenshots kept.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { logInAsDemo, submitCredentials } from '../helpers/login-helpers.ts';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

async function checkPage(page: Page, shot: string) {
  expect(await axeProblems(page)).toEqual([]);
  // The page must not scroll sideways; when it does, the failure names what sticks out (tag and class).
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth > window.innerWidth + 1
      ? [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      : [],
  );
  expect(wide).toEqual([]);
  await page.screenshot({ path: `test-results/screens/security-${shot}.png` });
}

test.describe.configure({ mode: 'serial' });

for (const width of [1280, 390]) {
  test(`recovery codes at ${width} px: made and downloaded, one signs in and asks to review the methods, Account activity lists it`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/account/summary?view=manage_MFA');
    // A fresh sign-in: making codes needs a recent one.
    await logInAsDemo(page, { fresh: true });
    await page.goto('/account/summary?view=manage_MFA');
    const card = page.getByRole('region', { name: 'Recovery Codes' });
    await card.getByRole('button', { name: 'Make New Codes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Make New Recovery Codes' });
    await confirm.getByRole('button', { name: 'Make New Codes' }).click();
    const shown = page.getByRole('dialog', { name: 'Your New Recovery Codes' });
    await expect(shown.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    const codes = await shown.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    const download = page.waitForEvent('download');
    await shown.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('dotspot-recovery-codes.txt');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screens/security-codes-${width}.png` });
    await shown.getByRole('button', { name: 'I Saved Them' }).click();
    await expect(card).toContainText('10 of 10 left');

    // Signed out; back in with the password and a recovery code instead of the authenticator.
    await page.context().clearCookies();
    await page.goto('/login');
    await submitCredentials(page);
    await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
    await page.getByRole('button', { name: 'Lost your second factor? Use a recovery code' }).click();
    await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
    await checkPage(page, `login-recovery-code-${width}`);
    await page.getByLabel('Recovery code').fill(codes[0].trim().toUpperCase());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account\/summary\?view=manage_MFA&recovered=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'You signed in with a recovery code.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recovery Codes' })).toContainText('9 of 10 left');
    await checkPage(page, `review-factors-${width}`);

    await page.goto('/account/summary?view=activity');
    const latest = page.getByRole('listitem').filter({ hasText: 'Signed in with a recovery code' }).first();
    // Playwright's Desktop Chrome says it is Chrome on Windows 10.
    await expect(latest).toContainText(/Signed in with a recovery code · Chrome \d+ on Windows 10/);
    await expect(page.getByRole('listitem').filter({ hasText: 'New recovery codes' }).first()).toBeVisible();
    await checkPage(page, `activity-${width}`);
  });
}

test('search results show the renewal price beside the first year, premium names included', async ({ page }) => {
  await page.goto('/search?q=garden');
  // garden.dev is a sandbox premium name ($249 a year), which the sandbox registry renews at the same premium price.
  const premium = page
    .getByRole('listitem')
    .filter({ hasText: /^garden\.dev/ })
    .first();
  await expect(premium).toContainText('$249.00/yrsame price to renew');
  await premium.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/security-search-premium-1280.png' });
  await page.goto('/search?q=zqxvbrtplmfoo.com');
  const exact = page.locator('.sr-exact');
  await expect(exact).toContainText('first year');
  await expect(exact).toContainText('renews at $11.28/yr');
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  // The page must not scroll sideways; when it does, the failure names what sticks out (tag and class).
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth > window.innerWidth + 1
      ? [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      : [],
  );
  expect(wide).toEqual([]);
  await page.locator('.sr-exact').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/security-search-390.png' });
});

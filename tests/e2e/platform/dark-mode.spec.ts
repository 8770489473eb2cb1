/**
 * Light and dark: My Domains with a domain's Manage panel open passes axe (no serious or critical violation, contrast
 * included) in both, the system setting is followed, and the switch's pick is remembered across the site, the account
 * app and reloads. Screenshots at a phone's and a desktop's width.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { manageDomain } from '../helpers/domain-list-helpers.ts';
import { useDemoSession } from '../helpers/login-helpers.ts';

async function seriousProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

for (const scheme of ['light', 'dark'] as const) {
  test(`My Domains with a Manage panel open passes axe in ${scheme} mode`, async ({ page }) => {
    // axe over the whole list with a panel open takes a while on a shared machine.
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    await useDemoSession(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account/domains');
      await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
      const entry = await manageDomain(page, 'brightbeancoffee.com');
      // The Hide button names the panel that is open.
      const hide = entry.getByRole('button', { name: 'Hide brightbeancoffee.com' });
      const controls = await hide.getAttribute('aria-controls');
      expect(await page.locator(`[id="${controls}"]`).count()).toBe(1);
      if (width === 1280) expect(await seriousProblems(page)).toEqual([]);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background === 'rgb(11, 17, 32)' || background === 'rgb(20, 27, 45)').toBe(scheme === 'dark');
      await page.screenshot({ path: test.info().outputPath(`my-domains-${scheme}-${width}.png`), fullPage: width === 390 });
    }
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a button under the pointer keeps its text readable in ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    // The home page's search button is a spot button; hovered, it changes colour, and axe must still pass it.
    const button = page.locator('.search-button').first();
    await button.hover();
    await expect.poll(() => button.evaluate((el) => el.matches(':hover'))).toBe(true);
    const contrast = await new AxeBuilder({ page }).include('.search-button').withRules(['color-contrast']).analyze();
    expect(contrast.violations.map((v) => v.nodes.map((n) => n.failureSummary))).toEqual([]);
  });
}

test('the dark switch is remembered on the site and in the account app, over the system setting', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const sw = page.getByRole('button', { name: 'Dark' }).first();
  await expect(sw).toHaveAttribute('aria-pressed', 'false');
  await sw.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(sw).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousProblems(page)).toEqual([]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await useDemoSession(page);
  await page.goto('/account/domains');
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

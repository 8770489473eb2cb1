import { expect, test } from '@playwright/test';
import { hydrated } from '../helpers/islands.ts';

const status = (n: number, name: string) => `Template ${n} of 7: ${name}`;

test.describe('website builder template carousel', () => {
  test('advances on its own and wraps from the last template to the first', async ({ page }) => {
    await page.goto('/website-builder');
    await hydrated(page, 'TemplateCarousel');
    const carousel = page.getByRole('region', { name: 'Website templates' });
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const current = carousel.locator('.carousel-status');
    await expect(current).toHaveText(status(1, 'Bakery'));
    await expect(current).toHaveText(status(2, 'Photographer Portfolio'), { timeout: 8000 });
    await expect(carousel.locator('img')).toHaveCount(7);
    await expect(carousel.getByRole('img')).toHaveCount(1);
  });

  test('moves with the previous and next arrows, wrapping both ways, and with the arrow keys', async ({ page }) => {
    await page.goto('/website-builder');
    await hydrated(page, 'TemplateCarousel');
    const carousel = page.getByRole('region', { name: 'Website templates' });
    const current = carousel.locator('.carousel-status');
    await carousel.getByRole('button', { name: 'Previous template' }).click();
    await expect(current).toHaveText(status(7, 'Wedding'));
    await expect(carousel.getByRole('group', { name: '7 of 7: Wedding' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next template' }).click();
    await expect(current).toHaveText(status(1, 'Bakery'));
    await carousel.getByRole('button', { name: 'Next template' }).click();
    await expect(current).toHaveText(status(2, 'Photographer Portfolio'));
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveText(status(3, 'Consultant'));
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveText(status(2, 'Photographer Portfolio'));
    await carousel.getByRole('button', { name: 'Show template 5: Online Store' }).click();
    await expect(current).toHaveText(status(5, 'Online Store'));
  });

  test('stays on its template once paused', async ({ page }) => {
    await page.goto('/website-builder');
    await hydrated(page, 'TemplateCarousel');
    const carousel = page.getByRole('region', { name: 'Website templates' });
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    const before = await carousel.locator('.carousel-status').textContent();
    await page.waitForTimeout(3600);
    await expect(carousel.locator('.carousel-status')).toHaveText(before!);
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });
});

test.describe('with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  test('does not advance on its own', async ({ page }) => {
    await page.goto('/website-builder');
    await hydrated(page, 'TemplateCarousel');
    await page.mouse.move(0, 0);
    const current = page.getByRole('region', { name: 'Website templates' }).locator('.carousel-status');
    await expect(current).toHaveText(status(1, 'Bakery'));
    await page.waitForTimeout(3600);
    await expect(current).toHaveText(status(1, 'Bakery'));
  });
});

import { expect, test } from '@playwright/test';

test('terms have 26 numbered sections and the three appendices, reachable by their anchors', async ({ page }) => {
  await page.goto('/terms');
  const sections = page
    .getByRole('main')
    .locator('.prose h2')
    .filter({ hasText: /^\d+\. / });
  await expect(sections).toHaveCount(26);
  await expect(sections.nth(25)).toHaveText(/^26\. /);
  for (const [anchor, heading] of [
    ['AcceptableUseTerms', 'Appendix A: Acceptable Use'],
    ['PaymentTerms', 'Appendix B: Payment Terms'],
    ['BrokerageTerms', 'Domain Brokerage Service Terms'],
  ]) {
    await page.goto(`/terms#${anchor}`);
    const target = page.locator(`#${anchor}`);
    await expect(target).toHaveText(heading);
    await expect(target).toBeInViewport();
  }
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
});

test('the table of contents jumps to the payment terms', async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Appendix B: Payment Terms' }).click();
  await expect(page).toHaveURL(/#PaymentTerms$/);
  await expect(page.locator('#PaymentTerms')).toBeInViewport();
});

test('the dispute policy has 9 numbered paragraphs and the legal page links every policy', async ({ page }) => {
  await page.goto('/legal/UDRP');
  await expect(
    page
      .getByRole('main')
      .locator('.prose h2')
      .filter({ hasText: /^\d+\. / }),
  ).toHaveCount(9);
  await page.goto('/legal');
  for (const href of ['/terms', '/privacy', '/legal/UDRP']) await expect(page.getByRole('main').locator(`a[href="${href}"]`).first()).toBeVisible();
});

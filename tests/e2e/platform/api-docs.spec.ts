/**
 * The API reference at /api/docs (issue #15): Swagger UI served by us, under its own narrow Content-Security-Policy,
 * lists the operations of /api/openapi.json and lets a reader try a call with a pasted token (or their session).
 */
import { expect, test } from '@playwright/test';
import { watchViolations } from '../helpers/csp-violations.ts';
import { useDemoSession } from '../helpers/login-helpers.ts';

test('the API reference lists the operations and tries a call, with a token and with the session, under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost') && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto('/api/docs');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /Dotspot API/ })).toBeVisible();
  for (const summary of ['List DNS records', 'Add a DNS record', 'Update a domain', 'Check availability', 'Renew domains']) {
    await expect(page.getByText(summary, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/api-docs-1280.png' });

  const listDomains = page.locator('.opblock', { has: page.getByText('List domains', { exact: true }) });
  await listDomains.locator('.opblock-summary-control').click();
  await listDomains.getByRole('button', { name: 'Try it out' }).click();

  // A pasted token goes out as a bearer header: an unknown one is refused by name.
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill('dsp_not_a_real_token');
  await page.getByRole('button', { name: 'Apply credentials' }).click();
  await page.locator('.modal-ux').getByRole('button', { name: 'Close' }).click();
  await listDomains.getByRole('button', { name: 'Execute' }).click();
  await expect(listDomains.locator('.responses-inner')).toContainText('This API token is not valid');
  await expect(listDomains.locator('.live-responses-table tbody .response-col_status').first()).toContainText('401');
  await page.screenshot({ path: 'test-results/api-docs-try-1280.png', fullPage: false });

  // Without a token, a signed-in customer's own session answers.
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('button', { name: 'Remove authorization' }).click();
  await page.locator('.modal-ux').getByRole('button', { name: 'Close' }).click();
  await useDemoSession(page);
  await listDomains.getByRole('button', { name: 'Execute' }).click();
  await expect(listDomains.locator('.responses-inner')).toContainText('brightbeancoffee.com');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api/docs');
  await expect(page.getByText('List DNS records', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/api-docs-390.png', fullPage: false });
  expect(await violations()).toEqual([]);
  expect(outside).toEqual([]);
});

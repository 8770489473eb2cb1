/**
 * Registrant verification (WAPS) as a new customer meets it: after the first order My Domains shows "Verify your email
 * to keep your domains active" with a resend; the emailed link opens a page that verifies, and the banner is gone.
 */
import { expect, type Page, test } from '@playwright/test';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';

async function newestLink(page: Page, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const outbox = await (await page.request.get('/api/dev/outbox')).json();
        const mail = outbox.data.find((m: { to: string; subject: string }) => m.to === to && /^Verify your email/.test(m.subject ?? ''));
        link = /https?:\/\/\S+\/account\/verify-registrant\?token=\S+/.exec(mail?.body ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}

test('a new registrant sees the banner, resends, verifies from the emailed link, and the banner is gone', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `registrant-${unique()}@example.org`;
  await page.goto('/');
  await addDomain(page, `qwzxv-verify-${unique()}.com`);
  await page.goto('/cart');
  await fillVisitorDetails(page, email, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);

  const first = await newestLink(page, email);
  await page.reload();
  const banner = page.getByRole('region', { name: 'Verify your email to keep your domains active' });
  await expect(banner).toContainText(`We emailed a link to ${email}`);
  await banner.getByRole('button', { name: 'Resend Email' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${email}. Links in earlier emails no longer work.`);
  await expect.poll(() => newestLink(page, email), { timeout: 30_000 }).not.toBe(first);
  const link = await newestLink(page, email);

  await page.goto(link);
  await page.getByRole('button', { name: 'Verify My Email' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Thank you: ${email} is verified.`);
  await page.getByRole('link', { name: 'Go to My Domains' }).click();
  await expect(page.getByRole('heading', { name: 'My Domains' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email to keep your domains active' })).toHaveCount(0);
});

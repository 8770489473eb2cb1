/**
 * Registrant verification (WAPS) as a new customer meets it: after the first order My Domains shows "Verify your email
 * to keep your domains active" with a resend; the emailed link opens a page that verifies, and the banner is gone.
 * Compliance can instead mark a waiting registrant verified from the back office, with the evidence and a reason.
 */
import { expect, type Page, test } from '@playwright/test';
import { createStaffFromCommandLine, enrolWithAuthenticator } from '../helpers/admin-helpers.ts';
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

test('compliance marks a waiting registrant verified with the evidence and a reason, and the customer banner is gone', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = `phoned-${unique()}@example.org`;
  await page.goto('/');
  await addDomain(page, `qwzxv-phoned-${unique()}.com`);
  await page.goto('/cart');
  await fillVisitorDetails(page, email, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);
  await newestLink(page, email);

  const desk = await (await browser.newContext()).newPage();
  await enrolWithAuthenticator(desk, createStaffFromCommandLine(`verify-desk-${unique()}@registrar.example`, 'compliance'), 'Vera Verify');
  await desk.goto('/admin/verifications');
  await desk.getByLabel('Registrant email').fill(email);
  const row = desk.getByRole('row').filter({ hasText: 'Waiting' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Mark verified' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Mark verified' });
  await dialog.getByLabel('Evidence').fill('Called the phone number on file; the registrant confirmed the address');
  await dialog.getByLabel(/Reason/).fill('Their mail filter drops our links');
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByText('Marked verified.')).toBeVisible();
  await desk.getByLabel('Status').selectOption('verified');
  await expect(desk.getByRole('row').filter({ hasText: 'Verified' })).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Domains' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email to keep your domains active' })).toHaveCount(0);
});

/**
 * The abuse desk's public form (RAA §3.18): a visitor finds it from the footer, reports a phishing domain with a
 * screenshot, sees the case number, and receives it by email within a minute.
 */
import { expect, test } from '@playwright/test';

test('a visitor reports a phishing domain and gets a case number on screen and by email', async ({ page }) => {
  const reporter = `reporter-${Date.now()}@security.example`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Report Abuse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report Abuse' })).toBeVisible();

  await page.getByLabel('Domain you are reporting').fill('brightbeancoffee.net');
  await page.getByLabel('What kind of abuse').selectOption({ label: 'Phishing' });
  await page.getByLabel('What did you see?').fill('A copy of a bank sign-in page that asks for card numbers.');
  await page.getByLabel('Evidence links (optional, one per line)').fill('https://brightbeancoffee.net/secure-login');
  await page.getByLabel('Evidence file (optional)').setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
  });
  await page.getByLabel('Your email').fill(reporter);
  await page.getByRole('button', { name: 'Send Report' }).click();

  const confirmation = page.locator('.abuse-sent');
  await expect(confirmation).toContainText(/Case AC-\d{5}/, { timeout: 20_000 });
  const caseNumber = /AC-\d{5}/.exec((await confirmation.textContent()) ?? '')![0];
  await expect(confirmation).toContainText(`Your report about brightbeancoffee.net is case ${caseNumber}`);

  await expect
    .poll(
      async () => {
        const outbox = await (await page.request.get('/api/dev/outbox')).json();
        return outbox.data.find((m: { to: string; subject: string }) => m.to === reporter)?.subject ?? null;
      },
      { timeout: 30_000 },
    )
    .toBe(`We received your abuse report about brightbeancoffee.net (case ${caseNumber})`);
});

test('the form says what is wrong instead of sending a report it cannot take', async ({ page }) => {
  await page.goto('/report-abuse');
  await page.getByLabel('Domain you are reporting').fill('not a domain');
  await page.getByLabel('What kind of abuse').selectOption({ label: 'Malware' });
  await page.getByLabel('What did you see?').fill('It serves a trojan to every visitor.');
  await page.getByLabel('Your email').fill('someone@security.example');
  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the domain name you are reporting, such as example.com', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send Report' })).toBeEnabled();
});

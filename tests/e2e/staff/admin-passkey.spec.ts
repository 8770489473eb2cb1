/**
 * A signed-in staff member adds a passkey from "Your sign-in" with Chromium's virtual authenticator: the back office
 * asks for a code from the current authenticator app first (none: the button stays off; a wrong one: the server's
 * words, and no passkey), the member is emailed, and the passkey alone is then their second factor at sign-in.
 */
import { addVirtualAuthenticator } from '../helpers/virtual-authenticator.ts';
import { expect, test } from '@playwright/test';
import { createStaffFromCommandLine, enrolWithAuthenticator, nextCode, staffPassword } from '../helpers/admin-helpers.ts';

test('adding a passkey needs a code from the current app, and the passkey then signs in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const email = `passkey-${run}@staff.example`;
  const link = createStaffFromCommandLine(email, 'viewer', 'Petra Passkey');
  const staff = await enrolWithAuthenticator(page, link, 'Petra Passkey');

  const { credentials } = await addVirtualAuthenticator(page);

  await page.getByRole('link', { name: 'Your sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Your sign-in' })).toBeVisible();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  const add = passkeys.getByRole('button', { name: 'Add a passkey' });
  await expect(add).toBeDisabled();

  // A wrong code: refused before any passkey is made.
  await passkeys.getByLabel('Code from your current app').fill('000000');
  await add.click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  expect(await credentials()).toBe(0);

  await passkeys.getByLabel('Code from your current app').fill(await nextCode(staff));
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your passkey was added. We emailed you about the change.' })).toBeVisible();
  expect(await credentials()).toBe(1);
  await expect
    .poll(async () => {
      const { data } = await (await request.get('/api/dev/outbox')).json();
      return (data as { to: string; subject: string }[]).some((m) => m.to === email && /A passkey was added/.test(m.subject));
    })
    .toBe(true);

  // Signed out, the password and then the passkey (no code) open the back office.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await page.getByRole('link', { name: 'Your sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Your sign-in' })).toBeVisible();
});

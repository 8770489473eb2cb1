/**
 * A signed-in staff member replaces their authenticator app from "Your sign-in": the back office asks for a code from
 * the current app (a wrong one is refused with the server's words), then signs in with the new app.
 */
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createStaffFromCommandLine, enrolWithAuthenticator, nextCode, signInStaff } from '../helpers/admin-helpers.ts';

test('replacing the authenticator app asks for a code from the current one', async ({ page }) => {
  const run = Date.now().toString(36);
  const link = createStaffFromCommandLine(`replace-app-${run}@staff.example`, 'viewer', 'Rita Replace');
  const staff = await enrolWithAuthenticator(page, link, 'Rita Replace');

  await page.getByRole('link', { name: 'Your sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Your sign-in' })).toBeVisible();
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Replace authenticator app' }).click();
  const secret = (await page.locator('code.secret').textContent())!.replace(/\s/g, '');
  const next = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  await page.getByLabel('Code from the new app').fill(next.generate());
  await expect(page.getByRole('button', { name: 'Replace', exact: true })).toBeDisabled();
  await app.getByLabel('Code from your current app').fill('000000');
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await app.getByLabel('Code from your current app').fill(await nextCode(staff));
  await page.getByLabel('Code from the new app').fill(next.generate());
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your authenticator app was replaced.' })).toBeVisible();

  // The new app is the one that signs in now.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await signInStaff(page, { ...staff, totp: next });
});

/**
 * A staff member who enrolled with a passkey only adds an authenticator app from "Your sign-in": with no app to take a
 * code from, the page asks for the password and a code we email (Chromium's virtual authenticator stands in for the
 * device). A wrong emailed code adds nothing; the right one adds the app, which then signs them in.
 */
import { addVirtualAuthenticator } from '../helpers/virtual-authenticator.ts';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createStaffFromCommandLine, nextCode, openEnrolmentLink, staffPassword } from '../helpers/admin-helpers.ts';

test('a passkey-only member adds an authenticator app with the password and an emailed code', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `passkey-only-${Date.now().toString(36)}@staff.example`;
  const link = createStaffFromCommandLine(email, 'viewer', 'Pia Passkey');
  await addVirtualAuthenticator(page);

  // Enrolment with a passkey, no app.
  await openEnrolmentLink(page, link);
  await expect(page.getByRole('heading', { name: 'Set up your staff account' })).toBeVisible();
  await page.getByLabel('Your name').fill('Pia Passkey');
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByLabel('Repeat the password').fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Passkey/ }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();

  await page.getByRole('link', { name: 'Your sign-in' }).click();
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Add an authenticator app' }).click();
  const secret = (await app.locator('code.secret').textContent())!.replace(/\s/g, '');
  const staff = { email, name: 'Pia Passkey', totp: new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }) };

  // No current app: the proof asked is the password and an emailed code.
  await expect(app.getByLabel('Code from your current app')).toHaveCount(0);
  const add = app.getByRole('button', { name: 'Add', exact: true });
  await app.getByLabel('Your password').fill(staffPassword);
  await app.getByLabel('Code from the new app').fill(await nextCode(staff));
  await expect(add).toBeDisabled();
  await app.getByRole('button', { name: 'Email me a code' }).click();
  await expect(app.getByRole('status')).toContainText(`We emailed a code to ${email}`);
  let emailed = '';
  await expect
    .poll(async () => {
      const { data } = await (await request.get('/api/dev/outbox')).json();
      const mail = (data as { to: string; subject: string }[]).find((m) => m.to === email && /back-office code: \d{6}/.test(m.subject));
      emailed = /(\d{6})$/.exec(mail?.subject ?? '')?.[1] ?? '';
      return emailed;
    })
    .not.toBe('');

  // A wrong emailed code: refused, nothing added.
  await app.getByLabel('Code we emailed you').fill(emailed === '000000' ? '111111' : '000000');
  await add.click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');

  await app.getByLabel('Code we emailed you').fill(emailed);
  await app.getByLabel('Code from the new app').fill(await nextCode(staff));
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your authenticator app was added. We emailed you about the change.' })).toBeVisible();

  // Signed out, the password and a code from the new app open the back office.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authentication code').fill(await nextCode(staff));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
});

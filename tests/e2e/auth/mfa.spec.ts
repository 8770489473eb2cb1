/**
 * Two-factor methods and passkeys on the demo account (Account Information, manage_MFA). The demo's seeded
 * authenticator app stays; what a test adds it removes. While the demo has an extra method, other workers must not
 * sign it in (they pick "Authenticator app" and count methods), so those windows hold the demo sign-in lock.
 */
import AxeBuilder from '../helpers/axe';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eDemo } from '../../../playwright.config.ts';
import { logInAsDemo, whileDemoPasswordChanges } from '../helpers/login-helpers.ts';
import { addVirtualAuthenticator } from '../helpers/virtual-authenticator.ts';

test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file: every spec shares the demo's authenticator, whose codes each sign in once.
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  context = await browser.newContext();
  // The QR code, the passkey ceremonies and the confirm dialog must run under the Content-Security-Policy.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  page = await context.newPage();
  await page.goto('/login?redirect=%2Faccount%2Fsummary%3Fview%3Dmanage_MFA');
  await logInAsDemo(page);
});
test.afterAll(() => context.close());

const axeProblems = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()).violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
const cspViolations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

async function openSecurity(page: Page) {
  await page.goto('/account/summary?view=manage_MFA');
  await expect(page.getByRole('heading', { level: 2, name: 'Two-Factor Authentication' })).toBeVisible();
}

const methodsList = (page: Page) => page.getByRole('list', { name: 'Two-factor methods' });

test('adds an authenticator app from its QR code secret, verifies it, then removes it after confirming', async () => {
  await openSecurity(page);
  await expect(methodsList(page).getByRole('listitem')).toHaveCount(1);
  expect(await axeProblems(page)).toEqual([]);
  await whileDemoPasswordChanges(async () => {
    await page.getByRole('button', { name: 'Add a Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a Two-Factor Method' });
    await expect(dialog.getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const verify = page.getByRole('dialog', { name: 'Verify Your Method' });
    await expect(verify.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(await cspViolations()).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    const secret = (await verify.locator('.totp-secret').textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A code that is not six digits is refused before any call.
    await verify.getByLabel('6-digit code').fill('123');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(verify.getByText('Enter the 6-digit code')).toBeVisible();
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await verify.getByLabel('6-digit code').fill(totp.generate());
    await verify.getByRole('button', { name: 'Verify' }).click();
    const done = page.getByRole('dialog', { name: 'Two-Factor Method Verified' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(methodsList(page).getByRole('listitem')).toHaveCount(2);

    // Remove the new one (the second listed): confirm, removed.
    await methodsList(page)
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /Remove/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Remove Two-Factor Method' });
    await expect(confirm).toContainText('Remove your authenticator app?');
    await expect(confirm.getByLabel('Current password')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Two-Factor Method Removed' }).getByRole('button', { name: 'Done' }).click();
    await expect(methodsList(page).getByRole('listitem')).toHaveCount(1);
  });
});

test('adds an email method and verifies it with the code from the sandbox outbox', async () => {
  const request = page.request;
  const address = 'demo-codes@example.com';
  await openSecurity(page);
  await whileDemoPasswordChanges(async () => {
    await page.getByRole('button', { name: 'Add a Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a Two-Factor Method' });
    await dialog.getByRole('radio', { name: /Email/ }).check();
    await dialog.getByLabel('Email address').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email address').fill(address);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const verify = page.getByRole('dialog', { name: 'Verify Your Method' });
    await expect(verify).toContainText('We sent a 6-digit code to d•••@example.com');
    const codeMail = async () => {
      const outbox = await (await request.get('/api/dev/outbox')).json();
      return outbox.data.find((m: { to: string; subject: string }) => m.to === address && /security code/.test(m.subject));
    };
    await expect.poll(codeMail).toBeTruthy();
    const code = (await codeMail()).body.match(/\b(\d{6})\b/)[1];
    await verify.getByLabel('6-digit code').fill(code);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'Two-Factor Method Verified' }).getByRole('button', { name: 'Done' }).click();
    const email = methodsList(page).getByRole('listitem').filter({ hasText: 'Email to d•••@example.com' });
    await expect(email).toBeVisible();
    await expect(email).not.toContainText('Not verified');

    // The account hears of it (queued mail to the login address).
    const notice = async () => {
      const outbox = await (await request.get('/api/dev/outbox')).json();
      return outbox.data.some((m: { to: string; subject: string }) => m.to === 'demo@example.com' && /Two-factor method added/.test(m.subject));
    };
    await expect.poll(notice).toBe(true);

    // Put the demo back as the other specs expect it.
    await email.getByRole('button', { name: /Remove/ }).click();
    await page.getByRole('dialog', { name: 'Remove Two-Factor Method' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Two-Factor Method Removed' }).getByRole('button', { name: 'Done' }).click();
    await expect(methodsList(page).getByRole('listitem')).toHaveCount(1);
  });
});

test('registers a passkey with a virtual authenticator, signs out, signs in with it, renames and removes it; the last method needs the password', async () => {
  await addVirtualAuthenticator(page);

  await openSecurity(page);
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Passkey' });
  await dialog.getByLabel('Passkey name').fill('E2E laptop');
  await dialog.getByRole('button', { name: 'Create Passkey' }).click();
  await page.getByRole('dialog', { name: 'Passkey Added' }).getByRole('button', { name: 'Done' }).click();
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('E2E laptop');
  await expect(passkeys).toContainText('Last used never');

  // Sign out, then in again with the passkey alone: no email, no password, no code.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  expect(await cspViolations()).toEqual([]);
  await page.goto('/account/summary?view=manage_MFA');
  await expect(passkeys).toContainText(/Last used [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // Rename it, then remove it (not the last factor: the authenticator app stays).
  await passkeys.getByRole('button', { name: 'Rename E2E laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Passkey' });
  await rename.getByLabel('Passkey name').fill('E2E work laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(passkeys).toContainText('E2E work laptop');
  await passkeys.getByRole('button', { name: 'Remove E2E work laptop' }).click();
  const removePasskey = page.getByRole('dialog', { name: 'Remove Passkey' });
  await expect(removePasskey.getByLabel('Current password')).toHaveCount(0);
  await removePasskey.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Passkey Removed' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();

  // The last method: not without the password, and not with a wrong one.
  await methodsList(page)
    .getByRole('button', { name: /Remove/ })
    .click();
  const last = page.getByRole('dialog', { name: 'Remove Two-Factor Method' });
  await expect(last).toContainText('This is your last two-factor method');
  await last.getByRole('button', { name: 'Remove' }).click();
  await expect(last.getByText('Enter your current password')).toBeVisible();
  await last.getByLabel('Current password').fill(`${e2eDemo.password}-wrong`);
  await last.getByRole('button', { name: 'Remove' }).click();
  await expect(last.getByRole('alert')).toHaveText('The password is incorrect.');
  await last.getByRole('button', { name: 'Cancel' }).click();
  await expect(methodsList(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('On', { exact: true })).toBeVisible();
});

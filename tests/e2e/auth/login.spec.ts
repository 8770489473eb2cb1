import { expect, test } from '@playwright/test';
import { e2eDemo } from '../../../playwright.config.ts';
import {
  demoEmail,
  demoTotp,
  freshTotpCode,
  logInAsDemo,
  passTotpStep,
  signInDemoThroughApi,
  useDemoSession,
  submitCredentials,
  whileDemoPasswordChanges,
} from '../helpers/login-helpers.ts';

// These journeys share the demo account: run them in order.
test.describe.configure({ mode: 'serial' });

test('a wrong password shows an error and keeps the visitor on the login page', async ({ page }) => {
  await page.goto('/login');
  await submitCredentials(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong code shows an error; choose another security method returns to the picker', async ({ page }) => {
  await page.goto('/login');
  await submitCredentials(page);
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Security code');
  // Digits only, six at most.
  await code.pressSequentially('12ab34567');
  await expect(code).toHaveValue('123456');
  // A code that is wrong at every step in the window (without spending a step other specs may need).
  const valid = [-1, 0, 1].map((k) => demoTotp.generate({ timestamp: Date.now() + k * 30_000 }));
  await code.fill(['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c)) ?? '999999');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  await page.getByRole('button', { name: 'Choose another security method' }).click();
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
});

test('the demo login with TOTP reaches My Domains; logout shows the message and lands on /login?logout=true', async ({ page }) => {
  await page.goto('/login?as=demo%40example.com');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(demoEmail);
  await logInAsDemo(page, { fresh: true });
  await expect(page).toHaveURL(/\/account\/domains$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  // A signed-in visitor is sent away from /login.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account\/domains$/);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('You have logged out')).toBeVisible();
  await page.waitForURL(/\/login\?logout=true$/);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.goto('/account/domains');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fdomains$/);
});

test('visiting /account/domains logged out goes to login and back after signing in', async ({ page }) => {
  await page.goto('/account/domains?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logInAsDemo(page, { fresh: true });
  await expect(page).toHaveURL(/\/account\/domains\?x=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
});

test('recovery through the emailed link sets a new password that then works', async ({ page, request }) => {
  const newPassword = 'a-brand-new-password-42';
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(demoEmail);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  // The browser solves a proof-of-work bot check first; on a busy machine that can take a while.
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible({ timeout: 30_000 });

  // The email leaves through the job queue: a worker delivers it moments later.
  const resetMail = async () => {
    const outbox = await (await request.get('/api/dev/outbox')).json();
    return outbox.data.find((m: { to: string; subject: string }) => m.to === demoEmail && /Reset/.test(m.subject));
  };
  await expect.poll(resetMail).toBeTruthy();
  const mail = await resetMail();
  const link = new URL(mail.body.match(/https?:\/\/\S+\/login\?recovery=\S+/)[0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).not.toHaveURL(/recovery=/);
  // Reserve a code first so the password stays changed for seconds only, not while waiting for a free time step.
  const code = await freshTotpCode();
  await whileDemoPasswordChanges(async () => {
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await passTotpStep(page, code);
    await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();

    // The old password no longer works; the new one does.
    const old = await request.post('/api/session', { data: { email: demoEmail, password: e2eDemo.password } });
    expect((await old.json()).message).toBe('The email or password is incorrect.');
    const fresh = await request.post('/api/session', { data: { email: demoEmail, password: newPassword } });
    expect((await fresh.json()).mfas).toHaveLength(1);

    // Put the demo password back (signed in, with the current password) for the other specs.
    const restored = await page.request.patch('/api/users/0', { data: { password: e2eDemo.password, currentPassword: newPassword } });
    expect(restored.ok()).toBe(true);
  });

  // The link was single-use.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
});

test("the mobile menu's Log Out link signs a signed-in visitor out, with the notice", async ({ page }) => {
  await signInDemoThroughApi(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page.getByText('You have logged out').first()).toBeVisible();
  await page.waitForURL(/\/login\?logout=true$/);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect((await page.request.get('/api/users/0')).status()).toBe(401);
});

test('an anonymous visitor on /login meets no failed request and no console error (no 401 from a session probe)', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('a signed-in visitor opening /login goes on to the redirect target', async ({ page }) => {
  await useDemoSession(page);
  await page.goto('/login?redirect=%2Faccount%2Fdomains');
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
});

// Last in this file: it leaves the demo account asking every password sign-in for a bot check for 15 minutes.
test('while strangers guess the password, the login page passes the bot check unseen and the owner signs in', async ({ page, request }) => {
  for (let i = 0; i < 5; i++) await request.post('/api/session', { data: { email: demoEmail, password: `a-stranger-guesses-${i}` } });
  const asked = await request.post('/api/session', { data: { email: demoEmail, password: e2eDemo.password } });
  expect((await asked.json()).data).toEqual({ botCheckRequired: true });
  await page.goto('/login?redirect=%2Faccount%2Fdomains');
  await logInAsDemo(page, { fresh: true });
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
});

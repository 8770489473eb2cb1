/**
 * The back office (issue #23): the first owner from the command line enrols an authenticator app and invites a
 * support agent and a billing agent, who enrol from their emailed links; each role sees what its permissions allow;
 * the audit log shows it all; every view passes axe and fits a 390 px phone. The support journey on the demo
 * customer (reset, refusals, suspension, Account activity) is admin-support.spec.ts, which runs alone.
 */
import { expect, test } from '@playwright/test';
import { watchViolations } from '../helpers/csp-violations.ts';
import {
  axeProblems,
  createStaffFromCommandLine,
  type EnrolledStaff,
  enrolWithAuthenticator,
  invitationLink,
  inviteStaff,
  openEnrolmentLink,
  scrollsSideways,
  signInStaff,
} from '../helpers/admin-helpers.ts';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const emails = { owner: `owner-${run}@registrar.example`, support: `support-${run}@registrar.example`, billing: `billing-${run}@registrar.example` };
const staff: Partial<Record<keyof typeof emails, EnrolledStaff>> = {};

test('the first owner is created on the command line, enrols an authenticator app, and invites support and billing', async ({ browser }) => {
  const link = createStaffFromCommandLine(emails.owner, 'owner');
  const page = await browser.newPage();
  const violations = await watchViolations(page);
  staff.owner = await enrolWithAuthenticator(page, link, 'Olive Owner');
  // The back office opens on its first screen, the dashboard; the overview greets by name.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/admin/overview');
  await expect(page.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  // The link works once.
  await openEnrolmentLink(page, link);
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
  await page.goto('/admin/overview');

  await inviteStaff(page, { name: 'Sam Support', email: emails.support, role: 'Support' });
  await inviteStaff(page, { name: 'Bill Billing', email: emails.billing, role: 'Billing' });
  await expect(page.getByRole('row', { name: /Sam Support/ })).toContainText('Invited');

  for (const [role, name] of [
    ['support', 'Sam Support'],
    ['billing', 'Bill Billing'],
  ] as const) {
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    staff[role] = await enrolWithAuthenticator(agentPage, await invitationLink(page.request, emails[role]), name);
    // Neither may manage staff: the navigation leaves it out and the screen says why.
    await expect(agentPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await agentPage.goto('/admin/staff');
    await expect(agentPage.getByRole('alert')).toContainText('does not include this section');
    const refused = await agentPage.request.get('/api/admin/staff');
    expect(refused.status()).toBe(403);
    await context.close();
  }

  await page.reload();
  await expect(page.getByRole('row', { name: /Sam Support/ })).toContainText('Active');
  await expect(page.getByRole('row', { name: /Sam Support/ })).toContainText('Authenticator app');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Search').fill(run);
  const invites = page.getByRole('row').filter({ hasText: 'Staff · invite' });
  await expect(invites).toHaveCount(3);
  await expect(invites.filter({ hasText: emails.support })).toContainText(emails.owner);
  await expect(invites.filter({ hasText: 'System' })).toContainText(emails.owner);
  expect(await violations()).toEqual([]);
  await page.close();
});

test('signing in asks for the second factor, and signing out ends the session', async ({ page }) => {
  test.skip(!staff.support, 'needs the staff enrolled above');
  await page.goto('/admin/sign-in');
  await page.getByLabel('Work email').fill(emails.support);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await signInStaff(page, staff.support!, '/admin/overview');
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await page.goto('/admin/overview');
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=%2Fadmin%2Foverview/);
});

test('the back office passes axe and fits a 390 px phone', async ({ page }) => {
  // Five screens at two widths, each with an axe run: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  test.skip(!staff.owner, 'needs the owner enrolled above');
  await page.goto('/admin/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await signInStaff(page, staff.owner!, '/admin/overview');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [path, heading] of [
      ['/admin/overview', 'Welcome, Olive'],
      ['/admin/staff', 'Staff'],
      ['/admin/audit', 'Audit log'],
      ['/admin/abuse', 'Abuse desk'],
      ['/admin/verifications', 'Registrant verification'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      expect(await axeProblems(page), `${path} at ${width} px`).toEqual([]);
      expect(await scrollsSideways(page), `${path} at ${width} px`).toBe(false);
      await page.screenshot({ path: `test-results/admin${path.replace(/\//g, '-')}-${width}.png` });
    }
  }
  // The phone's menu opens, passes axe, and takes you there.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  expect(await axeProblems(page)).toEqual([]);
});

/**
 * The back office's support journey on the demo customer (issue #23 "Done when"): an owner made on the command line
 * enrols an authenticator app and invites support and billing (compliance comes from the command line); support finds the demo customer by a
 * domain name and resets their second factor with a reason; the demo is emailed and must add a method at its next
 * sign-in; support and billing are refused a suspension (the page says why, the API answers 403), compliance
 * suspends and the owner lifts it; the audit log holds each with its reason, and the demo's Account activity tells
 * it what concerns it without a staff name. The support screens pass axe and fit 390 px and 1280 px.
 *
 * It changes how the demo signs in (its authenticator is gone) and suspends a demo domain for a while: it runs
 * alone after every other spec (playwright.config.ts `demoSessionSpecs`).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eDemo } from '../../../playwright.config.ts';
import {
  axeProblems,
  createStaffFromCommandLine,
  type EnrolledStaff,
  enrolWithAuthenticator,
  invitationLink,
  inviteStaff,
  scrollsSideways,
  signInStaff,
} from '../helpers/admin-helpers.ts';
import { watchViolations } from '../helpers/csp-violations.ts';
import { demoEmail } from '../helpers/login-helpers.ts';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const roles = ['support', 'billing', 'compliance'] as const;
const emails = {
  owner: `owner-${run}@registrar.example`,
  support: `support-${run}@registrar.example`,
  billing: `billing-${run}@registrar.example`,
  compliance: `compliance-${run}@registrar.example`,
};
// Names of their own: admin.spec.ts's staff (Sam Support, Bill Billing) may share the Staff list when both run.
const names = { support: 'Sue Helpdesk', billing: 'Ben Ledger', compliance: 'Cora Compliance' };
const staff: Partial<Record<keyof typeof emails, EnrolledStaff>> = {};
/** A demo domain nothing after this spec reads; suspended, then lifted again. */
const domain = 'maplestreetbakery.com';
const resetReason = `Lost phone; identity checked by a call to the number on file (${run})`;
const suspendReason = `Phishing page reported by a bank (${run})`;
const liftReason = `Page removed by the customer and checked (${run})`;
/** The demo's browser, signed in again after the reset (its session lives across the tests of this file). */
let shopper: Page | undefined;

test.afterAll(async () => {
  await shopper?.context().close();
});

async function staffPage(browser: Browser, who: keyof typeof emails, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInStaff(page, staff[who]!, path);
  return page;
}

async function domainId(page: Page): Promise<number> {
  const { data } = await (await page.request.get(`/api/admin/domains?q=${domain}`)).json();
  return data.find((row: { domain: string }) => row.domain === domain).domainId;
}

test('the owner is created on the command line, enrols an authenticator app, and invites support and billing; compliance comes from the command line', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  const violations = await watchViolations(page);
  staff.owner = await enrolWithAuthenticator(page, createStaffFromCommandLine(emails.owner, 'owner'), 'Odette Owner');
  // Enrolment ends on the first screen, the dashboard; invite from a quieter one, as admin.spec.ts does.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/admin/overview');
  await inviteStaff(page, { name: names.support, email: emails.support, role: 'Support' });
  await inviteStaff(page, { name: names.billing, email: emails.billing, role: 'Billing' });
  for (const role of roles) {
    const context = await browser.newContext();
    // Compliance comes from the command line too (an operator may add any role there), the others from their invitations.
    const link = role === 'compliance' ? createStaffFromCommandLine(emails.compliance, 'compliance') : await invitationLink(page.request, emails[role]);
    staff[role] = await enrolWithAuthenticator(await context.newPage(), link, names[role]);
    await context.close();
  }
  expect(await violations()).toEqual([]);
  await page.context().close();
});

test('support finds the demo customer by a domain name and resets their second factor with a reason; the demo is emailed and must enrol again', async ({
  browser,
}) => {
  test.skip(!staff.support, 'needs the staff enrolled above');
  test.setTimeout(120_000);
  const agent = await staffPage(browser, 'support', '/admin/customers');
  await agent.getByLabel('Search customers').fill('maplestreet');
  const hit = agent.getByRole('row').filter({ hasText: domain });
  await expect(hit).toContainText('Domain');
  await hit.getByRole('link', { name: /Dana Demo/ }).click();
  await expect(agent.getByRole('heading', { level: 1, name: 'Dana Demo' })).toBeVisible();
  await expect(agent.getByRole('region', { name: /Two-step verification/ })).toContainText('Authenticator app');

  await agent.getByText('Help this customer').click();
  await agent.getByRole('button', { name: 'Reset two-step verification' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Reset two-step verification' });
  // No reason, no reset.
  await expect(dialog.getByRole('button', { name: 'Reset two-step verification' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill(resetReason);
  expect(await axeProblems(agent)).toEqual([]);
  await dialog.getByRole('button', { name: 'Reset two-step verification' }).click();
  await expect(agent.getByText(`Two-step verification reset; ${demoEmail} was emailed`)).toBeVisible();
  await expect(agent.getByText('Must add a second factor at next sign-in')).toBeVisible();
  await expect(agent.getByRole('region', { name: /Two-step verification/ })).not.toContainText('Authenticator app');

  // The demo is emailed at once.
  await expect(async () => {
    const { data } = await (await agent.request.get('/api/dev/outbox')).json();
    expect(data.some((m: { to: string; subject: string }) => m.to === demoEmail && /two-step verification was reset/.test(m.subject))).toBe(true);
  }).toPass({ timeout: 20_000 });

  // Its password alone now signs it in, only to add a new method before anything else.
  shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/login?redirect=%2Faccount%2Fdomains');
  await expect(shopper.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await shopper.getByLabel('Email').fill(demoEmail);
  await shopper.getByLabel('Password').fill(e2eDemo.password);
  await shopper.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(shopper).toHaveURL(/\/account\/summary\?view=manage_MFA/);
  await expect(shopper.getByText('Our support team reset your two-step verification')).toBeVisible();
  expect((await shopper.request.get('/api/domains')).status()).toBe(403);
  await shopper.goto('/account/domains');
  await expect(shopper).toHaveURL(/view=manage_MFA/);
  await shopper.getByRole('button', { name: 'Add a Method' }).click();
  await shopper.getByRole('dialog', { name: 'Add a Two-Factor Method' }).getByRole('button', { name: 'Continue' }).click();
  const verify = shopper.getByRole('dialog', { name: 'Verify Your Method' });
  const secret = (await verify.locator('.totp-secret').textContent())?.replace(/\s/g, '') ?? '';
  await verify.getByLabel('6-digit code').fill(new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate());
  await verify.getByRole('button', { name: 'Verify' }).click();
  await shopper.getByRole('dialog', { name: 'Two-Factor Method Verified' }).getByRole('button', { name: 'Done' }).click();
  await shopper.goto('/account/domains');
  await expect(shopper.getByText(domain).first()).toBeVisible();
  await agent.context().close();
});

test('support and billing may not suspend a domain (the page says why, the API answers 403); compliance suspends and the owner lifts it, each with a reason', async ({
  browser,
}) => {
  test.skip(!staff.compliance || !staff.owner, 'needs the staff enrolled above');
  test.setTimeout(120_000);
  for (const who of ['support', 'billing'] as const) {
    const page = await staffPage(browser, who, '/admin/domains');
    const id = await domainId(page);
    await page.goto(`/admin/domains/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
    await expect(page.getByText(/Only Owner and Compliance staff may suspend a domain/)).toContainText(
      `your role (${who === 'support' ? 'Support' : 'Billing'}) may not`,
    );
    // Its other actions are there; suspending is not.
    if (who === 'support') {
      await page.locator('summary', { hasText: 'Actions' }).click();
      await expect(page.getByRole('button', { name: 'Lock against transfer' }).or(page.getByRole('button', { name: 'Unlock for transfer' }))).toBeVisible();
    } else {
      // Billing has no domain action at all.
      await expect(page.locator('summary', { hasText: 'Actions' })).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
    const refused = await page.request.post(`/api/admin/domains/${id}/suspend`, { data: { reason: 'Trying without the permission' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).data).toEqual({ permission: 'domains:suspend' });
    await page.context().close();
  }

  const compliance = await staffPage(browser, 'compliance', '/admin/domains');
  const id = await domainId(compliance);
  await compliance.goto(`/admin/domains/${id}`);
  await expect(compliance.getByText(/may suspend a domain/)).toHaveCount(0);
  await compliance.locator('summary', { hasText: 'Actions' }).click();
  await compliance.getByRole('button', { name: 'Suspend' }).click();
  const suspend = compliance.getByRole('dialog', { name: `Suspend ${domain}` });
  await suspend.getByLabel('Reason').fill(suspendReason);
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(compliance.getByRole('status').filter({ hasText: 'Suspended since' })).toContainText(suspendReason);
  await expect(compliance.getByRole('region', { name: 'Registry, live' })).toContainText('clientHold');
  await compliance.context().close();

  const owner = await staffPage(browser, 'owner', `/admin/domains/${id}`);
  await owner.locator('summary', { hasText: 'Actions' }).click();
  await owner.getByRole('button', { name: 'Lift the suspension' }).click();
  const lift = owner.getByRole('dialog', { name: `Lift the suspension of ${domain}` });
  await lift.getByLabel('Reason').fill(liftReason);
  await lift.getByRole('button', { name: 'Lift the suspension' }).click();
  await expect(owner.getByText(`${domain} resolves again`)).toBeVisible();
  await expect(owner.getByRole('status').filter({ hasText: 'Suspended since' })).toHaveCount(0);
  await expect(owner.getByRole('region', { name: 'Registry, live' })).not.toContainText('clientHold');

  // The audit log holds the reset, the suspension and its lifting with their reasons, and both refusals.
  await owner.goto(`/admin/audit?q=${encodeURIComponent(run)}`);
  await expect(owner.getByRole('row').filter({ hasText: 'Customer · reset factors' })).toContainText(emails.support);
  await expect(owner.getByRole('row').filter({ hasText: 'Customer · reset factors' })).toContainText(resetReason);
  await expect(owner.getByRole('row').filter({ hasText: 'Domain · suspend' })).toContainText(emails.compliance);
  await expect(owner.getByRole('row').filter({ hasText: 'Domain · unsuspend' })).toContainText(liftReason);
  await owner.goto(`/admin/audit?action=staff.denied&q=${id}`);
  const denied = owner.getByRole('row').filter({ hasText: `/api/admin/domains/${id}/suspend` });
  await expect(denied.filter({ hasText: emails.support })).toHaveCount(1);
  await expect(denied.filter({ hasText: emails.billing })).toHaveCount(1);
  await owner.context().close();
});

test("the demo's Account activity tells it what staff did and why, never who; it passes axe and fits 390 px", async () => {
  test.skip(!shopper, 'needs the demo signed in again above');
  const page = shopper!;
  await page.goto('/account/summary?view=activity');
  const reset = page.getByRole('listitem').filter({ hasText: 'removed your two-step verification' });
  await expect(reset).toContainText(resetReason);
  await expect(reset).toContainText('Support team');
  await expect(page.getByRole('listitem').filter({ hasText: `We suspended ${domain}` })).toContainText(suspendReason);
  await expect(page.getByRole('listitem').filter({ hasText: `We lifted the suspension of ${domain}` })).toContainText(liftReason);
  for (const who of ['owner', 'support', 'billing', 'compliance'] as const) {
    await expect(page.getByRole('main')).not.toContainText(emails[who]);
    if (who !== 'owner') await expect(page.getByRole('main')).not.toContainText(names[who]);
  }
  await expect(page.getByRole('main')).not.toContainText('Odette');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await axeProblems(page), `activity at ${width} px`).toEqual([]);
    expect(await scrollsSideways(page), `activity at ${width} px`).toBe(false);
    await page.screenshot({ path: `test-results/account-activity-demo-${width}.png`, fullPage: true });
  }
});

test('the customer and domain screens pass axe and fit 390 px and 1280 px, for the owner and for support', async ({ browser }) => {
  test.skip(!staff.support || !staff.owner, 'needs the staff enrolled above');
  // Five screens at two widths for two roles, each with an axe run.
  test.setTimeout(240_000);
  for (const who of ['owner', 'support'] as const) {
    const page = await staffPage(browser, who, '/admin/customers');
    const id = await domainId(page);
    const { data } = await (await page.request.get(`/api/admin/customers?q=${encodeURIComponent(demoEmail)}`)).json();
    const customerId = data[0].accountId;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [path, heading, shot] of [
        ['/admin/customers?q=maplestreet', 'Customers', 'customers'],
        [`/admin/customers/${customerId}`, 'Dana Demo', 'customer-page'],
        [`/admin/domains?q=${domain}`, 'Domains', 'domains'],
        [`/admin/domains/${id}`, domain, 'domain-page'],
        [`/admin/audit?q=${run}`, 'Audit log', 'audit'],
      ] as const) {
        if (who === 'support' && shot === 'audit') continue;
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading|Searching/ })).toHaveCount(0);
        await expect(page.getByRole('cell').or(page.getByRole('region')).first()).toBeVisible();
        expect(await axeProblems(page), `${path} at ${width} px as ${who}`).toEqual([]);
        expect(await scrollsSideways(page), `${path} at ${width} px as ${who}`).toBe(false);
        await page.screenshot({ path: `test-results/admin-support-${who}-${shot}-${width}.png`, fullPage: true });
      }
    }
    await page.context().close();
  }
});

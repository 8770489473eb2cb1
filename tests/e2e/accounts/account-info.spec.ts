/**
 * Account Information journeys: a new customer's registrant change through TDRP approval (its own account, so the
 * 60-day hold locks no demo domain other specs unlock), then on the demo account the login email change with the live
 * check, an administrative contact edit and the preferences (each put back for the other specs).
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { e2eDemo } from '../../../playwright.config.ts';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';
import { demoEmail, logInAsDemo, passTotpStep, whileDemoPasswordChanges } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

// The second journey checks the first one's email as "taken".
test.describe.configure({ mode: 'serial' });

let customerEmail = '';

async function expectAccessible(page: Page) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
}

async function mailTo(page: Page, to: string, subject: RegExp): Promise<{ body: string }> {
  let found: { body: string } | undefined;
  await expect
    .poll(async () => {
      const outbox = await (await page.request.get('/api/dev/outbox')).json();
      found = outbox.data.find((m: { to: string; subject: string }) => m.to === to && subject.test(m.subject ?? ''));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

test('a registrant change waits for the emailed approval behind the TDRP banner, then holds the domains 60 days', async ({ page, browser }) => {
  test.setTimeout(180_000);
  customerEmail = `tdrp-${unique()}@example.org`;
  await page.goto('/');
  await addDomain(page, `qwzxv-tdrp-${unique()}.com`);
  await page.goto('/cart');
  await fillVisitorDetails(page, customerEmail, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);

  await page.goto('/account/summary?view=contact_info');
  await expect(page.getByRole('region', { name: 'Registrant (Organizational) Contact' })).toContainText('Grace Hopper');
  await page.getByRole('link', { name: 'Edit Registrant (Organizational) Contact' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customerEmail);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  expect(await page.getByLabel('Country').locator('option').count()).toBeGreaterThan(230);
  await page.getByLabel('Phone').fill('123');
  await page.getByRole('button', { name: 'Save Contact' }).click();
  await expect(page.getByText('Enter a valid phone number for the country chosen')).toBeVisible();
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Last name').fill('Hopper-Moore');
  await page.getByLabel('City').fill('London');
  await page.getByRole('button', { name: 'Save Contact' }).click();
  const sent = page.getByRole('dialog', { name: 'Success!' });
  await expect(sent).toContainText(`An approval email has been sent to the registrant email, ${customerEmail}`);
  await sent.getByRole('button', { name: 'Done' }).click();

  // Pending: the banner, the registrant locked (no Edit), the preferences locked; the registrant is unchanged so far.
  await expect(page).toHaveURL(/view=contact_info/);
  await expect(page.getByText('***TDRP Request Pending, Account modification temporarily suspended')).toBeVisible();
  await expectAccessible(page);
  const registrant = page.getByRole('region', { name: 'Registrant (Organizational) Contact' });
  await expect(registrant).toContainText('Approval pending');
  await expect(registrant).toContainText('Grace Hopper');
  await expect(registrant.getByRole('link', { name: /Edit/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Summary' }).click();
  await expect(page.getByRole('checkbox', { name: 'Show advanced settings on my domains' })).toBeDisabled();

  const mail = await mailTo(page, customerEmail, /Approve the change/);
  const link = new URL(mail.body.match(/https?:\/\/\S+\/account\/approve-change\?token=\S+/)![0]);
  // Whoever reads the registrant email, not necessarily signed in.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await approver.goto(`http://localhost:${new URL(page.url()).port}${link.pathname}${link.search}`);
  await expectAccessible(approver);
  await approver.getByRole('button', { name: 'Approve Change' }).click();
  await expect(approver.getByText('The change has been approved and applied.')).toBeVisible();
  await expect(approver.getByText(/locked against transfer to another registrar until [A-Z][a-z]{2} \d{1,2}, \d{4} \(60 days\)/)).toBeVisible();
  await approver.reload();
  await approver.getByRole('button', { name: 'Approve Change' }).click();
  await expect(approver.getByRole('alert')).toHaveText('This approval link has expired or was already used.');
  await approverContext.close();

  await page.goto('/account/summary?view=contact_info');
  await expect(page.getByText(/TDRP Request Pending/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Registrant (Organizational) Contact' })).toContainText('Grace Hopper-Moore');
  const domains = (await (await page.request.get('/api/domains')).json()).data as { locked: boolean; tdrpHoldDate: string | null }[];
  expect(domains.length).toBeGreaterThan(0);
  for (const domain of domains) {
    expect(domain.locked).toBe(true);
    expect(Date.parse(domain.tdrpHoldDate!) - Date.now()).toBeGreaterThan(59 * 24 * 3600_000);
  }
});

test('the demo changes its login email with the live check, signs in with it, edits a contact and the preferences', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/account/summary');
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Information' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Login Information' })).toContainText(demoEmail);
  await expect(page.getByRole('region', { name: 'Two-Factor Authentication' }).getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments and Amounts Due' })).toContainText(/Visa ending in \d{4}/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Edit login information' }).click();
  const email = page.getByLabel('Login email');
  await expect(email).toHaveValue(demoEmail);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await expectAccessible(page);
  await email.fill(customerEmail);
  await expect(page.getByText('Account already exist! Login')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', `/login?as=${encodeURIComponent(customerEmail)}`);
  await page.getByLabel('Current password').fill(e2eDemo.password);
  await expect(save).toBeDisabled();
  await page.getByLabel('New password (optional)').fill('short');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password (optional)').fill('');

  const moved = `demo-moved-${unique()}@example.com`;
  await whileDemoPasswordChanges(async () => {
    await email.fill(moved);
    await expect(page.getByText('This email is available.')).toBeVisible();
    await page.getByLabel('Re-enter new password').fill('mismatch!');
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByLabel('Re-enter new password').fill('');
    await save.click();
    await expect(page.getByRole('dialog', { name: 'Success!' })).toContainText('The login information has been successfully updated.');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('region', { name: 'Login Information' })).toContainText(moved);

    // The old address is told; the new email signs in.
    await mailTo(page, demoEmail, /login was changed/);
    const other = await browser.newPage();
    await other.goto(`${new URL(page.url()).origin}/login`);
    await expect(other.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
    await other.getByLabel('Email').fill(moved);
    await other.getByLabel('Password').fill(e2eDemo.password);
    await other.getByRole('button', { name: 'Log In', exact: true }).click();
    await passTotpStep(other);
    await expect(other.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
    await other.close();

    // Back to the demo login the other specs use.
    const restored = await page.request.patch('/api/users/0', { data: { email: demoEmail, currentPassword: e2eDemo.password } });
    expect(restored.ok()).toBe(true);
  });

  // The administrative contact.
  await page.goto('/account/summary?view=contact_info');
  await page.getByRole('link', { name: 'Edit Administrative Contact' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Administrative Contact' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Avery');
  await page.getByLabel('Email').fill('avery.admin@example.org');
  await page.getByRole('button', { name: 'Save Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toContainText('The contact information has been successfully updated.');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'Administrative Contact' })).toContainText('Avery Demo');
  await expect(page.getByRole('region', { name: 'Administrative Contact' })).toContainText('avery.admin@example.org');

  // Preferences: advanced settings off hides the Advanced tab, and on again brings it back.
  await page.getByRole('link', { name: 'Summary' }).click();
  const advanced = page.getByRole('checkbox', { name: 'Show advanced settings on my domains' });
  await expect(advanced).toBeChecked();
  await advanced.uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Your account preferences have been saved!')).toBeVisible();
  await page.getByRole('link', { name: 'Domains', exact: true }).click();
  const card = domainEntry(page, 'brightbeancoffee.com');
  await card.getByRole('button', { name: /Manage/ }).click();
  await expect(card.getByRole('tab')).toHaveText(['Service', 'Settings', 'Email']);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await advanced.check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Your account preferences have been saved!')).toBeVisible();
  await page.getByRole('link', { name: 'Domains', exact: true }).click();
  await card.getByRole('button', { name: /Manage/ }).click();
  await expect(card.getByRole('tab')).toHaveText(['Service', 'Settings', 'Email', 'Advanced']);
});

/**
 * Issue #36's support must-shows in a browser: support edits a customer's admin contact and login email with a reason
 * (the customer is emailed at both addresses), opens view-as-customer and can change nothing there (the server says
 * so), and the audit log holds each step, found by words.
 */
import { expect, test } from '@playwright/test';
import { createStaffFromCommandLine, enrolWithAuthenticator } from '../helpers/admin-helpers.ts';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

test('support edits the admin contact and login email, views the account read-only, and the audit log has each step', async ({ browser }) => {
  test.setTimeout(180_000);
  const run = unique();
  const domain = `qwzxv-viewas-${run}.com`;
  const oldEmail = `viewas-${run}@example.org`;
  const newEmail = `viewas-new-${run}@example.org`;

  // A visitor buys a name: the customer support will help.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/');
  await addDomain(customer, domain);
  await customer.goto('/cart');
  await fillVisitorDetails(customer, oldEmail, newPhone());
  await saveCard(customer, '4242 4242 4242 4242');
  await expect(customer.getByText(/^Visa ending in 4242/)).toBeVisible();
  await customer.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(customer);
  await customer.context().close();

  const agent = await (await browser.newContext()).newPage();
  // Names of their own: admin.spec.ts finds its staff's rows by name (Sam Support, Olive Owner) in the shared Staff list.
  await enrolWithAuthenticator(agent, createStaffFromCommandLine(`viewas-support-${run}@registrar.example`, 'support'), 'Vera Viewas');
  await agent.goto('/admin/customers');
  await agent.getByLabel('Search customers').fill(oldEmail);
  await agent.getByRole('row').filter({ hasText: oldEmail }).getByRole('link').first().click();
  await expect(agent.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();

  // The login email and the admin contact's organisation, with a reason.
  await agent.getByText('Help this customer').click();
  await agent.getByRole('button', { name: 'Edit contacts and login email' }).click();
  const edit = agent.getByRole('dialog', { name: 'Edit contacts and login email' });
  await edit.getByLabel('Login email').fill(newEmail);
  await expect(edit.getByLabel('Contact to change')).toHaveValue('whoisAdminContact');
  await edit.getByLabel('Company (optional)').fill(`Hopper Admin ${run}`);
  await expect(edit.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await edit.getByLabel('Reason').fill('Customer called from the number on file and asked for both changes');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(agent.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(agent.getByRole('main')).toContainText(newEmail);
  await expect(async () => {
    const { data } = await (await agent.request.get('/api/dev/outbox')).json();
    const to = data.map((m: { to: string }) => m.to);
    expect(to).toContain(oldEmail);
    expect(to).toContain(newEmail);
  }).toPass({ timeout: 20_000 });

  // View as customer: the control panel, a banner, and every write refused.
  await agent.getByText('Help this customer').click();
  await agent.getByRole('button', { name: 'View as customer' }).click();
  const viewAs = agent.getByRole('dialog', { name: 'View as customer' });
  await viewAs.getByLabel('Reason').fill('Customer asks why the renewal date looks wrong');
  await viewAs.getByRole('button', { name: 'View as customer' }).click();
  await agent.waitForURL(/\/account\//);
  await expect(agent.getByRole('region', { name: 'Staff view' })).toContainText(`Viewing as ${newEmail}`);
  await agent.goto('/account/domains');
  const entry = domainEntry(agent, domain);
  if ((await entry.getByRole('tab').count()) === 0) await entry.getByRole('button', { name: /Manage/ }).click();
  await entry.getByRole('tab', { name: 'Settings' }).click();
  await entry.getByRole('tabpanel').getByRole('button', { name: 'Renew' }).click();
  await agent.getByRole('dialog', { name: 'Renew My Domain' }).getByRole('button', { name: 'Turn off auto-renew' }).click();
  await agent.getByRole('dialog', { name: 'Cancel Auto-Renewal' }).getByRole('button', { name: 'Cancel Auto-Renewal' }).click();
  await expect(agent.getByText('You are viewing this account as staff: it is read-only, nothing can be changed here.').first()).toBeVisible();
  // Nothing changed: after a reload the name still renews automatically.
  await agent.reload();
  if ((await entry.getByRole('tab').count()) === 0) await entry.getByRole('button', { name: /Manage/ }).click();
  await entry.getByRole('tab', { name: 'Settings' }).click();
  await expect(entry.getByRole('tabpanel')).toContainText('Auto-renew on');
  await agent.getByRole('region', { name: 'Staff view' }).getByRole('button', { name: 'End view' }).click();
  await agent.waitForURL(/\/admin\/customers\/\d+$/);

  await agent.context().close();

  // The audit log (an owner's: support does not read it) holds the edit, the view and the page seen, with reasons.
  const owner = await (await browser.newContext()).newPage();
  await enrolWithAuthenticator(owner, createStaffFromCommandLine(`viewas-owner-${run}@registrar.example`, 'owner'), 'Otto Auditor');
  await owner.goto('/admin/audit');
  await owner.getByLabel('Customer').fill(newEmail);
  const log = owner.getByRole('table');
  await expect(log).toContainText('Customer called from the number on file and asked for both changes');
  await expect(log).toContainText('Customer asks why the renewal date looks wrong');
  await expect(log).toContainText('/account/domains');
  await owner.getByLabel('Action').fill('view as');
  await expect(log).not.toContainText('Customer called from the number on file');
  await expect(log).toContainText('Customer asks why the renewal date looks wrong');
  await owner.context().close();
});

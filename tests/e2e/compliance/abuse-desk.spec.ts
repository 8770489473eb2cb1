/**
 * The abuse desk end to end (issue #24): a customer buys a domain; a visitor reports it for phishing and gets a case
 * number on screen and by email; a compliance officer (enrolled from the command line) notifies the registrant,
 * suspends the domain (the customer's My Domains says why), and closes the case as mitigated; the desk's median
 * time to first action appears; reporter and registrant are told the outcome. Screens pass axe and fit 390 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { createStaffFromCommandLine, axeProblems, enrolWithAuthenticator, scrollsSideways } from '../helpers/admin-helpers.ts';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

async function mailTo(page: Page, to: string, subject: RegExp): Promise<{ subject: string; body: string }> {
  let found: { subject: string; body: string } | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await (await page.request.get('/api/dev/outbox')).json();
        found = outbox.data.find((m: { to: string; subject: string }) => m.to === to && subject.test(m.subject ?? ''));
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

test('a phishing report becomes a case; compliance notifies, suspends and closes it as mitigated', async ({ browser }) => {
  test.setTimeout(240_000);
  const run = unique();
  const domain = `qwzxv-phish-${run}.com`;
  const customerEmail = `registrant-${run}@example.org`;
  const reporterEmail = `reporter-${run}@cert.example`;

  // A customer registers the domain (and lands in My Domains, signed in).
  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/');
  await addDomain(customer, domain);
  await customer.goto('/cart');
  await fillVisitorDetails(customer, customerEmail, newPhone());
  await saveCard(customer, '4242 4242 4242 4242');
  await expect(customer.getByText(/^Visa ending in 4242/)).toBeVisible();
  await customer.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(customer);
  await expect(domainEntry(customer, domain)).toBeVisible();

  // A visitor reports it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/report-abuse');
  await visitor.getByLabel('Domain you are reporting').fill(domain);
  await visitor.getByLabel('What kind of abuse').selectOption({ label: 'Phishing' });
  await visitor.getByLabel('What did you see?').fill('A copy of our bank sign-in page collecting card numbers.');
  await visitor.getByLabel('Evidence links (optional, one per line)').fill(`https://${domain}/signin`);
  await visitor.getByLabel('Your email').fill(reporterEmail);
  await visitor.getByRole('button', { name: 'Send Report' }).click();
  await expect(visitor.locator('.abuse-sent')).toContainText(/Case AC-\d{5}/, { timeout: 20_000 });
  const caseNumber = /AC-\d{5}/.exec((await visitor.locator('.abuse-sent').textContent()) ?? '')![0];
  const ack = await mailTo(visitor, reporterEmail, /We received your abuse report/);
  expect(ack.subject).toBe(`We received your abuse report about ${domain} (case ${caseNumber})`);

  // A compliance officer works the case.
  const staffPage = await (await browser.newContext()).newPage();
  await enrolWithAuthenticator(staffPage, createStaffFromCommandLine(`compliance-${run}@registrar.example`, 'compliance'), 'Casey Compliance');
  await staffPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Abuse desk' }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Abuse desk' })).toBeVisible();
  const firstAction = staffPage.getByTestId('median-first-action');
  const before = (await firstAction.textContent()) ?? '';
  const row = staffPage.getByRole('row', { name: new RegExp(domain.replace(/\./g, '\\.')) });
  await expect(row).toContainText(caseNumber);
  await expect(row).toContainText(/First action: due by/);
  expect(await axeProblems(staffPage)).toEqual([]);
  await row.getByRole('link', { name: domain }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  await expect(staffPage.getByText('A copy of our bank sign-in page collecting card numbers.')).toBeVisible();

  const act = async (button: string, dialogTitle: string, reason: string, submit: string) => {
    await staffPage.getByRole('group', { name: 'Actions' }).getByRole('button', { name: button }).click();
    const dialog = staffPage.getByRole('dialog', { name: dialogTitle });
    await dialog.getByLabel('Reason').fill(reason);
    return { dialog, submit: () => dialog.getByRole('button', { name: submit }).click() };
  };
  const notify = await act('Notify the registrant', 'Notify the registrant', 'The evidence matches a known phishing kit', 'Send notice');
  expect(await axeProblems(staffPage)).toEqual([]);
  await notify.submit();
  await expect(staffPage.getByRole('list').filter({ hasText: 'Registrant notified' })).toContainText('The evidence matches a known phishing kit');
  const notice = await mailTo(staffPage, customerEmail, /^Abuse report about/);
  expect(notice.body).toContain('A copy of our bank sign-in page collecting card numbers.');

  const suspend = await act('Suspend the domain', 'Suspend the domain', 'The page is still live an hour after the notice', 'Suspend domain');
  await suspend.submit();
  await expect(staffPage.getByText(/Suspended since/)).toBeVisible();

  // The customer sees why in My Domains.
  await customer.reload();
  await expect(domainEntry(customer, domain).getByRole('note')).toContainText(`was reported for phishing (case ${caseNumber})`);

  const close = await act('Close the case', 'Close the case', 'Phishing confirmed and stopped by suspension', 'Close case');
  await close.dialog.getByLabel('Outcome').selectOption({ label: 'Mitigated' });
  await close.submit();
  await expect(staffPage.getByText(/^Case AC-\d{5} · Phishing · Closed .*Mitigated$/)).toBeVisible();
  expect(await axeProblems(staffPage)).toEqual([]);
  await staffPage.setViewportSize({ width: 390, height: 844 });
  expect(await scrollsSideways(staffPage)).toBe(false);
  await staffPage.setViewportSize({ width: 1280, height: 900 });

  // The desk's figures moved: the case's first action is now counted.
  await staffPage.getByRole('link', { name: 'Abuse desk' }).first().click();
  await expect(firstAction).not.toHaveText(before);
  await expect(firstAction).toHaveText(/^(<1 min|\d+ min|\d+(\.\d)? h)$/);
  await expect(staffPage.getByTestId('median-acknowledge')).toHaveText(/^(<1 min|\d+ min|\d+(\.\d)? h)$/);
  if (process.env.SHOTS) await staffPage.screenshot({ path: `${process.env.SHOTS}/desk-1280.png`, fullPage: true });

  const closed = await mailTo(visitor, reporterEmail, /is closed/);
  expect(closed.body).toContain('We acted on the report and the abuse has been stopped.');
  await mailTo(visitor, customerEmail, /^The abuse case about/);
});

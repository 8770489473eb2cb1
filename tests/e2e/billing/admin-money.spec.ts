/**
 * The back office's money (issue #23): a billing agent creates a promo code, a visitor uses it at checkout, and the
 * agent refunds part of that order; the customer's ledger, statement and Account activity show it, and the owner
 * finds both in the audit log with their reasons. Every money screen passes axe and fits a 390 px phone (screenshots
 * in test-results/).
 */
import { expect, type Page, test } from '@playwright/test';
import { readPdfText } from '../../fixtures/pdf-text.ts';
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
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';

// Each journey checks several screens with axe at two widths: minutes on a busy machine, as admin.spec.ts allows.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = unique();
const code = `E2E${run.toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 20);
const domain = `qwzxv-money-${run}.com`;
const emails = { owner: `money-owner-${run}@registrar.example`, billing: `money-billing-${run}@registrar.example` };
const staff: Partial<Record<'owner' | 'billing', EnrolledStaff>> = {};
let orderId = 0;
/** The visitor's browser (signed in to their new account after checkout). */
let customer: Page;

async function checkScreen(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    expect(await axeProblems(page), `${name} at ${width} px`).toEqual([]);
    expect(await scrollsSideways(page), `${name} at ${width} px`).toBe(false);
    await page.screenshot({ path: `test-results/admin-money-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner invites a billing agent, who creates a promo code for .com', async ({ browser }) => {
  const page = await browser.newPage();
  staff.owner = await enrolWithAuthenticator(page, createStaffFromCommandLine(emails.owner, 'owner'), 'Mona Owner');
  await inviteStaff(page, { name: 'Bea Billing', email: emails.billing, role: 'Billing' });
  const billingPage = await (await browser.newContext()).newPage();
  staff.billing = await enrolWithAuthenticator(billingPage, await invitationLink(page.request, emails.billing), 'Bea Billing');
  await expect(billingPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await checkScreen(billingPage, 'dashboard');

  await billingPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Promo codes' }).click();
  await billingPage.getByRole('button', { name: 'New promo code' }).click();
  const dialog = billingPage.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await dialog.getByLabel('Percent').fill('150');
  await dialog.getByLabel('Extensions').fill('com');
  await dialog.getByLabel('Uses in all').fill('10');
  await dialog.getByLabel('Reason (optional)').fill('Launch offer for the newsletter');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A percent discount is at most 100');
  await dialog.getByLabel('Percent').fill('25');
  await checkScreen(billingPage, 'promo-dialog');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  const row = billingPage.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('25% off the first year of .com');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0 of 10');
  await checkScreen(billingPage, 'promo-codes');
  await billingPage.context().close();
  await page.close();
});

test('a visitor uses the code at checkout and pays the discounted price', async ({ browser }) => {
  test.skip(!staff.billing, 'needs the promo code created above');
  customer = await (await browser.newContext()).newPage();
  await customer.goto('/');
  await addDomain(customer, domain);
  await customer.goto('/cart');
  await customer.getByLabel('Promo code').fill(code);
  await customer.getByRole('button', { name: 'Apply' }).click();
  // 25% of the first year of .com ($10.28) is $2.57.
  await expect(customer.getByTestId('cart-discount')).toHaveText('−$2.57');
  await expect(customer.getByTestId('cart-total')).toHaveText('$7.71');
  await fillVisitorDetails(customer, `money-${run}@example.org`, newPhone());
  await saveCard(customer, '4242 4242 4242 4242');
  await expect(customer.getByText(/^Visa ending in 4242/)).toBeVisible();
  await customer.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(customer);
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const history = await (await customer.request.get(`/api/transactions?yyyymm=${month}`)).json();
  const rows = history.data.map((r: { description: string; amount: number }) => [r.description, r.amount]);
  expect(rows).toContainEqual([`Promo code ${code} on ${domain}`, -257]);
  expect(rows).toContainEqual(['Card payment, Visa ending in 4242', -771]);
});

test('billing refunds part of the order with a reason; the ledger, the statement and Account activity show it; the used code keeps its discount, its end date moves', async ({
  page,
}) => {
  test.skip(!customer, 'needs the order above');
  await signInStaff(page, staff.billing!, '/admin/orders');
  await page.getByLabel('Search').fill(domain);
  const row = page.getByRole('row').filter({ hasText: domain });
  await expect(row).toContainText('Completed');
  await row.getByRole('link', { name: /Order #\d+/ }).click();
  orderId = Number(/orders\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
  await checkScreen(page, 'order');

  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund', exact: true });
  await dialog.getByRole('textbox', { name: `Registration of ${domain} (1 year)` }).fill('9.00');
  await expect(dialog.getByText('At most $7.71')).toBeVisible();
  await dialog.getByRole('textbox', { name: `Registration of ${domain} (1 year)` }).fill('3');
  await expect(dialog.getByRole('button', { name: 'Refund $3.00' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Goodwill: the customer was charged before the price drop');
  await dialog.getByLabel('Note to the customer (optional)').fill('We matched the lower price you saw.');
  await checkScreen(page, 'refund-dialog');
  await dialog.getByRole('button', { name: 'Refund $3.00' }).click();
  await expect(page.getByText('Refunded $3.00. The customer was emailed; a credit note was issued.')).toBeVisible();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('Goodwill: the customer was charged before the price drop');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('$4.71');
  await checkScreen(page, 'order-refunded');

  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const history = await (await customer.request.get(`/api/transactions?yyyymm=${month}`)).json();
  const rows = history.data.map((r: { description: string; amount: number }) => [r.description, r.amount]);
  expect(rows).toContainEqual([`Refund: Registration of ${domain} (1 year)`, -300]);
  expect(rows).toContainEqual(['Refund to Visa ending in 4242', 300]);
  const pdf = await customer.request.get(`/api/transactions?$pdf=true&yyyymm=${month}`);
  const { text } = await readPdfText(new Uint8Array(await pdf.body()));
  expect(text).toContain(`Refund: Registration of ${domain} (1 year)`);
  expect(text).toContain(`Promo code ${code} on ${domain}`);
  // The customer is emailed what was refunded (the reason stays with staff).
  await expect(async () => {
    const { data } = await (await customer.request.get('/api/dev/outbox')).json();
    const mail = (data as { to: string; subject: string; body: string }[]).find((m) => m.to === `money-${run}@example.org` && m.subject.startsWith('Refund'));
    expect(mail?.subject).toBe(`Refund of $3.00 for order ${orderId}`);
    expect(mail?.body).toContain(`Registration of ${domain} (1 year): $3.00`);
    expect(mail?.body).not.toContain('Goodwill');
  }).toPass({ timeout: 20_000 });

  // What the customer sees: the refund in Billing History, and in Account activity with billing's note (never the
  // internal reason), by the team.
  await customer.goto('/account/summary?view=billing');
  await expect(customer.getByRole('row').filter({ hasText: `Refund: Registration of ${domain} (1 year)` })).toContainText('3.00');
  await expect(customer.getByRole('row').filter({ hasText: 'Refund to Visa ending in 4242' })).toContainText('3.00');
  await customer.goto('/account/summary?view=activity');
  const entry = customer.getByRole('listitem').filter({ hasText: `We refunded $3.00 of order #${orderId} to your Visa ending in 4242.` });
  await expect(entry).toContainText('Note: We matched the lower price you saw.');
  await expect(entry).not.toContainText('Goodwill');
  await expect(entry).toContainText('Billing team');
  await expect(customer.getByRole('region', { name: 'Account activity' })).not.toContainText('Bea Billing');
  await expect(customer.getByRole('region', { name: 'Account activity' })).not.toContainText(emails.billing);

  // The same customer gets a goodwill credit: their next checkout spends it.
  await page.getByRole('link', { name: /^Account \d+$/ }).click();
  await page.getByRole('link', { name: 'Account credit and payments' }).click();
  await page.getByRole('button', { name: 'Give credit…' }).click();
  const grant = page.getByRole('dialog', { name: 'Give account credit' });
  await grant.getByLabel('Amount').fill('5');
  await grant.getByLabel('Note for the customer').fill('Thanks for your patience');
  await grant.getByLabel('Reason').fill('Compensation agreed on the phone');
  await grant.getByRole('button', { name: 'Add $5.00 credit' }).click();
  await expect(page.getByTestId('credit-balance')).toHaveText('$5.00');
  await checkScreen(page, 'credit');
  const after = await (await customer.request.get(`/api/transactions?yyyymm=${month}`)).json();
  expect(after.data.map((r: { description: string }) => r.description)).toContain('Account credit: Thanks for your patience');

  // The code has been used: billing may move its end date, but its discount stays as customers were given it.
  await page.goto('/admin/promos');
  const promo = page.getByRole('row').filter({ hasText: code });
  await promo.getByText('Manage').click();
  await promo.getByRole('button', { name: 'Edit end date and caps…' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${code}` });
  await expect(edit.getByLabel('Discount')).toBeDisabled();
  await expect(edit.getByLabel('Percent')).toBeDisabled();
  const year = new Date().getUTCFullYear() + 1;
  await edit.getByLabel('Ends').fill(`${year}-06-30`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(promo).toContainText(new RegExp(`until (Jun 30|Jul 1), ${year}`));
  await expect(promo).toContainText('1 of 10');
});

test('the owner finds the promo code and the refund in the audit log, with their reasons', async ({ page }) => {
  test.skip(!orderId, 'needs the refund above');
  await signInStaff(page, staff.owner!, '/admin/audit');
  await page.getByLabel('Search').fill(emails.billing);
  const refund = page.getByRole('row').filter({ hasText: 'Order · refund' });
  await expect(refund).toContainText('Goodwill: the customer was charged before the price drop');
  await expect(refund).toContainText(`Order #${orderId}`);
  const created = page.getByRole('row').filter({ hasText: 'Promo · create' });
  await expect(created).toContainText(code);
  await expect(created).toContainText(emails.billing);
  await expect(created).toContainText('Launch offer for the newsletter');

  const credit = page.getByRole('row').filter({ hasText: 'Account · credit' });
  await expect(credit).toContainText('Compensation agreed on the phone');

  for (const [path, heading] of [
    ['/admin/renewals', 'Failed auto-renewals'],
    ['/admin/orders', 'Orders'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await checkScreen(page, path.split('/').pop() ?? 'page');
  }
});

test('a refund of a Dutch customer’s order gives the VAT on it back too, and the dialog says so before it is sent', async ({ browser, page }) => {
  test.skip(!staff.billing, 'needs the billing agent above');
  const dutchDomain = `qwzxv-money-vat-${run}.com`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await addDomain(visitor, dutchDomain);
  await visitor.goto('/cart');
  await fillVisitorDetails(visitor, `money-vat-${run}@example.org`, newPhone(), { country: 'NL', city: 'Amsterdam', state: 'Noord-Holland', zip: '1011 AB' });
  await expect(visitor.locator('.summary-totals .tax-included')).toContainText('21% VAT (Netherlands)');
  await saveCard(visitor, '4242 4242 4242 4242');
  await expect(visitor.getByText(/^Visa ending in 4242/)).toBeVisible({ timeout: 20_000 });
  await visitor.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(visitor);
  await visitor.context().close();

  await signInStaff(page, staff.billing!, '/admin/orders');
  await page.getByLabel('Search').fill(dutchDomain);
  await page
    .getByRole('row')
    .filter({ hasText: dutchDomain })
    .getByRole('link', { name: /Order #\d+/ })
    .click();
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund', exact: true });
  await dialog.getByRole('textbox', { name: `Registration of ${dutchDomain} (1 year)` }).fill('3');
  // The server gives back 21% of what is refunded with it: the dialog says how much before anything is sent.
  await expect(dialog.getByTestId('refund-tax-back')).toHaveText('$0.63 of tax goes back with it: $3.63 in all.');
  await dialog.getByLabel('Reason').fill('Goodwill: the price the customer was promised');
  await checkScreen(page, 'refund-dialog-vat');
  await dialog.getByRole('button', { name: 'Refund $3.63' }).click();
  await expect(page.getByText(/^Refunded \$3\.63\b/)).toBeVisible();
});

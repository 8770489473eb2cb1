/**
 * Every table in the account app fits a phone (issue #25): a walk through each view that shows one, at 390 px and at
 * 1280 px, fails when a table is wider than its viewport, scrolls sideways inside a box, or hides a cell of its rows
 * (tests/e2e/helpers/table-fit.ts). The demo account's views are only looked at; the DNSSEC table needs DS records, so a
 * customer of its own adds them. A new view with a table belongs in this walk.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { becomeNewCustomer, unique } from '../helpers/checkout-helpers.ts';
import { domainEntry, manageDomain } from '../helpers/domain-list-helpers.ts';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { shownTables, tablesThatDoNotFit } from '../helpers/table-fit.ts';

const widths = [390, 1280];

async function expectTablesFit(page: Page, where: string, atLeast = 1) {
  expect(await shownTables(page), `${where}: the tables this walk came to see`).toBeGreaterThanOrEqual(atLeast);
  expect(await tablesThatDoNotFit(page), where).toEqual([]);
}

async function openAdvanced(page: Page, name: string) {
  await manageDomain(page, name);
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('tab', { name: 'Advanced' }).click();
  return card;
}

for (const width of widths) {
  test(`the demo account's tables fit at ${width} px: My Domains, Renew My Domain, DNS records, billing history`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/account/domains');
    await logInAsDemo(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
    await expect(domainEntry(page, 'quietharbor.org')).toBeVisible();
    await expectTablesFit(page, 'My Domains');

    await page.getByRole('button', { name: 'Renew', exact: true }).first().click();
    const renew = page.getByRole('dialog', { name: 'Renew My Domain' });
    await expect(renew.getByRole('checkbox', { name: 'Renew brightbeancoffee.net' })).toBeVisible();
    await expectTablesFit(page, 'Renew My Domain');
    // What the customer ticks is what they see: each name's price per year and its Protect box.
    const net = renew.getByRole('row', { name: /brightbeancoffee\.net/ });
    await expect(net.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
    await expect(net.getByRole('checkbox', { name: 'Protect brightbeancoffee.net' })).toBeVisible();
    expect((await new AxeBuilder({ page }).include('dialog').analyze()).violations).toEqual([]);
    await renew.getByRole('button', { name: 'Close' }).click();

    const card = await openAdvanced(page, 'quietharbor.org');
    await card.getByRole('button', { name: 'Manage DNS Records' }).click();
    const dns = page.getByRole('dialog', { name: 'Manage DNS Records' });
    await expect(dns.getByRole('row').filter({ hasText: '203.0.113.10' })).toBeVisible();
    await expectTablesFit(page, 'Manage DNS Records');
    await dns.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.goto('/account/summary?view=billing');
    const history = page.getByRole('region', { name: 'Billing History' });
    // Last month: six registrations and their payment, the registrations folded away until asked for.
    const lastMonth = history.getByLabel('Statement month');
    await lastMonth.selectOption({ index: 1 });
    await history.getByRole('button', { name: /Show all/ }).click();
    await expect(history.getByText('Registration of brightbeancoffee.store (1 year)')).toBeVisible();
    await expectTablesFit(page, 'Billing History', 2);
  });

  test(`a customer's DNSSEC table fits at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    const name = `qwzxv-tables-${unique()}.com`;
    await becomeNewCustomer(page, [name]);
    await page.request.patch('/api/accounts/0', { data: { advancedEnabled: true } });
    const [domain] = (await (await page.request.get('/api/domains')).json()).data;
    // Signed by a DNS provider of its own: its nameservers, then the DS record it gives.
    expect(
      (await page.request.patch(`/api/domains/${domain.domainId}`, { data: { ns: ['ns1.signing-dns.example', 'ns2.signing-dns.example'] } })).status(),
    ).toBe(200);
    const digest = '2BB183AF5F22588179A53B0A98631FAD1A292118A9A6D7E0E3E6C7F5E8D4A5B1';
    const ds = await page.request.patch(`/api/domains/${domain.domainId}`, { data: { dsRecords: [{ keyTag: 2371, algorithm: 13, digestType: 2, digest }] } });
    expect(ds.status()).toBe(200);
    await page.reload();
    const card = await openAdvanced(page, name);
    await expect(card.getByTestId('dnssec-status')).toHaveText('Signed: 1 DS record');
    await expectTablesFit(page, 'DNSSEC');
  });
}

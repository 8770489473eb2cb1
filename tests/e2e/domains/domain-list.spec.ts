/**
 * My Domains as a list (issue #25): search as you type, filters with counts, sort, the view kept in the URL through
 * reload and Back, "select all matching" a filter, bulk auto-renew off with progress per domain and a failure named,
 * and the CSV export's content; at a phone's width and a desktop's, axe-clean.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { autoRenewOf, type ListDomain, markDomainsGone, seedListAccount, serverDatabaseUrl } from '../../fixtures/domain-list-account.ts';
import { axeProblems, scrollsSideways } from '../helpers/admin-helpers.ts';
import { unique } from '../helpers/checkout-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

const databaseUrl = () => serverDatabaseUrl('.data/e2e');
const password = 'list-journey-password';
const ourNs = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

/**
 * 56 domains (two pages of 50): three expire within 30 days with auto-renew on; every fourth has auto-renew off;
 * one is for sale, one is leaving (transfer pending), one uses custom nameservers.
 */
function listDomains(tag: string): ListDomain[] {
  const now = new Date();
  return Array.from({ length: 56 }, (_, i) => {
    const name = `${i < 3 ? 'soon' : 'later'}${String(i).padStart(2, '0')}-${tag}.com`;
    return {
      domain: name,
      expireDate: addDays(now, i < 3 ? 8 + i * 7 : 60 + i * 9),
      autoRenewEnabled: i < 3 || i % 4 !== 0,
      forSale: i === 5,
      outboundTransferStatus: i === 6 ? 'pending' : null,
      ns: i === 7 ? ['NS1.ELSEWHERE-DNS.NET', 'NS2.ELSEWHERE-DNS.NET'] : ourNs,
    };
  });
}

async function signIn(page: Page, email: string) {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const answer = await page.request.post('/api/session', { data: { email, password }, headers: { origin } });
  expect(answer.ok()).toBe(true);
}

/**
 * axe judges tap targets by what covers them: the sticky header covers whatever the page has scrolled beneath it. An
 * open dialog is judged alone (the page behind it is inert and was judged before).
 */
async function expectAxeClean(page: Page, where: string, within?: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeProblems(page, within), where).toEqual([]);
}

for (const width of [390, 1280]) {
  test(`My Domains list at ${width} px: search, filter, sort, the view in the URL, bulk auto-renew off with a failure named, CSV`, async ({ page }) => {
    // A long journey over a 56-domain account with five axe passes (each several seconds on a busy 2-core machine).
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const tag = unique();
    const email = `list-${tag}@example.com`;
    const domains = listDomains(tag);
    await seedListAccount(databaseUrl(), { email, password, domains, nameservers: ourNs });
    await signIn(page, email);
    await page.goto('/account/domains');
    const table = page.getByRole('table', { name: 'Your domains' });
    await expect(page.getByRole('status').filter({ hasText: 'domains' })).toHaveText('56 domains, showing 1–50');
    await expect(table.getByTestId('domain')).toHaveCount(50);
    expect(await scrollsSideways(page), 'the list fits the screen').toBe(false);
    await expectAxeClean(page, 'the list');

    // Search as you type: the URL follows and a reload keeps it.
    await page.getByLabel('Search your domains').pressSequentially('soon0');
    await expect(table.getByTestId('domain')).toHaveCount(3);
    await expect(page).toHaveURL(/[?&]q=soon0/);
    await page.reload();
    await expect(page.getByLabel('Search your domains')).toHaveValue('soon0');
    await expect(table.getByTestId('domain')).toHaveCount(3);
    await page.getByLabel('Search your domains').fill('');
    await expect(table.getByTestId('domain')).toHaveCount(50);

    // Filters show their counts; each keeps only its domains.
    const filters = page.getByRole('group', { name: 'Show' });
    await expect(filters.getByRole('button', { name: /^Auto-renew off/ })).toContainText('13');
    await filters.getByRole('button', { name: /^For sale/ }).click();
    await expect(table.getByTestId('domain')).toHaveCount(1);
    await expect(domainEntry(page, `later05-${tag}.com`)).toContainText('For sale');
    await filters.getByRole('button', { name: /^Transfer pending/ }).click();
    await expect(domainEntry(page, `later06-${tag}.com`)).toContainText('Transfer pending');
    await expect(table.getByTestId('domain')).toHaveCount(1);
    await filters.getByRole('button', { name: /^Custom nameservers/ }).click();
    await expect(table.getByTestId('domain')).toHaveCount(1);
    await expect(domainEntry(page, `later07-${tag}.com`)).toBeVisible();

    // Expiring in 30 days, sorted by expiry with the latest first; Back returns to the soonest-first order.
    await filters.getByRole('button', { name: /^Expiring in 30 days/ }).click();
    await expect(page).toHaveURL(/[?&]filter=expiring/);
    const names = table.locator('.domain-name');
    await page.getByLabel('Sort by').selectOption('expiry');
    await expect(names).toHaveText([`soon00-${tag}.com`, `soon01-${tag}.com`, `soon02-${tag}.com`]);
    await page.getByLabel('Sort by').selectOption('-expiry');
    await expect(page).toHaveURL(/[?&]sort=-expiry/);
    await expect(names).toHaveText([`soon02-${tag}.com`, `soon01-${tag}.com`, `soon00-${tag}.com`]);
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('expiry');
    await expect(names).toHaveText([`soon00-${tag}.com`, `soon01-${tag}.com`, `soon02-${tag}.com`]);
    await page.reload();
    await expect(filters.getByRole('button', { name: /^Expiring in 30 days/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(names).toHaveText([`soon00-${tag}.com`, `soon01-${tag}.com`, `soon02-${tag}.com`]);

    // One ticked, then all matching the filter.
    await page.getByRole('checkbox', { name: `Select soon01-${tag}.com` }).check();
    const bar = page.getByRole('region', { name: 'Selected domains' });
    await expect(bar).toContainText('1 selected');
    await bar.getByRole('button', { name: 'Select all 3 matching' }).click();
    await expect(bar).toContainText('3 selected');
    for (const i of [0, 1, 2]) await expect(page.getByRole('checkbox', { name: `Select soon0${i}-${tag}.com` })).toBeChecked();
    await expectAxeClean(page, 'the list with a selection');

    // CSV of the selection, in the order shown.
    const downloading = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^domains-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toEqual([
      'Domain,Expires,Auto-renew,Nameservers,Status',
      ...domains.slice(0, 3).map((d) => `${d.domain},${format(d.expireDate, 'yyyy-MM-dd')},On,ns1.dotspot.example ns2.dotspot.example,Active`),
    ]);

    // Bulk auto-renew off; one of the three left the account meanwhile and is reported by name.
    await markDomainsGone(databaseUrl(), [`soon01-${tag}.com`]);
    await bar.getByRole('button', { name: 'Auto-renew off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn auto-renew off' });
    await expect(dialog).toContainText('These domains will not renew by themselves');
    await expectAxeClean(page, 'the bulk dialog', 'dialog[open]');
    await dialog.getByRole('button', { name: 'Turn auto-renew off for 3 domains' }).click();
    const progress = dialog.getByRole('list', { name: 'Progress per domain' });
    await expect(dialog.getByRole('status')).toHaveText(`2 done, 1 not done: soon01-${tag}.com (Domain not found).`);
    await expect(progress.getByRole('listitem').filter({ hasText: `soon00-${tag}.com` })).toContainText('Done');
    await expect(progress.getByRole('listitem').filter({ hasText: `soon01-${tag}.com` })).toContainText('Failed: Domain not found');
    await expect(progress.getByRole('listitem').filter({ hasText: `soon02-${tag}.com` })).toContainText('Done');
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('value', '3');
    if (process.env.LIST_SCREENSHOTS) await page.screenshot({ path: `${process.env.LIST_SCREENSHOTS}/bulk-${width}.png` });
    await expectAxeClean(page, 'the bulk progress', 'dialog[open]');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The list shows what the server now holds: auto-renew off for the two, the departed one gone.
    await expect(domainEntry(page, `soon00-${tag}.com`).locator('.col-renew')).toHaveText('Off');
    await expect(domainEntry(page, `soon02-${tag}.com`).locator('.col-renew')).toHaveText('Off');
    await expect(domainEntry(page, `soon01-${tag}.com`)).toHaveCount(0);
    expect(await autoRenewOf(databaseUrl(), `soon00-${tag}.com`)).toBe(false);
    expect(await autoRenewOf(databaseUrl(), `later09-${tag}.com`)).toBe(true);

    // The Manage panel is still one click from a row.
    await filters.getByRole('button', { name: /^All/ }).click();
    // The view changes before the search narrows it: typing into the old view would search only expiring names.
    await expect(filters.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Search your domains').fill('later09');
    await domainEntry(page, `later09-${tag}.com`)
      .getByRole('button', { name: `Manage later09-${tag}.com` })
      .click();
    const panel = page.getByRole('article', { name: `later09-${tag}.com` });
    await expect(panel.getByRole('tab')).toHaveText(['Service', 'Settings', 'Email']);
    expect(await scrollsSideways(page), 'the open panel fits the screen').toBe(false);
    if (process.env.LIST_SCREENSHOTS) await page.screenshot({ path: `${process.env.LIST_SCREENSHOTS}/manage-${width}.png`, fullPage: true });
    await expectAxeClean(page, 'a Manage panel open');
  });
}

/**
 * Domain names break only at their dots on a phone (issue #25 defect 8: "brightbeanba / kery.org", "_sip._tc / p"):
 * a new customer with a long name, at 390 px, in the search results, My Domains and the DNS records of a
 * host of several labels. Every name on each view is looked at; a label split over two lines fails, and so does a
 * walk in which no name needed to wrap at all (the rule would have gone untested).
 */
import { expect, type Page, test } from '@playwright/test';
import { becomeNewCustomer, unique } from '../helpers/checkout-helpers.ts';
import { openDnsRecords } from '../helpers/dns-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

type NameLines = { name: string; lines: number; splitLabels: string[] };

/** Each shown domain name: how many lines it takes, and the labels (kept whole by rule) that run over two. */
async function shownNames(page: Page): Promise<NameLines[]> {
  return page.locator('.domain-name').evaluateAll((names) =>
    names
      .filter((name) => (name as HTMLElement).offsetParent !== null)
      .map((name) => {
        const lineTops = new Set([...name.getClientRects()].map((rect) => Math.round(rect.top)));
        const splitLabels = [...name.querySelectorAll('.domain-label:not(.is-long)')]
          .filter((label) => new Set([...label.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
          .map((label) => label.textContent ?? '');
        return { name: name.textContent ?? '', lines: lineTops.size, splitLabels };
      }),
  );
}

async function expectNamesWhole(page: Page, where: string): Promise<NameLines[]> {
  const names = await shownNames(page);
  expect(names.length, `${where}: names shown`).toBeGreaterThan(0);
  expect(
    names.filter((name) => name.splitLabels.length > 0),
    `${where}: names broken inside a label`,
  ).toEqual([]);
  return names;
}

test('at 390 px long names and hosts wrap only after a dot: search results, My Domains, DNS records', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // 29 characters before ".com": within the longest label kept whole, wider than a phone's name column.
  const name = `qwzxv-brightbeanbakery-${unique()}`.slice(0, 29) + '.com';
  const wrapped: string[] = [];
  const note = (names: NameLines[]) => wrapped.push(...names.filter((n) => n.lines > 1).map((n) => n.name));

  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await expect(
    page
      .getByRole('heading', { name, exact: true })
      .or(page.getByText(name, { exact: true }))
      .first(),
  ).toBeVisible();
  note(await expectNamesWhole(page, 'search results'));

  await becomeNewCustomer(page, [name]);
  // The heading comes before the list: wait for the domain's row, as its owner would.
  await expect(domainEntry(page, name)).toBeVisible();
  note(await expectNamesWhole(page, 'My Domains'));

  await page.request.patch('/api/accounts/0', { data: { advancedEnabled: true } });
  const [domain] = (await (await page.request.get('/api/domains')).json()).data;
  const host = '_acme-challenge.shop.newsletters.eu-west';
  const added = await page.request.post('/api/dnsRecords', { data: { domainId: domain.domainId, type: 'TXT', host, data: 'token-1' } });
  expect(added.status()).toBe(201);
  await page.reload();
  const dialog = await openDnsRecords(page, name);
  await expect(dialog.getByRole('row').filter({ hasText: 'token-1' })).toBeVisible();
  note(await expectNamesWhole(page, 'DNS records'));

  // The walk met names too long for one line, so the rule was put to the test.
  expect(wrapped.length, 'names that needed more than one line').toBeGreaterThan(0);
});

/**
 * Issue #36's "every dashboard count opens its list": each figure and count on the owner's dashboard is a link, and
 * it opens the list behind it, headed as the count is named and from the UTC day the count's period starts on. (That
 * the lists hold exactly what the figures count is tests/api/dashboard/dashboard.test.ts: here other specs sell names
 * while this one reads, so the numbers move between the dashboard and the list.)
 */
import { expect, test } from '@playwright/test';
import { axeProblems, createStaffFromCommandLine, enrolWithAuthenticator, scrollsSideways } from '../helpers/admin-helpers.ts';
import { unique } from '../helpers/checkout-helpers.ts';

const day = (daysBack: number) => {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(today - daysBack * 86_400_000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};
const periods = [
  [' today', 0],
  [', 7 days', 6],
  [', 30 days', 29],
] as const;

/** What a count's list shows: its heading, and where the list says it, the words naming what it holds. */
const lists: { count: RegExp; heading: string; says?: (since: string) => RegExp }[] = [
  {
    count: /^Registrations/,
    heading: 'Orders',
    says: (since) => new RegExp(`^[\\d,]+ registrations? delivered since ${since} \\(UTC\\), in [\\d,]+ orders?\\.`),
  },
  {
    count: /^Transfers(,| today)/,
    heading: 'Orders',
    says: (since) => new RegExp(`^[\\d,]+ transfers? delivered since ${since} \\(UTC\\), in [\\d,]+ orders?\\.`),
  },
  { count: /^Renewals/, heading: 'Renewals', says: (since) => new RegExp(`^([\\d,]+ renewed|No renewals) since ${since} \\(UTC\\)\\.`) },
  {
    count: /^Revenue/,
    heading: 'Revenue',
    says: (since) => new RegExp(`^(-?\\$[\\d,]+\\.\\d\\d from [\\d,]+ payments?|No payments) since ${since} \\(UTC\\)\\.`),
  },
  { count: /^Refunds/, heading: 'Audit log' },
  { count: /^Failed charges/, heading: 'Orders' },
  { count: /^Transfers in, at the registry/, heading: 'Transfers in, at the registry' },
  { count: /^Transfers in, waiting for an auth code/, heading: 'Transfers in, waiting for an auth code' },
  { count: /^Transfers away/, heading: 'Transfers away' },
  { count: /^Open abuse cases/, heading: 'Abuse desk' },
];

test('every count on the dashboard opens the list behind it, from the day its period starts', async ({ page }) => {
  test.setTimeout(180_000);
  const link = createStaffFromCommandLine(`dashboard-owner-${unique()}@registrar.example`, 'owner');
  await enrolWithAuthenticator(page, link, 'Dana Owner');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const counts = page.getByRole('main').getByRole('link', { name: /: \$?[\d,]+(\.\d\d)?$/ });
  await expect(counts.first()).toBeVisible();
  const names = (await counts.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''))).map((name) => name.replace(/: [^:]+$/, ''));
  // Five figures over three periods, failed charges, three kinds of waiting transfer and open abuse cases.
  expect(names).toHaveLength(20);

  for (const name of names) {
    const list = lists.find((l) => l.count.test(name));
    expect(list, `${name} has a list`).toBeDefined();
    await page.goto('/admin');
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${name.replace(/[$,.()]/g, '\\$&')}: `) })
      .click();
    await expect(page.getByRole('heading', { level: 1 }), name).toHaveText(list!.heading);
    const period = periods.find(([words]) => name.endsWith(words));
    if (list!.says && period)
      await expect(
        page
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: / since \w+ \d+, \d{4} \(UTC\)/ }),
        name,
      ).toHaveText(list!.says(day(period[1])));
  }

  // The new lists read well at both widths.
  for (const [path, heading] of [
    ['renewed', 'Renewals'],
    ['revenue', 'Revenue'],
  ]) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(page.getByText('Loading…')).toHaveCount(0);
      expect(await axeProblems(page), `${path} at ${width} px`).toEqual([]);
      expect(await scrollsSideways(page), `${path} at ${width} px`).toBe(false);
      await page.screenshot({ path: `test-results/admin-${path}-${width}.png`, fullPage: true });
    }
  }
});

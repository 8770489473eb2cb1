/**
 * The bulk actions' layout: on a phone the bar of selected domains stays on screen while the customer scrolls on to
 * tick more, and in the progress dialog a failure's reason never runs over the domain's name (390 and 1280 px).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays } from 'date-fns/addDays';
import { seedListAccount, serverDatabaseUrl } from '../../fixtures/domain-list-account.ts';
import { unique } from '../helpers/checkout-helpers.ts';

const password = 'bulk-layout-password';
const ourNs = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

async function signIn(page: Page, email: string) {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  expect((await page.request.post('/api/session', { data: { email, password }, headers: { origin } })).ok()).toBe(true);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as { x: number; y: number; width: number; height: number };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [390, 1280]) {
  test(`bulk actions at ${width} px: the bar stays in view, a failure's reason stays clear of the name`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    const tag = unique();
    const email = `bulk-${tag}@example.com`;
    const names = Array.from({ length: 8 }, (_, i) => `a-rather-long-bakery-name-${i}-${tag}.com`);
    await seedListAccount(serverDatabaseUrl('.data/e2e'), {
      email,
      password,
      nameservers: ourNs,
      domains: names.map((domain, i) => ({
        domain,
        expireDate: addDays(new Date(), 90 + i),
        autoRenewEnabled: true,
        forSale: false,
        outboundTransferStatus: null,
        ns: ourNs,
      })),
    });
    await signIn(page, email);
    // The registry refuses the first name's change, with its long reason.
    await page.route(/\/api\/domains\/\d+$/, async (route) => {
      if (route.request().method() !== 'PATCH' || !(route.request().postData() ?? '').includes('autoRenew')) return route.continue();
      const answer = await route.fetch();
      return answer.ok() && (await answer.text()).includes(names[0])
        ? route.fulfill({
            status: 502,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 502,
              message: 'The registry refused the change of this domain: 2304 Object status prohibits operation. Nothing was changed.',
            }),
          })
        : route.fulfill({ response: answer });
    });
    await page.goto('/account/domains');
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    const bar = page.getByRole('region', { name: 'Selected domains' });
    // Scrolled down to the last name: the bar is still on screen, and ticking it there counts.
    const last = page.getByRole('checkbox', { name: `Select ${names[7]}` });
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar).toBeInViewport();
    await last.check();
    await expect(bar).toContainText('2 selected');

    await bar.getByRole('button', { name: 'Auto-renew off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn auto-renew off' });
    await dialog.getByRole('button', { name: 'Turn auto-renew off for 2 domains' }).click();
    const failed = dialog.getByRole('list', { name: 'Progress per domain' }).getByRole('listitem').filter({ hasText: names[0] });
    await expect(failed).toContainText('Failed: The registry refused the change');
    expect(overlaps(await box(failed.locator('.bulk-item-name')), await box(failed.locator('.bulk-item-state')))).toBe(false);
    await page.screenshot({ path: test.info().outputPath(`bulk-${width}.png`) });
  });
}

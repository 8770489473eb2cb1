/**
 * DNS power tools in the account app (issue #25), on the demo's maplestreetbakery.com: a CAA record through its own
 * form with a TTL, a provider template applied with its conflict removed only on consent, a zone file imported
 * after its preview (a refused line shown with its number), the history with a diff and a restore, several records
 * deleted at once; every view axe-clean, at 1280 and 390 px, screenshots kept.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

const zone = 'maplestreetbakery.com';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('dialog[open]').withTags(tags).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

async function checkView(page: Page, shot: string) {
  expect(await axeProblems(page)).toEqual([]);
  // The page must not scroll sideways; when it does, the failure names what sticks out (tag and class).
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth > window.innerWidth + 1
      ? [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      : [],
  );
  expect(wide).toEqual([]);
  await page.screenshot({ path: `test-results/screens/dns-tools-${shot}.png` });
}

async function openRecords(page: Page) {
  const card = domainEntry(page, zone);
  await card.getByRole('button', { name: /Manage/ }).click();
  await card.getByRole('tab', { name: 'Advanced' }).click();
  await card.getByRole('button', { name: 'Manage DNS Records' }).click();
  return page.getByRole('dialog', { name: 'Manage DNS Records' });
}

/** Empties the zone through the API, so the journey starts from the same place whatever ran before. */
async function clearZone(page: Page) {
  const domains = await (await page.request.get('/api/domains')).json();
  const domainId = domains.data.find((d: { domain: string }) => d.domain === zone).domainId;
  const records = await (await page.request.get(`/api/dnsRecords?domainId=${domainId}`)).json();
  const ids = records.data.map((r: { dnsRecordId: number }) => r.dnsRecordId);
  if (ids.length) expect((await page.request.post('/api/dnsRecordDeletions', { data: { domainId, dnsRecordIds: ids } })).status()).toBe(200);
}

// Both widths work on the same demo domain: one after the other.
test.describe.configure({ mode: 'serial' });

for (const width of [1280, 390]) {
  test(`DNS tools at ${width} px: a CAA record with its TTL, a template, an import with its preview, history, diff and restore`, async ({ page }) => {
    // Eight views, each judged by axe (several seconds each on a busy 2-core machine).
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/account/domains');
    await logInAsDemo(page);
    await clearZone(page);
    const dialog = await openRecords(page);

    // CAA through its own form: tag, value, critical flag; the TTL chosen from the list.
    await dialog.getByLabel('Type', { exact: true }).selectOption('CAA');
    await dialog.getByLabel('Tag', { exact: true }).selectOption('issue');
    await dialog.getByLabel('Certificate authority').fill('not a ca!');
    await dialog.getByLabel('TTL', { exact: true }).selectOption({ label: '5 min' });
    await dialog.getByRole('button', { name: 'Add Record' }).click();
    await expect(dialog.getByText('The issuer is a CA\'s domain name, such as letsencrypt.org (or ";" alone to allow none)')).toBeVisible();
    await dialog.getByLabel('Certificate authority').fill('letsencrypt.org');
    await dialog.getByRole('button', { name: 'Add Record' }).click();
    const caa = dialog.getByRole('row').filter({ hasText: '0 issue "letsencrypt.org"' });
    await expect(caa).toContainText('5 min');
    await dialog.getByLabel('Type', { exact: true }).selectOption('MX');
    await dialog.getByLabel('Mail server').fill('mx.oldmail.example.net');
    await dialog.getByLabel('Priority').fill('10');
    await dialog.getByRole('button', { name: 'Add Record' }).click();
    await expect(dialog.getByRole('row').filter({ hasText: 'mx.oldmail.example.net' })).toContainText('1 hour');
    await dialog.getByLabel('Type', { exact: true }).selectOption('HTTPS');
    await checkView(page, `records-${width}`);

    // A template: the old MX is in the way and stays unless the box is ticked.
    await dialog.getByRole('button', { name: 'Templates' }).click();
    const templates = page.getByRole('dialog', { name: 'Set Up a Provider' });
    await expect(templates.getByRole('button', { name: /Fastmail/ })).toBeVisible();
    await checkView(page, `templates-${width}`);
    await templates.getByRole('button', { name: /Fastmail/ }).click();
    const fastmail = page.getByRole('dialog', { name: 'Set Up Fastmail' });
    await expect(fastmail.getByRole('region', { name: 'Records in the way' })).toContainText('mx.oldmail.example.net');
    await expect(fastmail.getByRole('region', { name: 'Records of the template' })).toContainText(`fm1.${zone}.dkim.fmhosted.com`);
    await fastmail.getByRole('checkbox', { name: /Remove this record/ }).check();
    await checkView(page, `template-preview-${width}`);
    await fastmail.getByRole('button', { name: 'Apply Template' }).click();
    const applied = page.getByRole('dialog', { name: 'Fastmail Is Set Up' });
    await expect(applied).toContainText('6 records added, 1 removed');
    await applied.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByRole('row').filter({ hasText: 'mx.oldmail.example.net' })).toHaveCount(0);
    await expect(dialog.getByRole('row').filter({ hasText: 'in1-smtp.messagingengine.com' })).toBeVisible();

    // Import: the preview lists what changes and the line it refuses, before anything happens.
    await dialog.getByRole('button', { name: 'Import' }).click();
    const importing = page.getByRole('dialog', { name: 'Import a Zone File' });
    await importing
      .getByLabel('Zone file')
      .fill(['$TTL 600', 'www   IN CNAME @', 'blog  IN A 203.0.113.77', 'bad   IN A 300.1.1.1', '@ IN HTTPS 1 . alpn=h3,h2'].join('\n'));
    await checkView(page, `import-${width}`);
    await importing.getByRole('button', { name: 'Preview Import' }).click();
    const review = page.getByRole('dialog', { name: 'Review the Import' });
    await expect(review.getByRole('region', { name: 'To add' })).toContainText('blog');
    await expect(review.getByRole('region', { name: 'Not imported' })).toContainText('Line 4');
    await expect(review.getByRole('region', { name: 'Not imported' })).toContainText('Enter an IPv4 address such as 203.0.113.10');
    // www becomes the customer's: the parking page there stops, so it asks first.
    await expect(review.getByRole('listitem').filter({ hasText: `The parking page stops showing at ${zone}.` })).toBeVisible();
    await checkView(page, `import-preview-${width}`);
    await review.getByRole('button', { name: 'Import Anyway' }).click();
    const imported = page.getByRole('dialog', { name: 'Zone File Imported' });
    await expect(imported).toContainText('3 records added');
    await imported.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByRole('row').filter({ hasText: '203.0.113.77' })).toContainText('10 min');

    // Export: a zone file download of the same records.
    await expect(dialog.getByRole('link', { name: /Export/ })).toHaveAttribute('href', /\/api\/dnsZoneFiles\?domainId=\d+/);

    // History: who and what; the template's diff; restore the version before the import.
    await dialog.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Change History' });
    await expect(history.getByRole('listitem').first()).toContainText('Imported a zone file (merge): 3 added, 0 changed, 0 removed');
    await expect(history.getByRole('listitem').first()).toContainText('Zone file import');
    await expect(history.getByRole('listitem').first()).toContainText('demo@example.com');
    await checkView(page, `history-${width}`);
    const templateChange = history.getByRole('listitem').filter({ hasText: 'Applied the Fastmail template' }).first();
    await templateChange.getByRole('button', { name: /What changed/ }).click();
    const compare = page.getByRole('dialog', { name: 'Compare Versions' });
    await expect(compare.getByRole('region', { name: 'Removed' })).toContainText('mx.oldmail.example.net');
    await expect(compare.getByRole('region', { name: 'Added' })).toContainText('in2-smtp.messagingengine.com');
    await checkView(page, `diff-${width}`);
    await compare.getByRole('button', { name: 'Restore This Version' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore This Version?' });
    await expect(restore.getByRole('region', { name: 'Removed' })).toContainText('203.0.113.77');
    await checkView(page, `restore-${width}`);
    await restore.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Version Restored' }).getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog', { name: 'Change History' }).getByRole('listitem').first()).toContainText('Restored the version of');
    await page.getByRole('dialog', { name: 'Change History' }).getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog.getByRole('row').filter({ hasText: '203.0.113.77' })).toHaveCount(0);

    // Several at once: select, confirm, gone.
    await dialog.getByRole('checkbox', { name: 'Select all records' }).check();
    await dialog.getByRole('button', { name: /Delete \d+ selected/ }).click();
    const bulk = page.getByRole('dialog', { name: /Delete \d+ Records/ });
    await checkView(page, `bulk-delete-${width}`);
    await bulk.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'DNS Records Deleted' }).getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByText('No DNS records yet')).toBeVisible();
  });
}

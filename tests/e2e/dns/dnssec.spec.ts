import { expect, type Page, test } from '@playwright/test';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

/**
 * DNSSEC in the Advanced tab, on the demo account: a domain on our nameservers is told why it cannot be signed;
 * with custom nameservers a DS record is added (after a field error), shows in the list and in RDAP, and is removed.
 * The domain goes back to our nameservers at the end, as the other specs expect it.
 */
// A custom website (a root A record) on our nameservers: its service label stays Custom throughout, as other specs read it.
const name = 'quietharbor.org';
const digest = '2BB183AF5F22588179A53B0A98631FAD1A292118ABA2F5BD1A5B2C7A4E3F1A09';
const shots = process.env.DNSSEC_SCREENSHOTS;

async function openAdvanced(page: Page) {
  const card = domainEntry(page, name);
  await card.getByRole('button', { name: /Manage/ }).click();
  await card.getByRole('tab', { name: 'Advanced' }).click();
  return card;
}

async function setNameservers(page: Page, card: ReturnType<Page['getByRole']>, ns: string[]) {
  await card.getByRole('button', { name: 'Change Nameservers', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Nameservers' });
  await dialog.getByRole('button', { name: 'Use Defaults' }).click();
  for (const [index, host] of ns.entries()) await dialog.getByLabel(`Nameserver ${index + 1}`).fill(host);
  await dialog.getByRole('button', { name: 'Save Nameservers' }).click();
  if (ns.length > 0) {
    // Leaving our nameservers leaves the records kept here unused: asked first (issue #25).
    const ask = page.getByRole('dialog', { name: 'Switch Nameservers?' });
    await expect(ask.getByRole('listitem')).toHaveText(['The 2 DNS records you keep here are no longer used: copy them to your new DNS provider first.']);
    await ask.getByRole('button', { name: 'Switch Anyway' }).click();
  }
  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toBeVisible();
  return success;
}

/** With DNSSEC_SCREENSHOTS=<dir>: the open dialog or the domain's card, at phone and desktop widths. */
async function snap(page: Page, file: string) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const dialog = page.getByRole('dialog');
    const target = (await dialog.count()) ? dialog : domainEntry(page, name);
    await target.screenshot({ path: `${shots}/${file}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('DNSSEC: explained on our nameservers; with custom ones a DS record is added, listed, published in RDAP and removed', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const card = await openAdvanced(page);
  const panel = card.getByRole('region', { name: 'DNSSEC' });
  await expect(panel.getByTestId('dnssec-status')).toHaveText('Off');
  await expect(panel).toContainText('DNSSEC needs nameservers that sign the zone');
  await expect(panel.getByRole('button', { name: 'Add DS Record' })).toHaveCount(0);
  await snap(page, 'dnssec-our-nameservers');
  // The explanation leads to the nameserver change.
  await panel.getByRole('button', { name: 'Use your DNS provider’s nameservers' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Nameservers' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Change Nameservers' }).getByRole('button', { name: 'Cancel' }).click();

  const done = await setNameservers(page, card, ['ns1.signing-dns.net', 'ns2.signing-dns.net']);
  await done.getByRole('button', { name: 'Done' }).click();

  await panel.getByRole('button', { name: 'Add DS Record' }).click();
  const add = page.getByRole('dialog', { name: 'Add DS Record' });
  await add.getByLabel('Key tag').fill('2371');
  await add.getByLabel('Algorithm').selectOption('13');
  await add.getByLabel('Digest type').selectOption('4');
  await add.getByLabel('Digest', { exact: true }).fill(digest.toLowerCase());
  await add.getByRole('button', { name: 'Add DS Record' }).click();
  await expect(add.getByText('A SHA-384 digest (type 4) is 96 hex characters; this one has 64')).toBeVisible();
  await snap(page, 'dnssec-add-error');
  await add.getByLabel('Digest type').selectOption('2');
  await add.getByRole('button', { name: 'Add DS Record' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.toast').filter({ hasText: `DS record 2371 added: ${name} is signed` })).toBeVisible();

  await expect(panel.getByTestId('dnssec-status')).toHaveText('Signed: 1 DS record');
  const row = panel.getByRole('row').filter({ hasText: '2371' });
  await expect(row).toContainText('13 · ECDSA P-256/SHA-256');
  await expect(row).toContainText('2 · SHA-256');
  await expect(row.getByTitle(digest)).toHaveText('2BB183AF…4E3F1A09');
  await snap(page, 'dnssec-signed');

  const rdap = await page.request.get(`/rdap/domain/${name}`);
  expect((await rdap.json()).secureDNS).toEqual({ delegationSigned: true, dsData: [{ keyTag: 2371, algorithm: 13, digestType: 2, digest }] });

  await row.getByRole('button', { name: 'Remove DS record 2371' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove DS Record' });
  await expect(confirm).toContainText('It is the only one: DNSSEC will be off.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByTestId('dnssec-status')).toHaveText('Off');
  await expect(panel.getByRole('row')).toHaveCount(0);
  expect((await (await page.request.get(`/rdap/domain/${name}`)).json()).secureDNS).toEqual({ delegationSigned: false });

  // Signed again, then back to our nameservers (as the demo account had it): the DS set goes first, and the customer is told.
  await panel.getByRole('button', { name: 'Add DS Record' }).click();
  await add.getByLabel('Key tag').fill('2371');
  await add.getByLabel('Digest', { exact: true }).fill(digest);
  await add.getByRole('button', { name: 'Add DS Record' }).click();
  await expect(panel.getByTestId('dnssec-status')).toHaveText('Signed: 1 DS record');
  const back = await setNameservers(page, card, []);
  await expect(back).toContainText(`${name} now uses NS1.DOTSPOT.EXAMPLE, NS2.DOTSPOT.EXAMPLE.`);
  await expect(back).toContainText('DNSSEC is off: our nameservers do not sign zones, so the domain’s DS record was removed at the registry first.');
  await snap(page, 'dnssec-nameservers-back');
  await back.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByTestId('dnssec-status')).toHaveText('Off');
  await expect(panel).toContainText('DNSSEC needs nameservers that sign the zone');
  expect((await (await page.request.get(`/rdap/domain/${name}`)).json()).secureDNS).toEqual({ delegationSigned: false });
});

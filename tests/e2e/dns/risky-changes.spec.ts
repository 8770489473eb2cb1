/**
 * Issue #25 defects 6 and 9 on the demo account. Change Nameservers says what is wrong under each field (a host name
 * of two labels at least, no IP address, nothing echoed upper-cased in a banner), including what only the server can
 * tell. A change that stops something working asks first and lists what stops: an NS record at the root (forwarding
 * ends, the domain becomes Custom), other nameservers (forwarding ends), the email service while an MX record elsewhere
 * takes the mail. It changes quietharbor.org's records and puts them back, so it runs alone (playwright.config.ts).
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addRecord } from '../helpers/dns-helpers.ts';
import { domainEntry, manageDomain } from '../helpers/domain-list-helpers.ts';
import { logInAsDemo } from '../helpers/login-helpers.ts';

const shots = process.env.RISKY_SCREENSHOTS;
const forwarded = 'brightbeancoffee.net';
const custom = 'quietharbor.org';

async function openAdvanced(page: Page, name: string): Promise<Locator> {
  await manageDomain(page, name);
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('tab', { name: 'Advanced' }).click();
  return card;
}

/** Change Nameservers from the card's Advanced tab to two elsewhere, saved: the dialog, and the question it asks. */
async function switchToOtherNameservers(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Change Nameservers', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Nameservers' });
  await dialog.getByRole('button', { name: 'Use Defaults' }).click();
  await dialog.getByLabel('Nameserver 1').fill('ns1.elsewhere.net');
  await dialog.getByLabel('Nameserver 2').fill('ns2.elsewhere.net');
  await dialog.getByRole('button', { name: 'Save Nameservers' }).click();
  return { dialog, ask: page.getByRole('dialog', { name: 'Switch Nameservers?' }) };
}

/** WCAG problems axe finds in the open dialog. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The open dialog at phone and desktop widths, checked by axe at each; with RISKY_SCREENSHOTS=<dir>, saved there. */
async function look(page: Page, file: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The dialog fits the phone: nothing sideways to scroll to.
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    if (shots) await dialog.screenshot({ path: `${shots}/${file}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function deleteRecord(page: Page, data: string) {
  const list = page.getByRole('dialog', { name: 'Manage DNS Records' });
  await list
    .getByRole('row')
    .filter({ hasText: data })
    .getByRole('button', { name: /Delete/ })
    .click();
  await page.getByRole('dialog', { name: 'Delete DNS Record' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'DNS Record Deleted' }).getByRole('button', { name: 'Done' }).click();
  await expect(list.getByRole('row').filter({ hasText: data })).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
});

test('Change Nameservers: each field says what is wrong under it, as typed, and the server’s refusal lands under its field', async ({ page }) => {
  const card = await openAdvanced(page, forwarded);
  await card.getByRole('button', { name: 'Change Nameservers', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Nameservers' });
  await expect(dialog.getByLabel('Nameserver 1')).toHaveAttribute('placeholder', 'ns1.example.net');
  await dialog.getByRole('button', { name: 'Use Defaults' }).click();
  await dialog.getByLabel('Nameserver 1').fill('ns2');
  await dialog.getByLabel('Nameserver 2').fill('192.0.2.1');
  await dialog.getByLabel('Nameserver 3').fill('ns3.elsewhere.net');
  await dialog.getByRole('button', { name: 'Save Nameservers' }).click();
  await expect(dialog.getByLabel('Nameserver 1')).toHaveAccessibleDescription('Nameserver must be a full host name such as ns1.example.net');
  await expect(dialog.getByLabel('Nameserver 2')).toHaveAccessibleDescription('Nameserver must be a host name, not an IP address');
  await expect(dialog.getByLabel('Nameserver 3')).toHaveAccessibleDescription('');
  await expect(dialog.getByLabel('Nameserver 1')).toBeFocused();
  // No banner, and nothing the customer typed comes back upper-cased.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog).not.toContainText('NS2');
  await look(page, 'ns-field-errors');

  // Fixing a field clears its own message only.
  await dialog.getByLabel('Nameserver 1').fill('ns1.elsewhere.net');
  await expect(dialog.getByLabel('Nameserver 1')).toHaveAccessibleDescription('');
  await expect(dialog.getByLabel('Nameserver 2')).toHaveAccessibleDescription('Nameserver must be a host name, not an IP address');

  // Under the domain itself needs glue first: only the server knows, and its answer goes under the field.
  await dialog.getByLabel('Nameserver 2').fill(`ns2.${forwarded}`);
  await dialog.getByLabel('Nameserver 3').fill('');
  await dialog.getByRole('button', { name: 'Save Nameservers' }).click();
  await page.getByRole('dialog', { name: 'Switch Nameservers?' }).getByRole('button', { name: 'Switch Anyway' }).click();
  await expect(dialog.getByLabel('Nameserver 2')).toHaveAccessibleDescription(
    `This nameserver is under ${forwarded}: add it under Manage Custom Nameservers first and wait until it is approved`,
  );
  await expect(dialog.getByLabel('Nameserver 1')).toHaveAccessibleDescription('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('tabpanel')).toContainText('NS1.DOTSPOT.EXAMPLE');
});

test('switching nameservers says forwarding ends and asks first; Back keeps what was typed', async ({ page }) => {
  const card = await openAdvanced(page, forwarded);
  const { dialog, ask } = await switchToOtherNameservers(page, card);
  await expect(ask.getByRole('listitem')).toHaveText([`Forwarding to https://brightbeancoffee.com stops: visitors to ${forwarded} are no longer sent there.`]);
  await look(page, 'ns-switch-ask');
  await ask.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Nameserver 2')).toHaveValue('ns2.elsewhere.net');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('tabpanel')).toContainText('NS1.DOTSPOT.EXAMPLE');
  await expect(domainEntry(page, forwarded)).toContainText('Forwarding');
});

test('a paid builder and email: other nameservers, or a zone file taking the root, say what stops and what stays billed', async ({ page }) => {
  const paid = 'brightbeancoffee.com';
  const billed = "You are still billed for the Website Builder and email (this domain's plan is $8.99 a month) until you remove them under Website and Email.";
  const card = await openAdvanced(page, paid);
  const { dialog, ask } = await switchToOtherNameservers(page, card);
  await expect(ask.getByRole('listitem').first()).toHaveText(`Your Website Builder site stops showing at ${paid}.`);
  await expect(ask.getByRole('listitem').last()).toHaveText(billed);
  await ask.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Manage DNS Records' }).click();
  const records = page.getByRole('dialog', { name: 'Manage DNS Records' });
  await records.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('dialog', { name: 'Import a Zone File' }).getByLabel('Zone file').fill('@ IN A 192.0.2.10\n@ IN MX 10 mx.elsewhere.net.\n');
  await page.getByRole('dialog', { name: 'Import a Zone File' }).getByRole('button', { name: 'Preview Import' }).click();
  const review = page.getByRole('dialog', { name: 'Review the Import' });
  // The demo's mail already goes to the MX record it keeps (the mail host's), so only the site stops here.
  await expect(review.getByRole('listitem').filter({ hasText: 'becomes Custom' })).toHaveText(
    `Your Website Builder site stops showing at ${paid}. ${paid} becomes Custom: visitors get what this record points at.`,
  );
  await expect(review.getByRole('listitem').filter({ hasText: 'still billed' })).toHaveText(
    "You are still billed for the Website Builder (this domain's plan is $8.99 a month) until you remove it under Website.",
  );
  await look(page, 'import-paid-ask');
  await expect(review.getByRole('button', { name: 'Import Anyway' })).toBeVisible();
  // Nothing was imported: the domain keeps its two records.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(domainEntry(page, paid)).toContainText(/DNS records\s*2 records/);
});

test('an NS record at the root asks first: forwarding ends and the domain becomes Custom; Go Back adds nothing', async ({ page }) => {
  const card = await openAdvanced(page, forwarded);
  await card.getByRole('button', { name: 'Manage DNS Records' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage DNS Records' });
  await addRecord(dialog, 'NS', '@', 'Nameserver', 'ns1.elsewhere.net');
  const ask = page.getByRole('dialog', { name: 'Add This Record?' });
  const losses = ask.getByRole('listitem');
  await expect(losses).toHaveCount(2);
  await expect(losses.first()).toContainText(`An NS record at the root names other nameservers for all of ${forwarded}`);
  await expect(losses.nth(1)).toHaveText(
    `Forwarding to https://brightbeancoffee.com stops: visitors to ${forwarded} are no longer sent there. ${forwarded} becomes Custom: visitors get what this record points at.`,
  );
  await look(page, 'ns-record-ask');
  await ask.getByRole('button', { name: 'Go Back' }).click();
  await expect(dialog.getByLabel('Nameserver', { exact: true })).toHaveValue('ns1.elsewhere.net');
  await expect(dialog.getByRole('row').filter({ hasText: 'ns1.elsewhere.net' })).toHaveCount(0);
  // An NS record for a subdomain delegates only that name: nothing to ask.
  await addRecord(dialog, 'NS', 'lab', 'Nameserver', 'ns1.elsewhere.net');
  await expect(dialog.getByRole('row').filter({ hasText: 'ns1.elsewhere.net' })).toContainText('lab');
  await deleteRecord(page, 'ns1.elsewhere.net');
  await page.getByRole('dialog', { name: 'Manage DNS Records' }).getByText('Close', { exact: true }).click();
  await expect(domainEntry(page, forwarded)).toContainText('Forwarding');
});

test('on a custom site the root NS record is added once confirmed; email asks first while an MX record elsewhere takes the mail', async ({ page }) => {
  const card = await openAdvanced(page, custom);
  await card.getByRole('button', { name: 'Manage DNS Records' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage DNS Records' });
  await addRecord(dialog, 'NS', '@', 'Nameserver', 'ns1.elsewhere.net');
  const ask = page.getByRole('dialog', { name: 'Add This Record?' });
  // The site is elsewhere already: only the delegation is news.
  await expect(ask.getByRole('listitem')).toHaveCount(1);
  await ask.getByRole('button', { name: 'Add Record Anyway' }).click();
  await expect(dialog.getByRole('row').filter({ hasText: 'ns1.elsewhere.net' })).toBeVisible();
  await deleteRecord(page, 'ns1.elsewhere.net');

  // Email is off here: a root MX record asks nothing, but buying email then says where the mail goes.
  await addRecord(dialog, 'MX', '@', 'Mail server', 'mx.elsewhere.net');
  await expect(dialog.getByRole('row').filter({ hasText: 'mx.elsewhere.net' })).toBeVisible();
  await dialog.getByText('Close', { exact: true }).click();
  await card.getByRole('tab', { name: 'Email' }).click();
  await card.getByRole('tabpanel').getByRole('button', { name: 'Add Email Service' }).click();
  const buy = page.getByRole('dialog', { name: 'Add Email Service' });
  await expect(buy.getByRole('note')).toHaveText(
    `Mail for ${custom} goes to mx.elsewhere.net (the MX record at the root): your mailboxes here would receive nothing until you delete it under Manage DNS Records, and then mail stops reaching that server.`,
  );
  await expect(buy.getByRole('button', { name: 'Add Email Service Anyway' })).toBeVisible();
  await look(page, 'email-mx-ask');
  await buy.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('tabpanel').getByRole('button', { name: 'Add Email Service' })).toBeVisible();

  await card.getByRole('tab', { name: 'Advanced' }).click();
  await card.getByRole('button', { name: 'Manage DNS Records' }).click();
  await deleteRecord(page, 'mx.elsewhere.net');
});

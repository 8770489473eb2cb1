/**
 * Transfers and WHOIS privacy on the demo account (control-panel spec §2 modals 2 and 10, §4): unlock and copy a code,
 * generate a new one, cancel the seeded pending transfer away, give the seeded rejected transfer in a new code, and
 * turn WHOIS privacy off and on with the public WHOIS following.
 */
import { expect, type Page, test } from '@playwright/test';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function openMyDomains(page: Page) {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
}

async function openSettings(page: Page, name: string) {
  const card = domainEntry(page, name);
  await card.getByRole('button', { name: /Manage/ }).click();
  await card.getByRole('tab', { name: 'Settings' }).click();
  return card;
}

test('unlock a domain, copy its auth code, and generate a new one', async ({ page }) => {
  await openMyDomains(page);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Domain Transfers' });
  await expect(menu.getByRole('link', { name: /Transfer IN/ })).toHaveAttribute('href', '/transfer');
  await menu.getByRole('button', { name: 'Transfer AWAY' }).click();

  const away = page.getByRole('dialog', { name: 'Transfer AWAY Domains' });
  await away.getByRole('button', { name: 'Unlock & View Code for oldtownbikes.shop' }).click();
  const code = away.getByLabel('Auth code');
  await expect(code).toHaveValue(/^.{16}$/);
  const first = await code.inputValue();
  await away.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  // The copy confirmation shows for 3 seconds.
  await expect(page.getByText('Copied!')).toBeHidden({ timeout: 5000 });

  await away.getByRole('button', { name: 'Generate New Auth Code for oldtownbikes.shop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate New Auth Code' });
  await confirm.getByRole('button', { name: 'Generate New Code' }).click();
  await expect(page.getByRole('dialog', { name: 'Transfer AWAY Domains' })).toBeVisible();
  await expect(away.getByLabel('Auth code')).toHaveValue(/^.{16}$/);
  expect(await away.getByLabel('Auth code').inputValue()).not.toBe(first);
});

test('cancel a pending transfer away, and give a rejected transfer in a new auth code', async ({ page }) => {
  await openMyDomains(page);
  const leaving = domainEntry(page, 'sunsetyogastudio.com');
  await expect(leaving).toContainText('Transfer pending');
  await (await openSettings(page, 'sunsetyogastudio.com')).getByRole('button', { name: 'Transfer', exact: true }).click();
  const pendingAway = page.getByRole('dialog', { name: 'Transfer Away Pending' });
  await expect(pendingAway).toContainText('the transfer completes on');
  await pendingAway.getByRole('button', { name: 'Cancel Transfer' }).click();
  await page.getByRole('dialog', { name: 'Cancel Transfer' }).getByRole('button', { name: 'Yes, Cancel Transfer' }).click();
  await expect(page.getByRole('dialog', { name: 'Transfer Being Cancelled' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(leaving).not.toContainText('Transfer pending');

  // My Domains' own Transfer button (the open card's Settings tab has one too).
  await page.getByRole('button', { name: 'Transfer', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Domain Transfers' }).getByRole('button', { name: 'Pending Transfers' }).click();
  const pending = page.getByRole('dialog', { name: 'Pending Transfers' });
  await pending.getByRole('button', { name: 'View badcode-maplebakery.com' }).click();
  const rejected = page.getByRole('dialog', { name: 'Auth Code Rejected' });
  await expect(rejected).toContainText('The auth code submitted is incorrect');
  const field = rejected.getByLabel('Auth code for badcode-maplebakery.com');
  await field.fill('wrong');
  await rejected.getByRole('button', { name: 'Submit Auth Code' }).click();
  await expect(rejected.getByRole('alert')).toContainText('The auth code submitted is incorrect');
  await field.fill('Tr4nsfer#Code9');
  await rejected.getByRole('button', { name: 'Submit Auth Code' }).click();
  await expect(page.getByRole('dialog', { name: 'Auth Code Submitted' })).toBeVisible();
});

test('turn WHOIS privacy off: the WHOIS shows the registrant once the account opted out of redaction; then back on', async ({ page }) => {
  await openMyDomains(page);
  const whoisOf = async (name: string) => {
    const lookup = await page.context().newPage();
    await lookup.goto(`/whois?domain=${name}`);
    await lookup.getByRole('button', { name: 'Search' }).click();
    const output = lookup.getByRole('region', { name: `WHOIS record for ${name}` });
    await expect(output).toBeVisible();
    const text = (await output.textContent()) ?? '';
    await lookup.close();
    return text;
  };
  expect(await whoisOf('brightbeancoffee.net')).toContain('Registrant Name: REDACTED FOR PRIVACY');

  const card = await openSettings(page, 'brightbeancoffee.net');
  await card.getByRole('button', { name: 'Turn off WHOIS privacy' }).click();
  const on = page.getByRole('dialog', { name: 'Whois Privacy' });
  await on.getByRole('button', { name: 'Turn Off Whois Privacy' }).click();
  await page.getByRole('dialog', { name: 'Turn Off Whois Privacy' }).getByRole('button', { name: 'Yes, Turn Off' }).click();
  const off = page.getByRole('dialog', { name: 'Whois Privacy' });
  // The demo account has not opted out of redaction: privacy off alone publishes nothing, and the modal says why.
  await expect(off).toContainText('still redacts your contact details');
  expect(await whoisOf('brightbeancoffee.net')).toContain('Registrant Name: REDACTED FOR PRIVACY');

  const setOptOut = async (whoisRedactionOptOut: boolean) =>
    expect((await page.request.patch('/api/accounts/0', { data: { whoisRedactionOptOut } })).status()).toBe(200);
  await setOptOut(true);
  try {
    expect(await whoisOf('brightbeancoffee.net')).toContain('Registrant Name: Dana Demo');
    await off.getByRole('button', { name: 'Turn On Whois Privacy' }).click();
    await page.getByRole('dialog', { name: 'Turn On Whois Privacy' }).getByRole('button', { name: 'Turn On' }).click();
    await expect(page.getByRole('dialog', { name: 'Whois Privacy' })).toContainText('hides your name');
    expect(await whoisOf('brightbeancoffee.net')).toContain('Registrant Name: REDACTED FOR PRIVACY');
  } finally {
    await setOptOut(false);
  }
});

test('another registrar asks for a domain; the emailed link shows the request and cancels it', async ({ page }) => {
  await openMyDomains(page);
  await page.getByRole('button', { name: 'Transfer', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Domain Transfers' }).getByRole('button', { name: 'Transfer AWAY' }).click();
  const away = page.getByRole('dialog', { name: 'Transfer AWAY Domains' });
  await away.getByRole('button', { name: /View Code for quietharbor\.org/ }).click();
  const authCode = await away.getByLabel('Auth code').inputValue();
  await page.keyboard.press('Escape');

  const asked = await page.request.post('/api/dev/outboundTransfers', {
    data: { domain: 'quietharbor.org', authCode, gainingRegistrar: 'GoHost Registrar Inc.' },
  });
  expect(asked.status()).toBe(200);
  let link = '';
  await expect(async () => {
    const { data } = (await (await page.request.get('/api/dev/outbox')).json()) as { data: { subject: string | null; body: string }[] };
    const email = data.find((m) => m.subject?.includes('quietharbor.org'));
    link = /https?:\/\/\S+\/transfer-away\?token=[\w-]+/.exec(email?.body ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer of quietharbor.org' })).toBeVisible();
  // Over EPP a registry names the gaining registrar by its client id (the transfer's reID), as the page shows it.
  await expect(page.getByText('gohost-registrar has asked to transfer quietharbor.org')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-transfers/transfer-away-link.png' });
  await page.getByRole('button', { name: 'Cancel Transfer' }).click();
  await expect(page.getByText('The transfer is cancelled. quietharbor.org stays with us, locked.')).toBeVisible();
});

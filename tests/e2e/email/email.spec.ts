/** The Email tab on the demo account: buying and removing the service, mailboxes and forwards, their limits and modals. */
import AxeBuilder from '../helpers/axe';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logInAsDemo } from '../helpers/login-helpers.ts';
import { domainEntry } from '../helpers/domain-list-helpers.ts';

const card = (page: Page, name: string) => domainEntry(page, name);

async function openEmailTab(page: Page, domain: string): Promise<Locator> {
  const article = card(page, domain);
  await article
    .getByRole('button', { name: /Manage/ })
    .first()
    .click();
  await article.getByRole('tab', { name: 'Email' }).click();
  return article.getByRole('tabpanel');
}

/** WCAG problems axe finds inside one part of the page (the email tab, a dialog). */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function readOutbox(page: Page, to: string) {
  const res = await page.request.get('/api/dev/outbox');
  const { data } = (await res.json()) as { data: { to: string; subject: string | null; body: string }[] };
  return data.filter((m) => m.to === to);
}

test('adds, changes, converts and deletes mailboxes and forwards, with the limits and help', async ({ page }) => {
  // A long journey with two accessibility scans, on a machine shared with other test runs.
  test.setTimeout(180_000);
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const panel = await openEmailTab(page, 'brightbeancoffee.com');
  await expect(panel).toContainText('3 of 5 mailboxes remaining');
  await expect(panel).toContainText('4 of 5 forwards remaining');

  // The form's own checks (control-panel spec §5).
  const form = panel.getByRole('form', { name: 'Add an email address' });
  await form.getByRole('button', { name: 'Add Mailbox' }).click();
  await expect(form).toContainText('Username is required');
  await expect(form).toContainText('Password is required');
  await form.getByLabel('Forward').check();
  await form.getByRole('button', { name: 'Add Forward' }).click();
  await expect(form).toContainText('Destination email is required');
  await form.getByLabel('Destination email').fill('not-an-email');
  await form.getByRole('button', { name: 'Add Forward' }).click();
  await expect(form).toContainText('Please enter a valid email address');

  // A mailbox: Get Email Help with the phone QR code, then the instructions by email.
  await form.getByLabel('Mailbox').check();
  await form.getByLabel('Username').fill('barista');
  await form.getByLabel('Password').fill('espresso-shot-7');
  await form.getByRole('button', { name: 'Add Mailbox' }).click();
  const help = page.getByRole('dialog', { name: 'Get Email Help' });
  await expect(help).toContainText('barista@brightbeancoffee.com is ready');
  await expect(help.getByRole('img', { name: 'QR code for phone set-up' }).locator('svg')).toBeVisible();
  expect(await axeProblems(page, 'dialog[open]')).toEqual([]);
  await help.getByRole('button', { name: 'Send Instructions' }).click();
  await expect(help).toContainText('Recipient email is required');
  await help.getByLabel('Recipient email').fill('nope');
  await help.getByRole('button', { name: 'Send Instructions' }).click();
  await expect(help).toContainText('Please enter a valid email address');
  await help.getByLabel('Recipient email').fill('barista.phone@example.org');
  await help.getByRole('button', { name: 'Send Instructions' }).click();
  const sent = page.getByRole('dialog', { name: 'Instructions Sent' });
  await expect(sent).toContainText('barista.phone@example.org');
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect.poll(async () => (await readOutbox(page, 'barista.phone@example.org')).length, { timeout: 15_000 }).toBe(1);
  const [instructions] = await readOutbox(page, 'barista.phone@example.org');
  const profileUrl = instructions.body.match(/https?:\/\/\S+\.mobileconfig/)?.[0] ?? '';
  const profile = await page.request.get(new URL(profileUrl).pathname);
  expect(profile.headers()['content-type']).toBe('application/x-apple-aspen-config');
  expect(await profile.text()).toContain('<string>barista@brightbeancoffee.com</string>');
  await expect(panel).toContainText('2 of 5 mailboxes remaining');

  // A forward.
  await form.getByLabel('Forward').check();
  await form.getByLabel('Username').fill('wholesale');
  await form.getByLabel('Destination email').fill('dana.demo@example.org');
  await form.getByRole('button', { name: 'Add Forward' }).click();
  const added = page.getByRole('dialog', { name: 'Forward Added' });
  await expect(added).toContainText('wholesale@brightbeancoffee.com now forwards to dana.demo@example.org');
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toContainText('3 of 5 forwards remaining');

  // Usage is asked when a mailbox is opened; over 5 GB shows in warning style.
  const hello = panel.getByRole('listitem').filter({ hasText: 'hello@brightbeancoffee.com' });
  await hello.getByRole('button', { name: /Manage/ }).click();
  await expect(hello).toContainText('5.4 GB of 5 GB used');
  await expect(hello.locator('.email-usage')).toHaveClass(/is-over/);
  expect(await axeProblems(page, '.email-manager')).toEqual([]);
  await hello.getByRole('button', { name: /Close/ }).click();

  // Change the mailbox's password.
  const barista = panel.getByRole('listitem').filter({ hasText: 'barista@brightbeancoffee.com' });
  await barista.getByRole('button', { name: /Manage/ }).click();
  await expect(barista).toContainText('GB used');
  await barista.getByLabel('New password').fill('short');
  await barista.getByRole('button', { name: 'Change Password' }).click();
  await expect(barista).toContainText('Use at least 8 characters');
  await barista.getByLabel('New password').fill('latte-art-2024');
  await barista.getByRole('button', { name: 'Change Password' }).click();
  const passwordDone = page.getByRole('dialog', { name: 'Password Updated' });
  await expect(passwordDone).toContainText('barista@brightbeancoffee.com');
  await passwordDone.getByRole('button', { name: 'Done' }).click();

  // Mailbox to forward: the warning, a destination required.
  await barista.getByRole('button', { name: 'Convert to Forward' }).click();
  const toForward = page.getByRole('dialog', { name: 'Convert to Forward' });
  await expect(toForward).toContainText('deletes all its messages and folders');
  await toForward.getByRole('button', { name: 'Convert to Forward' }).click();
  await expect(toForward).toContainText('Destination email is required');
  await toForward.getByLabel('Destination email').fill('barista.home@example.org');
  await toForward.getByRole('button', { name: 'Convert to Forward' }).click();
  const forwarded = page.getByRole('dialog', { name: 'Converted to Forward' });
  await expect(forwarded).toContainText('barista@brightbeancoffee.com now forwards to barista.home@example.org');
  await forwarded.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toContainText('3 of 5 mailboxes remaining');
  await expect(panel).toContainText('2 of 5 forwards remaining');

  // Change the forward's destination.
  const asForward = panel.getByRole('listitem').filter({ hasText: 'barista@brightbeancoffee.com' });
  if ((await asForward.getByRole('button', { name: /Manage/ }).count()) > 0) await asForward.getByRole('button', { name: /Manage/ }).click();
  await asForward.getByLabel('New destination email').fill('barista.cafe@example.org');
  await asForward.getByRole('button', { name: 'Change Destination' }).click();
  const destinationDone = page.getByRole('dialog', { name: 'Destination Updated' });
  await expect(destinationDone).toContainText('now forwards to barista.cafe@example.org');
  await destinationDone.getByRole('button', { name: 'Done' }).click();

  // Forward to mailbox: the warning, a password required.
  await asForward.getByRole('button', { name: 'Convert to Mailbox' }).click();
  const toMailbox = page.getByRole('dialog', { name: 'Convert to Mailbox' });
  await expect(toMailbox).toContainText('no longer forwards to barista.cafe@example.org');
  await toMailbox.getByRole('button', { name: 'Convert to Mailbox' }).click();
  await expect(toMailbox).toContainText('Password is required');
  await toMailbox.getByLabel('Mailbox password').fill('cold-brew-99');
  await toMailbox.getByRole('button', { name: 'Convert to Mailbox' }).click();
  const boxed = page.getByRole('dialog', { name: 'Converted to Mailbox' });
  await expect(boxed).toBeVisible();
  await boxed.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toContainText('2 of 5 mailboxes remaining');

  // Delete both new addresses.
  for (const address of ['barista@brightbeancoffee.com', 'wholesale@brightbeancoffee.com']) {
    const row = panel.getByRole('listitem').filter({ hasText: address });
    if ((await row.getByRole('button', { name: 'Delete' }).count()) === 0) await row.getByRole('button', { name: /Manage/ }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Email Address' });
    await expect(confirm).toContainText(address);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const deleted = page.getByRole('dialog', { name: 'Email Address Deleted' });
    await expect(deleted).toContainText(`${address} has been deleted`);
    await deleted.getByRole('button', { name: 'Done' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: address })).toHaveCount(0);
  }
  await expect(panel).toContainText('3 of 5 mailboxes remaining');
  await expect(panel).toContainText('4 of 5 forwards remaining');
});

test('shows no forwards left once the limit is reached', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const panel = await openEmailTab(page, 'brightbeancoffee.com');
  const form = panel.getByRole('form', { name: 'Add an email address' });
  await form.getByLabel('Forward').check();
  const remaining = Number((await panel.getByText(/of 5 forwards remaining/).textContent())?.match(/^(\d+)/)?.[1]);
  expect(remaining).toBeGreaterThan(0);
  const names = Array.from({ length: remaining }, (_, i) => `limit-${i}`);
  for (const name of names) {
    await form.getByLabel('Username').fill(name);
    await form.getByLabel('Destination email').fill('dana.demo@example.org');
    await form.getByRole('button', { name: 'Add Forward' }).click();
    await page.getByRole('dialog', { name: 'Forward Added' }).getByRole('button', { name: 'Done' }).click();
  }
  await expect(panel).toContainText('0 of 5 forwards remaining');
  await expect(form).toContainText('You have no forwards left on this domain');
  await expect(form.getByRole('button', { name: 'Add Forward' })).toBeDisabled();
  // Back as it was.
  for (const name of names) {
    const row = panel.getByRole('listitem').filter({ hasText: `${name}@brightbeancoffee.com` });
    await row.getByRole('button', { name: /Manage/ }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Email Address' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Email Address Deleted' }).getByRole('button', { name: 'Done' }).click();
  }
  await expect(panel).toContainText(`${remaining} of 5 forwards remaining`);
});

// Last in the file, so it runs after account.spec.ts has read the demo's service labels (oldtownbikes.shop shows
// "Email" while the service is on).
test('buys the email service on a domain without it, then removes it', async ({ page }) => {
  await page.goto('/account/domains');
  await logInAsDemo(page);
  const panel = await openEmailTab(page, 'oldtownbikes.shop');
  await expect(panel).toContainText('Email at oldtownbikes.shop');
  await panel.getByRole('button', { name: 'Add Email Service' }).click();

  const confirm = page.getByRole('dialog', { name: 'Add Email Service' });
  await expect(confirm).toContainText('$5.00/mo');
  await expect(confirm).toContainText('Charged today to your default card');
  await confirm.getByRole('button', { name: 'Add Email Service' }).click();
  const done = page.getByRole('dialog', { name: 'Email Service Added' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'oldtownbikes.shop')).toContainText('$5.00');
  await expect(panel).toContainText('5 of 5 mailboxes remaining');
  await expect(panel).toContainText('5 of 5 forwards remaining');

  await panel.getByRole('button', { name: 'Remove Email Service' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Email Service' });
  await expect(remove).toContainText('deletes every mailbox with all its messages and folders');
  await remove.getByRole('button', { name: 'Remove Email Service' }).click();
  const removed = page.getByRole('dialog', { name: 'Email Service Removed' });
  await expect(removed).toContainText('$0.00');
  await removed.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByRole('button', { name: 'Add Email Service' })).toBeVisible();
});

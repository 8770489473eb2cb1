/**
 * API tokens (issue #15): the demo creates one in Account Information with a fresh authenticator code, sees its secret
 * once, calls the API with it, and revokes it. Runs in the main project: it signs in with the shared demo session and
 * leaves the demo's sign-in methods alone. TOKENS_SHOTS=1 saves screenshots at 1280 and 390 px.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { freshTotpCode, logInAsDemo } from '../helpers/login-helpers.ts';

/** WCAG 2.2 AA problems axe finds on the page as it is. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.TOKENS_SHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('create a token with a fresh code, see its secret once, call the API with it, revoke it', async ({ page, request, context }, testInfo) => {
  // The whole life of a token, with three axe passes: the longest journey of its kind.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/account/summary');
  await logInAsDemo(page);
  await expect(page.getByRole('link', { name: 'Manage API tokens' })).toBeVisible();
  await shot(page, testInfo, 'tokens-summary');
  await page.getByRole('link', { name: 'Manage API tokens' }).click();
  await expect(page).toHaveURL(/\/account\/summary\?view=apiTokens$/);
  await expect(page.getByRole('heading', { level: 2, name: 'API Tokens' })).toBeVisible();
  await shot(page, testInfo, 'tokens-empty');
  expect(await axeProblems(page)).toEqual([]);

  const name = `Deploy script ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Create Token' }).click();
  const details = page.getByRole('dialog', { name: 'Create an API Token' });
  await expect(details.getByLabel('Token name')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await details.getByLabel('Token name').fill(name);
  await details.getByRole('checkbox', { name: /Manage DNS/ }).check();
  await details.getByLabel('Allowed IP addresses (optional)').fill('not-an-address');
  await shot(page, testInfo, 'tokens-create');
  await details.getByRole('button', { name: 'Continue' }).click();
  await expect(details.getByRole('alert')).toContainText('"not-an-address" is not an IP address or CIDR range');
  await details.getByLabel('Allowed IP addresses (optional)').fill('');
  await details.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await expect(confirm).toContainText('Enter the 6-digit code your authenticator app shows.');
  await expect(confirm.getByRole('button', { name: 'Create Token' })).toBeDisabled();
  await confirm.getByLabel('Security code').fill('000000');
  await confirm.getByRole('button', { name: 'Create Token' }).click();
  await expect(confirm.getByRole('alert')).toContainText('That code is not valid');
  await shot(page, testInfo, 'tokens-confirm');
  // Another spec may have spent the same time step: then take the next free one.
  const created = page.getByRole('dialog', { name: 'Your New API Token' });
  for (let attempt = 0; ; attempt++) {
    await confirm.getByLabel('Security code').fill(await freshTotpCode());
    await confirm.getByRole('button', { name: 'Create Token' }).click();
    const outcome = await Promise.race([
      created.waitFor().then(() => 'created' as const),
      confirm
        .getByRole('alert')
        .filter({ hasText: 'already used' })
        .waitFor()
        .then(() => 'reused' as const),
    ]);
    if (outcome === 'created' || attempt >= 2) break;
  }

  await expect(created).toContainText('Copy your token now — it won’t be shown again.');
  const secret = await created.getByLabel('API token').inputValue();
  expect(secret).toMatch(/^dsp_[\w-]{30,}$/);
  await created.getByRole('button', { name: 'Copy' }).click();
  await expect(created.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shot(page, testInfo, 'tokens-secret');
  expect(await axeProblems(page)).toEqual([]);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Listed without its secret, and the secret is gone from the page.
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(`${secret.slice(0, 8)}…`);
  await expect(row).toContainText('Read domains');
  await expect(row).toContainText('Manage DNS');
  await expect(row).toContainText('Last used Never');
  await expect(row).toContainText(/Expires [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  expect(await page.content()).not.toContain(secret);

  const bearer = { authorization: `Bearer ${secret}` };
  const domains = await request.get('/api/domains', { headers: bearer });
  expect(domains.status()).toBe(200);
  expect((await domains.json()).data.map((d: { domain: string }) => d.domain)).toContain('brightbeancoffee.com');
  // A scope it lacks is refused by name.
  const renewals = await request.get('/api/renewals', { headers: bearer });
  expect(renewals.status()).toBe(403);
  expect((await renewals.json()).data.missingScope).toBe('renewals:write');

  await page.reload();
  await expect(row).toContainText(/Last used [A-Z][a-z]{2} \d{1,2}, \d{4} from /);
  await shot(page, testInfo, 'tokens-list');
  expect(await axeProblems(page)).toEqual([]);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke API Token' });
  await expect(revoke).toContainText('will stop working at once');
  await shot(page, testInfo, 'tokens-revoke');
  await revoke.getByRole('button', { name: 'Revoke Token' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toHaveCount(0);

  const after = await request.get('/api/domains', { headers: bearer });
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toBe('This API token has been revoked');
});

/**
 * The back office's Escrow screen: compliance makes a full deposit now with a reason and reads it in the list (kind,
 * rows, the signed and encrypted files, where it went); the deposit is audited. The e2e server has test escrow keys
 * (tests/fixtures/escrow-e2e, made for tests only) and writes deposits to its data folder, as the sandbox does.
 */
import { expect, test } from '@playwright/test';
import { axeProblems, createStaffFromCommandLine, enrolWithAuthenticator, scrollsSideways } from '../helpers/admin-helpers.ts';

const run = Date.now().toString(36);

for (const width of [390, 1280]) {
  test(`at ${width} px compliance makes a full deposit now and the screen lists it with its files`, async ({ page }) => {
    test.setTimeout(120_000);
    // Enrolled at the desktop width (the helper ends on the side navigation, behind a menu button on a phone).
    await enrolWithAuthenticator(page, createStaffFromCommandLine(`escrow-${width}-${run}@registrar.example`, 'compliance'), 'Esme Escrow');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/escrow');
    await expect(page.getByRole('heading', { name: 'Escrow', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Next scheduled deposit: /)).toBeVisible();

    await page.getByRole('button', { name: 'Deposit now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit now' });
    await dialog.getByLabel('Full (every registration)').check();
    await dialog.getByLabel(/Reason/).fill(`Checking the agent receives a full deposit (${width})`);
    await dialog.getByRole('button', { name: 'Make the deposit' }).click();
    await expect(dialog).toBeHidden();

    const newest = page.getByRole('row').nth(1);
    await expect(newest).toContainText(/Full of \d{4}-\d\d-\d\d/);
    await expect(newest).toContainText('Made by staff');
    await expect(newest).toContainText('Done');
    await expect(newest).toContainText(/\d+ rows/);
    await expect(newest).toContainText(/\.csv\.gpg\.sig/);
    await expect(newest).toContainText('Written to the deposit folder (sandbox)');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeProblems(page)).toEqual([]);

    const audit = await (await page.request.get('/api/admin/audit?action=escrow')).json();
    expect(JSON.stringify(audit)).toContain(`Checking the agent receives a full deposit (${width})`);
  });
}

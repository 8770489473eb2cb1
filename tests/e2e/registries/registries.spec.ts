/**
 * The back office's Registries screen: an owner sees each registry connection with its extensions and state, finds
 * which one serves an extension, pauses one with a reason (its extensions stop selling) and resumes it. The product
 * reaches the sandbox registry over EPP, so the connections are content/registries.csv's sandbox rows.
 */
import { expect, test } from '@playwright/test';
import { axeProblems, createStaffFromCommandLine, enrolWithAuthenticator, scrollsSideways } from '../helpers/admin-helpers.ts';

const run = Date.now().toString(36);

test('an owner reads the registry connections, looks up an extension, pauses one with a reason and resumes it', async ({ page }) => {
  test.setTimeout(120_000);
  await enrolWithAuthenticator(page, createStaffFromCommandLine(`registries-owner-${run}@registrar.example`, 'owner'), 'Rhea Registries');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Registries' }).click();
  await expect(page.getByRole('heading', { name: 'Registries', level: 1 })).toBeVisible();

  // npm start reaches the sandbox registry over EPP, through the connections production would use.
  expect((await (await page.request.get('/api/admin/registries')).json()).overEpp).toBe(true);
  const pir = page.getByRole('row').filter({ hasText: 'dotspot-pir@' });
  await expect(pir).toContainText('.org');
  await expect(page.getByRole('row').filter({ hasText: 'dotspot-vrsn@' })).toContainText('contacts none');

  await page.getByLabel('Which registry serves an extension?').fill('.org');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('status').filter({ hasText: '.org: served by pir' })).toBeVisible();

  await pir.getByRole('button', { name: 'Pause pir' }).click();
  // Resumed however the test ends: a paused connection would stop .org selling for whatever runs next.
  try {
    const dialog = page.getByRole('dialog', { name: 'Pause pir' });
    await dialog.getByLabel(/Reason/).fill(`Registry maintenance window (${run})`);
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await expect(pir).toContainText('Paused');
    await expect(pir).toContainText(`Registry maintenance window (${run})`);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'paused: not for sale until resumed' })).toBeVisible();

    expect(await axeProblems(page)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await scrollsSideways(page), `sideways scroll at ${width} px`).toBe(false);
    }
  } finally {
    await page.request.post('/api/admin/registries/pir/resume', { headers: { origin: new URL(page.url()).origin } });
  }
  await page.reload();
  await expect(pir).not.toContainText('Paused');
  const audit = await (await page.request.get('/api/admin/audit?action=registry.pause')).json();
  expect(JSON.stringify(audit)).toContain(`Registry maintenance window (${run})`);
});

import { chromium } from '@playwright/test';
const base = 'http://localhost:3471';
const [email, password, query = '', tag = 'x', action = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await context.newPage();
  const r = await page.request.post(`${base}/api/session`, { data: { email, password }, headers: { origin: base } });
  if (!r.ok()) console.log(await r.text());
  await page.goto(`${base}/account/domains${query}`);
  await page.getByRole('table').waitFor();
  if (action === 'manage') await page.getByRole('button', { name: /^Manage/ }).first().click();
  if (action === 'select') { await page.getByRole('checkbox').nth(1).check(); await page.getByRole('checkbox').nth(2).check(); }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/list-shots/${tag}-${width}.png`, fullPage: false });
  console.log(width, await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]));
  await context.close();
}
await browser.close();

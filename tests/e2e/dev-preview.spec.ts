/**
 * `npm run dev` for content editors: in a copy of the checkout, a saved MDX page and a changed price in tlds.csv reach
 * the open browser and the API without a restart, a mistake shows in the browser overlay with its file and fix, and
 * search (the API's WebSocket behind the same port) and signing in to the account app work in the preview.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eDemo } from '../../playwright.config.ts';
import { logInAsDemo } from './login-helpers.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(repo, '.data', `dev-preview-${process.pid}`);
let dev: ChildProcess | undefined;
let port = 0;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
}

/** Saves a new version as an editor's save does: a new file in place of the old (the copy's files are not hard links to the checkout's). */
function save(file: string, change: (text: string) => string) {
  const full = path.join(fixture, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(full, after);
}

async function waitForPreview() {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (dev?.exitCode != null) throw new Error(`npm run dev stopped:\n${output}`);
    const answers = await Promise.all(
      ['/api/tlds?limit=1', '/about'].map((p) =>
        fetch(`http://localhost:${port}${p}`)
          .then((res) => res.ok)
          .catch(() => false),
      ),
    );
    if (answers.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`npm run dev did not answer within 150 s:\n${output}`);
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  rmSync(fixture, { recursive: true, force: true });
  mkdirSync(fixture, { recursive: true });
  for (const entry of ['api', 'site', 'content', 'migrations', 'package.json', 'tsconfig.json', 'astro.config.mjs', 'drizzle.config.ts']) {
    cpSync(path.join(repo, entry), path.join(fixture, entry), { recursive: true });
  }
  cpSync(path.join(repo, 'account-app'), path.join(fixture, 'account-app'), { recursive: true, filter: (source) => !source.includes(`${path.sep}dist`) });
  // Hard links: a copy of node_modules in seconds; nothing in it is edited (Vite writes its cache as new files).
  execFileSync('cp', ['-al', path.join(repo, 'node_modules'), path.join(fixture, 'node_modules')]);
  port = await freePort();
  dev = spawn('npm', ['run', 'dev'], {
    cwd: fixture,
    env: { ...process.env, PORT: String(port), DEMO_PASSWORD: e2eDemo.password, DEMO_TOTP_SECRET: e2eDemo.totpSecret, NODE_ENV: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk) => (output += chunk));
  dev.stderr?.on('data', (chunk) => (output += chunk));
  await waitForPreview();
});

test.afterAll(async () => {
  if (dev?.pid && dev.exitCode == null) {
    const exited = new Promise((resolve) => dev?.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  rmSync(fixture, { recursive: true, force: true });
});

test('a saved MDX page shows in the open tab, and a mistake shows in the overlay until fixed', async ({ page }) => {
  // The tab follows saves once its live-reload connection is up (Vite logs "[vite] connected."): wait for it, as an
  // editor's tab has it long before they type.
  const connected = page.waitForEvent('console', { predicate: (message) => message.text().includes('[vite] connected'), timeout: 30_000 });
  await page.goto(`http://localhost:${port}/about`);
  await connected;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helping you claim your spot on the web since 1999');

  save('content/pages/about.mdx', (text) => text.replace('Helping you claim your spot on the web since 1999', 'Edited while the preview was open'));
  // No reload by hand: the open tab follows the save by itself.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited while the preview was open', { timeout: 30_000 });

  save('content/pages/about.mdx', (text) => text.replace(/^eyebrow:/m, 'eyebrw:'));
  const overlay = page.locator('vite-error-overlay');
  await expect(overlay).toContainText('content/pages/about.mdx', { timeout: 20_000 });
  await expect(overlay).toContainText('Unknown front-matter field "eyebrw"');
  await expect(overlay).toContainText('Did you mean "eyebrow"?');

  save('content/pages/about.mdx', (text) => text.replace(/^eyebrw:/m, 'eyebrow:'));
  await expect(overlay).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited while the preview was open');
});

test('a changed price in tlds.csv reaches the API and the pricing page without a restart', async ({ page }) => {
  save('content/tlds.csv', (text) => text.replace(/^com,([^,]*),([^,]*),\d+,/m, 'com,$1,$2,1099,'));
  await expect
    .poll(async () => (await (await fetch(`http://localhost:${port}/api/tlds?tld=com`)).json()).data[0].newPricing[0], { timeout: 20_000 })
    .toBe(1099);
  await expect(async () => {
    await page.goto(`http://localhost:${port}/pricing`);
    await expect(page.getByRole('row', { name: /^\.com\b/ })).toContainText('$10.99', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
});

test('search answers through the preview’s port (the API and its WebSocket behind it)', async ({ page }) => {
  await page.goto(`http://localhost:${port}/search?q=zqxvbrtplm`);
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true }).first()).toHaveAccessibleDescription('zqxvbrtplm.com', { timeout: 60_000 });
});

test('signing in leads to the account app, served by its own dev server behind the same port', async ({ page }) => {
  await page.goto(`http://localhost:${port}/account`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fdomains$/, { timeout: 30_000 });
  await logInAsDemo(page, { fresh: true });
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: 'brightbeancoffee.com' })).toBeVisible();
});

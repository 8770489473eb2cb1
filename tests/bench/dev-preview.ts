/**
 * The editors' live preview (`npm run dev`, issue #16): how long a saved MDX page takes to show in an open tab with
 * no reload by hand, and a changed price in tlds.csv to reach the API. Target: a second or two. Runs in a throwaway
 * copy of the checkout (tests/fixtures/dev-checkout.ts); DEV_PREVIEW_SAVES (default 5) saves of each.
 * Run alone: `bun tests/bench/dev-preview.ts`.
 */
import { chromium } from '@playwright/test';
import { startDevCheckout } from '../fixtures/dev-checkout.ts';

const saves = Number(process.env.DEV_PREVIEW_SAVES ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('The preview did not show the change within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function runDevPreviewBench(): Promise<void> {
  const dev = await startDevCheckout('bench-dev-preview');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const connected = page.waitForEvent('console', { predicate: (message) => message.text().includes('[vite] connected'), timeout: 60_000 });
    await page.goto(`http://localhost:${dev.port}/about`);
    await connected;
    const mdx: number[] = [];
    let heading = (await page.locator('h1').textContent())?.trim() ?? '';
    for (let i = 1; i <= saves; i++) {
      const next = `Saved by the benchmark, take ${i}`;
      const current = heading;
      const saved = performance.now();
      dev.save('content/pages/about.mdx', (text) => text.replace(current, next));
      await until(
        async () =>
          (
            (await page
              .locator('h1')
              .textContent()
              .catch(() => '')) ?? ''
          ).trim() === next,
      );
      mdx.push(performance.now() - saved);
      heading = next;
      await page.waitForTimeout(1000);
    }
    const csv: number[] = [];
    for (let i = 1; i <= saves; i++) {
      const price = 1000 + i;
      const saved = performance.now();
      dev.save('content/tlds.csv', (text) => text.replace(/^com,([^,]*),([^,]*),\d+,/m, `com,$1,$2,${price},`));
      await until(async () => {
        const answer = await fetch(`http://localhost:${dev.port}/api/tlds?tld=com`)
          .then((res) => res.json())
          .catch(() => null);
        return answer?.data?.[0]?.newPricing?.[0] === price;
      });
      csv.push(performance.now() - saved);
    }
    const line = (label: string, values: number[]) =>
      console.log(`${label}: median ${Math.round(median(values))} ms, max ${Math.round(Math.max(...values))} ms over ${values.length} saves`);
    line('Saved MDX page shown in the open tab', mdx);
    line('Saved tlds.csv price answered by /api/tlds', csv);
  } finally {
    await browser.close();
    await dev.stop();
  }
}

if (import.meta.main) await runDevPreviewBench();

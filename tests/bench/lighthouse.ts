/**
 * Lighthouse (mobile preset) for /, /pricing, /terms, /website-builder, /whois, /search, /cart, /login and
 * /account/domains (signed in as the demo account, given 500 more domains): the four category scores and the bytes of
 * JavaScript and CSS each page ships. First, the gzipped script each SPA's first view fetches (/account/domains, /admin),
 * from their build manifests (tests/fixtures/first-load.ts; `npm test` holds it to the budget). Runs against BENCH_URL
 * when set (then DEMO_PASSWORD and DEMO_TOTP_SECRET must be the server's), otherwise starts `npm start`'s server on a
 * free port with a throwaway DATA_DIR and adds LIGHTHOUSE_DOMAINS (default 500) domains to the demo account, so My
 * Domains is measured as a customer with many domains sees it. Each page runs LIGHTHOUSE_RUNS
 * times (default 3) and the median run by performance is printed; LIGHTHOUSE_PAGES=/login,/cart picks pages.
 * Prints figures; never fails on them.
 * Run alone: `bun tests/bench/lighthouse.ts`.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Secret, TOTP } from 'otpauth';
import { addDomainsToAccount, manyDomains, serverDatabaseUrl } from '../fixtures/domain-list-account.ts';
import { describeChunks, firstLoadBudgetBytes, firstLoadScript, kb, root, spaFirstViews } from '../fixtures/first-load.ts';
import { freePort } from '../../api/free-port.ts';

/** Pages under /account need the demo account signed in; the others are measured as a new visitor sees them. */
export const lighthousePages = ['/', '/pricing', '/terms', '/website-builder', '/whois', '/search', '/cart', '/login', '/account/domains'];
/** Sandbox mode seeds the demo account with these when the bench starts the server (DATA_DIR is thrown away). */
const benchDemo = {
  email: 'demo@example.com',
  password: process.env.DEMO_PASSWORD ?? 'demo-password-bench',
  totpSecret: process.env.DEMO_TOTP_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const benchDomains = Number(process.env.LIGHTHOUSE_DOMAINS ?? 500);

export type PageFigures = {
  path: string;
  scores: Record<keyof typeof targets, number>;
  /** Transfer bytes of script and stylesheet files. */
  jsBytes: number;
  cssBytes: number;
  /** Bytes of <script> and <style> written into the HTML itself (the site inlines its stylesheet). */
  inlineJsBytes: number;
  inlineCssBytes: number;
  totalBytes: number;
  /** Total blocking time and largest contentful paint in ms: what moves the performance score on a script-heavy page. */
  tbtMs: number;
  lcpMs: number;
  /** The page asks search engines not to index it (cart, login, the account app): SEO does not apply. */
  noindex: boolean;
};

async function inlineBytes(url: string): Promise<{ js: number; css: number }> {
  const html = await (await fetch(url)).text();
  const sum = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].reduce((total, m) => total + Buffer.byteLength(m[1]), 0);
  return { js: sum('script'), css: sum('style') };
}

async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  // Inside the checkout, like the e2e server's: the embedded Postgres user must be able to reach it.
  const dataDir = path.join(root, '.data', 'bench-lighthouse');
  rmSync(dataDir, { recursive: true, force: true });
  const proc = Bun.spawn(['bun', 'api/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DEMO_PASSWORD: benchDemo.password,
      DEMO_TOTP_SECRET: benchDemo.totpSecret,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://localhost:${port}`;
  const started = Date.now();
  while (
    !(await fetch(`${url}/api/tlds?limit=1`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (proc.exitCode !== null) throw new Error('the server exited during start');
    if (Date.now() - started > 180_000) throw new Error('the server did not start within 180 s');
    await Bun.sleep(100);
  }
  if (benchDomains > 0) {
    await addDomainsToAccount(serverDatabaseUrl(dataDir), benchDemo.email, manyDomains(benchDomains, new Date()), [
      'NS1.DOTSPOT.EXAMPLE',
      'NS2.DOTSPOT.EXAMPLE',
    ]);
    console.log(`The demo account has ${benchDomains} more domains.`);
  }
  return {
    url,
    async stop() {
      proc.kill('SIGINT');
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each SPA's first views, weighed from its built manifest (the same figures tests/unit/first-load-budget.test.ts holds to the budget). */
function printFirstLoad(): void {
  for (const [spa, views] of Object.entries(spaFirstViews)) {
    const dist = path.join(root, spa, 'dist');
    if (!existsSync(dist)) continue;
    for (const view of views) {
      const load = firstLoadScript(dist, view.modules);
      const verdict = load.gzipBytes <= firstLoadBudgetBytes ? '' : '!';
      console.log(`First load of ${view.url}: ${kb(load.gzipBytes)}${verdict} of script gzipped (budget ${kb(firstLoadBudgetBytes)})`);
      console.log(describeChunks(load));
    }
  }
}

/** Signs the demo account in (password, then its authenticator code) and returns the session cookie. */
export async function signInDemo(baseUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const post = async (body: unknown) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const answer = (await response.json()) as Record<string, any>;
    if (!response.ok) throw new Error(`demo sign-in failed: ${answer.message}`);
    return answer;
  };
  const first = await post({ email: benchDemo.email, password: benchDemo.password });
  const mfaId = first.mfas?.[0]?.mfaId;
  if (mfaId !== undefined) {
    const challenge = await post({ mfaId });
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(benchDemo.totpSecret) });
    await post({ mfaId, mfaChallengeId: challenge.mfaChallengeId, mfaToken: totp.generate() });
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

type ResourceItem = { resourceType: string; transferSize: number };

export async function measurePages(baseUrl: string, paths = lighthousePages): Promise<PageFigures[]> {
  const cookie = paths.some((p) => p.startsWith('/account')) ? await signInDemo(baseUrl) : null;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const figures: PageFigures[] = [];
  try {
    for (const pagePath of paths) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < runsPerPage; run++) {
        // The default config is Lighthouse's mobile preset (Moto G class device, slow 4G, 4x CPU slowdown).
        const extraHeaders = cookie && pagePath.startsWith('/account') ? { Cookie: cookie } : undefined;
        const measure = () =>
          lighthouse(`${baseUrl}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(targets), extraHeaders });
        let result = await measure();
        // On a busy machine the trace sometimes misses the navigation (NO_NAVSTART) and every score reads 0: measure again.
        for (let retry = 0; result?.lhr.runtimeError && retry < 2; retry++) result = await measure();
        if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
        const { lhr } = result;
        if (lhr.runtimeError) console.log(`${pagePath}: Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const items = ((lhr.audits['resource-summary']?.details as { items?: ResourceItem[] } | undefined)?.items ?? []) as ResourceItem[];
        const bytes = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
        const scores = Object.fromEntries(
          Object.keys(targets).map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)]),
        ) as PageFigures['scores'];
        const inline = await inlineBytes(`${baseUrl}${pagePath}`);
        runs.push({
          path: pagePath,
          scores,
          jsBytes: bytes('script'),
          cssBytes: bytes('stylesheet'),
          inlineJsBytes: inline.js,
          inlineCssBytes: inline.css,
          totalBytes: bytes('total'),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          noindex: lhr.audits['is-crawlable']?.score === 0,
        });
      }
      // The median run by performance: one run on a busy machine swings by 10+ points.
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      figures.push(runs[Math.floor(runs.length / 2)]);
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

function printFigures(figures: PageFigures[]): void {
  const size = (n: number) => kb(n).padStart(9);
  const mark = (key: keyof typeof targets, score: number) => `${String(score).padStart(3)}${score >= targets[key] ? ' ' : '!'}`;
  console.log('page              perf  a11y  bp    seo   | JS files   CSS files | inline JS  inline CSS | total transfer |   TBT    LCP');
  for (const f of figures) {
    console.log(
      `${f.path.padEnd(17)} ${mark('performance', f.scores.performance)}  ${mark('accessibility', f.scores.accessibility)}  ${mark('best-practices', f.scores['best-practices'])}  ${f.noindex ? `${String(f.scores.seo).padStart(3)}-` : mark('seo', f.scores.seo)}  | ${size(f.jsBytes)} ${size(f.cssBytes)} | ${size(f.inlineJsBytes)} ${size(f.inlineCssBytes)}  | ${size(f.totalBytes)}      | ${String(f.tbtMs).padStart(5)} ${String(f.lcpMs).padStart(6)}`,
    );
  }
  console.log('files: gzip transfer bytes; inline: uncompressed bytes inside the HTML (part of its transfer); TBT, LCP: ms.');
  console.log(
    `targets: performance >= ${targets.performance}, accessibility ${targets.accessibility}, best practices >= ${targets['best-practices']}, SEO ${targets.seo} ('!' marks a miss)`,
  );
  console.log("SEO does not apply to pages that say noindex ('-': the cart, login, the account app), which Lighthouse counts against them.");
}

export async function runLighthouseBench(): Promise<PageFigures[]> {
  // The server builds what is missing first, so the account app's manifest exists by then.
  const server = process.env.BENCH_URL ? null : await startServer();
  try {
    printFirstLoad();
    const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : lighthousePages;
    const figures = await measurePages(process.env.BENCH_URL ?? server!.url, pages);
    printFigures(figures);
    return figures;
  } finally {
    await server?.stop();
  }
}

if (import.meta.main) {
  await runLighthouseBench();
}

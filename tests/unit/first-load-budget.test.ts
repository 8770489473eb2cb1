/**
 * The first-load budget (issue #25): no single-page app's first view may fetch more than 120 KB of gzipped script.
 * A size, not a timing, so it is a test. Every SPA in the repository (each top-level folder with a vite.config.ts:
 * today the account app and the back office) is built afresh into a temporary folder with its own config, exactly
 * as `npm run build` builds it, and each first view listed in tests/fixtures/first-load.ts is weighed from that
 * build's manifest; an SPA without a listed first view fails, so a new one cannot slip past the budget.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { describeChunks, firstLoadBudgetBytes, firstLoadScript, kb, listSpas, root, spaFirstViews } from '../fixtures/first-load.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'first-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function build(spa: string): string {
  const outDir = path.join(scratch, spa);
  const run = spawnSync('bun', ['--bun', 'vite', 'build', '--config', `${spa}/vite.config.ts`, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) throw new Error(`building ${spa} failed:\n${run.stderr || run.stdout}`);
  return outDir;
}

const spas = listSpas();

test('every single-page app names its first views', () => {
  expect(spas).toEqual(expect.arrayContaining(['account-app', 'admin-app']));
  expect(
    spas.filter((spa) => !spaFirstViews[spa]),
    'list these SPAs and their first views in tests/fixtures/first-load.ts',
  ).toEqual([]);
});

describe.each(spas.filter((spa) => spaFirstViews[spa]))('%s', (spa) => {
  let outDir: string;
  test.each(spaFirstViews[spa])(`a first load of $url fetches under 120 KB of gzipped script ($what)`, { timeout: 180_000 }, (view) => {
    outDir ??= build(spa);
    const load = firstLoadScript(outDir, view.modules);
    expect(load.gzipBytes, `${view.url}: ${kb(load.gzipBytes)} of script (budget ${kb(firstLoadBudgetBytes)}):\n${describeChunks(load)}`).toBeLessThanOrEqual(
      firstLoadBudgetBytes,
    );
  });
});

/**
 * The test run tells the truth: `vitest run` with this repository's config (its embedded-PostgreSQL global setup
 * included) exits non-zero when a test file leaves an unhandled rejection, though every test in it passed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, CI: '1', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

test('an unhandled rejection in a passing test file fails `vitest run`', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-vitest-probe-'));
  try {
    // The project's own config, pointed at the probe file only (its projects set aside: each has its own files).
    const config = path.join(dir, 'vitest.probe.config.ts');
    writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(root, 'vitest.config.ts'))};
export default { ...base, test: { ...base.test, projects: undefined, include: ['tests/fixtures/vitest-probe/unhandled-rejection.probe.ts'] } };
`,
    );
    const { code, output } = await run(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config, '--root', root]);
    expect(output).toContain('2 passed');
    expect(output).toContain('probe: a rejection nobody handled');
    expect(code).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The server reads the time only through api/clock.ts, so tests can move it. A Biome plugin
 * (biome-no-direct-time.grit, wired in biome.json) enforces it; these tests run that rule.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

/** `path:line` of every direct time read Biome finds under `cwd` (with the configuration found there). */
function directTimeReads(cwd: string, target = '.'): string[] {
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', target], { cwd, encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string; start: { line: number } } }[] };
  return report.diagnostics.filter((d) => d.category === 'plugin').map((d) => `${d.location.path}:${d.location.start.line}`);
}

describe('reading the time', () => {
  it('happens nowhere in api/ but api/clock.ts', () => {
    expect(directTimeReads(root, 'api')).toEqual([]);
  });

  it('is caught as Date.now (called or passed) and new Date without arguments, in api/ only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-time-reads-'));
    try {
      writeFileSync(path.join(dir, 'biome.json'), JSON.stringify({ root: true, extends: [path.join(root, 'biome.json')] }));
      copyFileSync(path.join(root, 'biome-no-direct-time.grit'), path.join(dir, 'biome-no-direct-time.grit'));
      const probe = [
        'export const a = Date.now();',
        'export const b = new Date();',
        'export const c = new Date;',
        'export const d = [1].map(Date.now);',
        'export const e = new Date(0);',
        "export const f = new Date('2026-01-15');",
      ].join('\n');
      for (const file of ['api/services/probe.ts', 'api/clock.ts', 'tests/probe.ts']) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), `${probe}\n`);
      }
      expect(directTimeReads(dir)).toEqual(['api/services/probe.ts:1', 'api/services/probe.ts:2', 'api/services/probe.ts:3', 'api/services/probe.ts:4']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

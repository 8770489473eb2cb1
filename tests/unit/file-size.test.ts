/**
 * No source file over 400 lines (STYLE: split along seams, not by cutting). This counts the lines of every .ts, .tsx,
 * .astro and .css file under the source folders, generated ones aside: none may be over, style sheets included (they
 * split by screen, each sheet importing its parts in order).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';

export const lineLimit = 400;
const sourceRoots = ['api', 'site', 'account-app', 'admin-app', 'tests'];
const sourceExtensions = ['.ts', '.tsx', '.astro', '.css'];

/** Written by a tool, not by hand: their length is the tool's. */
const generated = [
  'api/openapi/schema.d.ts', // openapi-typescript's output (npm run openapi:types)
  'api/contract/api-paths.d.ts', // the same for the front ends' document
];

/** Lines as an editor numbers them: a final newline does not start another. */
export const lineCount = (text: string) => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

describe('file sizes', () => {
  const files = sourceRoots.flatMap((folder) => sourceFiles(folder, sourceExtensions)).filter((file) => !generated.includes(file));
  const sizes = new Map(files.map((file) => [file, lineCount(readFileSync(path.join(repoRoot, file), 'utf8'))]));
  const oversize = files.filter((file) => (sizes.get(file) ?? 0) > lineLimit);

  test('the check sees every kind of source file in every folder', () => {
    for (const folder of sourceRoots)
      expect(
        files.some((file) => file.startsWith(`${folder}/`)),
        `no sources read in ${folder}`,
      ).toBe(true);
    for (const ext of sourceExtensions)
      expect(
        files.some((file) => file.endsWith(ext)),
        `no ${ext} files read`,
      ).toBe(true);
    for (const file of generated) expect(existsSync(path.join(repoRoot, file)), `${file} is gone: drop it from the generated list`).toBe(true);
  });

  test(`no source file over ${lineLimit} lines`, () => {
    expect(oversize.map((file) => `${file}: ${sizes.get(file)} lines`)).toEqual([]);
  });

  test('lines are counted as an editor numbers them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('one')).toBe(1);
    expect(lineCount('one\n')).toBe(1);
    expect(lineCount('one\ntwo\n')).toBe(2);
    expect(lineCount(`${'x\n'.repeat(lineLimit)}`)).toBe(lineLimit);
  });
});

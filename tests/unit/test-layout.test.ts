/**
 * Tests live by area (issue #37): tests/api/<area>/ and tests/e2e/<area>/ use the area names of api/services/, so a
 * change to an area's services finds its tests in the folder of the same name. e2e/helpers/ holds what specs share.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const entries = (folder: string) => readdirSync(path.join(root, folder), { withFileTypes: true });
const areas = entries('api/services')
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe.each([
  ['tests/api', '.test.ts', []],
  ['tests/e2e', '.spec.ts', ['helpers']],
])('%s', (folder, suffix, shared: string[]) => {
  test('holds area folders only, no loose test files', () => {
    expect(
      entries(folder)
        .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
        .map((entry) => entry.name),
    ).toEqual([]);
  });

  test('names each folder after an area of api/services', () => {
    const folders = entries(folder)
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((name) => !areas.includes(name) && !shared.includes(name))).toEqual([]);
  });

  test('keeps every test file one folder down', () => {
    for (const area of entries(folder).filter((entry) => entry.isDirectory() && !shared.includes(entry.name))) {
      const nested = entries(`${folder}/${area.name}`).filter((entry) => entry.isDirectory());
      expect(nested.map((entry) => `${area.name}/${entry.name}`)).toEqual([]);
      expect(
        entries(`${folder}/${area.name}`).some((entry) => entry.name.endsWith(suffix)),
        area.name,
      ).toBe(true);
    }
  });
});

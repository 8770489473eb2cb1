/**
 * drizzle's migrator applies only migrations whose journal time is later than the last one a database applied: a
 * migration written with an earlier `when` than one before it is skipped on every database that already has that one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../migrations/meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};

test('each migration in the journal comes later than the one before it', () => {
  const outOfOrder = journal.entries.filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1].when).map((entry) => entry.tag);
  expect(outOfOrder).toEqual([]);
  expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
});

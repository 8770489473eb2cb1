/**
 * A table's row type is declared once, beside its table in api/db/schema/, and imported from there: a second
 * `type XRow = typeof table.$inferSelect` elsewhere is one more name for the same thing to drift from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';

const rowAlias = /^\s*(?:export\s+)?type\s+\w+\s*=\s*typeof\s+\w+\.\$inferSelect\s*;/gm;

test('row types are declared only beside their tables in api/db/schema/', () => {
  const elsewhere = sourceFiles('api', ['.ts'])
    .filter((file) => !file.startsWith('api/db/schema/'))
    .flatMap((file) => [...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(rowAlias)].map((match) => `${file}: ${match[0].trim()}`));
  expect(elsewhere, 'declare it beside its table in api/db/schema/ and import it from there').toEqual([]);
  // The check sees the declarations it is about.
  expect(readFileSync(path.join(repoRoot, 'api/db/schema/domains.ts'), 'utf8').match(rowAlias)).not.toBeNull();
});

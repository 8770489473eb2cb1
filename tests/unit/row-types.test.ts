/**
 * A table's row type is declared once, beside its table in api/db/schema/ (`DomainRow`, `EscrowDepositRow`...), and
 * imported from there: a row type written out anywhere else, as an alias or inline in a signature, a `Pick<>` or an
 * indexed access, is one more spelling of the same thing to drift from. The insert type is not checked: the places
 * that build rows write `Partial<typeof table.$inferInsert>` for what they set, and the schema names no insert types.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';

const rowType = /typeof\s+\w+\s*\.\s*\$inferSelect\b|\bInferSelectModel\s*</g;
/** This file, whose comments and samples spell out what it looks for. */
const self = 'tests/unit/row-types.test.ts';

/** `file:line: text` for each row type written out in `file`. */
function rowTypesIn(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  return [...text.matchAll(rowType)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${text.split('\n')[line - 1].trim()}`;
  });
}

test('row types are spelled only beside their tables in api/db/schema/', () => {
  const elsewhere = [...sourceFiles('api', ['.ts', '.tsx']), ...sourceFiles('tests', ['.ts', '.tsx'])]
    .filter((file) => !file.startsWith('api/db/schema/') && file !== self)
    .flatMap(rowTypesIn);
  expect(elsewhere, "import the table's row type (export it beside its table in api/db/schema/ if it has none)").toEqual([]);
  // The check sees the declarations it is about, and the inline forms it refuses.
  expect(rowTypesIn('api/db/schema/domains.ts')).not.toEqual([]);
  const inline = ['row: typeof escrowDeposits.$inferSelect', "(typeof domains.$inferSelect)['status']", "Pick<typeof orderLines.$inferSelect, 'state'>"];
  expect(inline.filter((sample) => !sample.match(rowType))).toEqual([]);
});

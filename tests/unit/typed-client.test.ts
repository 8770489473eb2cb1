/**
 * The front ends reach our API through the typed client (site/kit/api-client.ts): a call by path string
 * (`api<T>('/path')`), an SWR read on a string key (`useSWR<T>('/path')`) or a raw `fetch('/api…')` is typed by hand
 * and a renamed field passes `tsc`. This counts those in the account app, the back office and the site, file by file,
 * against the list below, which may only shrink and is now empty: a new one fails (use `apiClient` /
 * `useApi(apiKey(…))`), and a file that has fewer than listed fails until its entry is lowered or removed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';

const roots = ['account-app/src', 'admin-app/src', 'site'];
/** Where the fetcher and the typed SWR hooks are defined, not called. */
const definitions = new Set(['site/kit/api.ts', 'account-app/src/swr.ts', 'admin-app/src/swr.ts']);

const kinds = {
  /** `api<T>(…)` / `api(…)`: the kit's untyped fetcher. */
  api: /(?<![\w.$])api(?:<[^()\n]*?>)?\(/g,
  /** `useSWR<T>(key)` / `useSWR(key)`: an SWR read whose key is not an `apiKey`. */
  useSWR: /\buseSWR\s*(?:<|\()/g,
  /** `fetch('/api…')`: around the kit altogether. */
  fetch: /\bfetch\(\s*[`'"]\/api/g,
};
type Kind = keyof typeof kinds;
type Counts = Partial<Record<Kind, number>>;

/** What is left to move to the typed client: nothing. Never add a line. */
export const untypedCalls: Record<string, Counts> = {};

function countIn(source: string): Counts {
  const counts: Counts = {};
  for (const [kind, pattern] of Object.entries(kinds) as [Kind, RegExp][]) {
    const n = source.match(pattern)?.length ?? 0;
    if (n) counts[kind] = n;
  }
  return counts;
}

export function countUntypedCalls(): Record<string, Counts> {
  const found: Record<string, Counts> = {};
  for (const file of roots.flatMap((folder) => sourceFiles(folder, ['.ts', '.tsx', '.astro']))) {
    if (definitions.has(file)) continue;
    const counts = countIn(readFileSync(path.join(repoRoot, file), 'utf8'));
    if (Object.keys(counts).length) found[file] = counts;
  }
  return found;
}

describe('calls to our API outside the typed client', () => {
  test('are told from typed calls, each kind', () => {
    const untyped = [
      "const answer = await api<{ message: string }>('/admin/customers/7/close', { method: 'POST' });",
      "await api('/admin/session', { method: 'DELETE' });",
      'const { data } = useSWR<ListResult<StaffMember>>(staffKey);',
      "const rows = await fetch('/api/domains').then((r) => r.json());",
    ].join('\n');
    expect(countIn(untyped)).toEqual({ api: 2, useSWR: 1, fetch: 1 });
    const typed = [
      "const answer = await apiClient.POST('/admin/customers/{id}/close', { params: { path: { id } }, body: { reason } });",
      "const { data } = useApi(apiKey('/admin/staff'));",
      'const failure = isFailure(answer) ? answer : null;',
    ].join('\n');
    expect(countIn(typed)).toEqual({});
  });

  const found = countUntypedCalls();
  const files = [...new Set([...Object.keys(found), ...Object.keys(untypedCalls)])].sort();

  test('no file has a new one (use apiClient, or useApi(apiKey(…)), from the kit)', () => {
    const added = files.flatMap((file) =>
      (Object.keys(kinds) as Kind[])
        .filter((kind) => (found[file]?.[kind] ?? 0) > (untypedCalls[file]?.[kind] ?? 0))
        .map((kind) => `${file}: ${found[file]?.[kind]} ${kind} calls, ${untypedCalls[file]?.[kind] ?? 0} allowed`),
    );
    expect(added).toEqual([]);
  });

  test('the list shrinks as files move: no entry allows more than its file has', () => {
    const stale = files.flatMap((file) =>
      (Object.keys(kinds) as Kind[])
        .filter((kind) => (found[file]?.[kind] ?? 0) < (untypedCalls[file]?.[kind] ?? 0))
        .map((kind) => `${file}: ${found[file]?.[kind] ?? 0} ${kind} calls, list says ${untypedCalls[file]?.[kind]}`),
    );
    expect(stale).toEqual([]);
  });
});

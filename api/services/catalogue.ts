/** The extension catalogue read once from content/tlds.csv; editors change prices and categories there. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCatalogue, type Tld } from '../contract/catalogue.ts';
import { tldOf } from '../contract/domain-name.ts';

export const cataloguePath = path.resolve(import.meta.dirname, '../../content/tlds.csv');

export type Catalogue = {
  list: Tld[];
  byTld: Map<string, Tld>;
  /** The extension of a full name, when we sell it. */
  forDomain(domain: string): Tld | undefined;
};

export function loadCatalogue(file = cataloguePath): Catalogue {
  const list = parseCatalogue(readFileSync(file, 'utf8'));
  const byTld = new Map(list.map((t) => [t.tld, t]));
  return { list, byTld, forDomain: (domain) => byTld.get(tldOf(domain)) };
}

let cached: Catalogue | undefined;
export function catalogue(): Catalogue {
  cached ??= loadCatalogue();
  return cached;
}

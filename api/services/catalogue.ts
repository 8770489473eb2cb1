/** The extension catalogue read once from content/tlds.csv; editors change prices and categories there. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCatalogue, type Tld } from '../contract/catalogue.ts';
import type { ListQuery, ListResult } from '../contract/list.ts';
import { tldOf } from '../contract/domain-name.ts';
import { notFound } from '../errors.ts';
import { applyToArray } from './apply-list-query.ts';

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

const listFields = ['tld', 'categories', 'priority'] as const;

/** GET /api/tlds: the catalogue filtered, sorted and paged by tld, categories and priority. */
export function listTlds(query: ListQuery): ListResult<Tld> {
  return applyToArray(catalogue().list, query, listFields);
}

/** One extension by name (`com` or `.com`, any case); one we do not sell is a 404. */
export function findTld(name: string): Tld {
  const tld = catalogue().byTld.get(name.toLowerCase().replace(/^\./, ''));
  if (!tld) throw notFound(`We do not sell .${name} names`);
  return tld;
}

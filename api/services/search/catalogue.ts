/** The extension catalogue read once from content/tlds.csv; editors change prices and categories there. */
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';
import { parseCatalogue, perYear, type Tld } from '../../contract/search/catalogue.ts';
import type { ListQuery, ListResult } from '../../contract/list.ts';
import { tldOf } from '../../contract/domain-name.ts';
import { notFound } from '../../errors.ts';
import { applyToArray } from '../platform/apply-list-query.ts';

export const cataloguePath = path.resolve(import.meta.dirname, '../../../content/tlds.csv');

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
/** Retail prices from the pricing rules (api/services/pricing), laid over the file's prices; null: the file's stand. */
let retailOverlay: ReadonlyMap<string, RetailOverlay> | null = null;
let overlaid: Catalogue | undefined;

export type RetailOverlay = { register?: number; renew?: number; transfer?: number; restore?: number };

export function catalogue(): Catalogue {
  cached ??= loadCatalogue();
  if (!retailOverlay?.size) return cached;
  overlaid ??= overlay(cached, retailOverlay);
  return overlaid;
}

/** Sets the rule-made retail prices search, cart and checkout use from now on (each process refreshes its own). */
export function setRetailPrices(prices: ReadonlyMap<string, RetailOverlay> | null): void {
  retailOverlay = prices;
  overlaid = undefined;
}

function overlay(base: Catalogue, prices: ReadonlyMap<string, RetailOverlay>): Catalogue {
  const list = base.list.map((tld): Tld => {
    const price = prices.get(tld.tld);
    if (!price) return tld;
    const renew = price.renew ?? tld.renewPricing[0];
    const restore = price.restore ?? tld.redemptionPricing[0];
    return {
      ...tld,
      newPricing: perYear(price.register ?? tld.newPricing[0], renew),
      transferPricing: perYear(price.transfer ?? tld.transferPricing[0], renew),
      renewPricing: perYear(renew, renew),
      redemptionPricing: perYear(restore, restore),
    };
  });
  const byTld = new Map(list.map((t) => [t.tld, t]));
  return { list, byTld, forDomain: (domain) => byTld.get(tldOf(domain)) };
}

/**
 * Reloads the catalogue whenever the file changes (`npm run dev`), so a new price reaches search, cart and checkout
 * without a restart. A file with a mistake is reported and the last good catalogue stays.
 */
export function watchCatalogue(file = cataloguePath): () => void {
  // Polling the file's time, not an inotify watch: editors save by replacing the file, which ends a watch on it.
  watchFile(file, { interval: 300 }, (current, previous) => {
    if (current.mtimeMs === previous.mtimeMs || current.mtimeMs === 0) return;
    try {
      cached = loadCatalogue(file);
      overlaid = undefined;
      console.log(`Reloaded ${path.relative(process.cwd(), file)}: ${cached.list.length} extensions`);
    } catch (error) {
      console.error(`Kept the last good catalogue: ${(error as Error).message}`);
    }
  });
  return () => unwatchFile(file);
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

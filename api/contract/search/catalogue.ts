/** The extension catalogue: parsing `content/tlds.csv` and the price lists derived from it. */
import '../zod-config.ts';
import { z } from 'zod';
import { catalogueCategoryKeys } from './categories.ts';
import { closestMatch } from '../closest.ts';
import { maxTermYears } from '../carts/term-prices.ts';

export { maxTermYears, termPrice } from '../carts/term-prices.ts';
export const defaultPriority = 999;

export const tldSchema = z.object({
  tld: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/),
  categories: z.array(z.enum(catalogueCategoryKeys as [string, ...string[]])),
  priority: z.number().int().default(defaultPriority),
  /** Cents for each year of a term: [year 1, year 2, ...]; the first element is the 1-year price. */
  newPricing: z.array(z.number().int().nonnegative()),
  transferPricing: z.array(z.number().int().nonnegative()),
  renewPricing: z.array(z.number().int().nonnegative()),
  redemptionPricing: z.array(z.number().int().nonnegative()),
});
export type Tld = z.infer<typeof tldSchema>;

/** A mistake in content/tlds.csv: its line in the file, what is wrong, and what to write instead. */
export type CatalogueProblem = { line: number; message: string; fix: string };

const columns = ['tld', 'categories', 'priority', 'new', 'renew', 'transfer', 'redemption'] as const;
const priceColumns = ['new', 'renew', 'transfer', 'redemption'] as const;

/** Year 1 at `first`, every later year at the renewal price. */
export function perYear(first: number, renew: number): number[] {
  return Array.from({ length: maxTermYears }, (_, i) => (i === 0 ? first : renew));
}

function checkPrice(column: string, cell: string): Omit<CatalogueProblem, 'line'> | null {
  if (/^\d+$/.test(cell)) return null;
  if (/^\$?\d+\.\d{1,2}$/.test(cell)) {
    const cents = Math.round(Number(cell.replace('$', '')) * 100);
    return {
      message: `The ${column} price "${cell}" is not in whole cents`,
      fix: `Prices are whole US cents: write ${cents} for $${(cents / 100).toFixed(2)}`,
    };
  }
  if (cell === '') return { message: `The ${column} price is empty`, fix: 'Write the price in whole US cents, e.g. 1299 for $12.99 (0 for free)' };
  return { message: `The ${column} price "${cell}" is not a number of cents`, fix: 'Write the price in whole US cents with digits only, e.g. 1299 for $12.99' };
}

/**
 * Reads the catalogue and every mistake in it at once, each with its line in the file and the fix, so an editor sees
 * all of them together (the content check prints them; `parseCatalogue` refuses the first).
 */
export function readCatalogue(csv: string): { tlds: Tld[]; problems: CatalogueProblem[] } {
  const problems: CatalogueProblem[] = [];
  const tlds: Tld[] = [];
  const firstLine = new Map<string, number>();
  let header: string[] | null = null;
  csv.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (!text || text.startsWith('#')) return;
    if (!header) {
      header = text.split(',').map((c) => c.trim());
      const missing = columns.filter((c) => !header?.includes(c));
      if (missing.length)
        problems.push({
          line,
          message: `The header line lacks ${missing.join(', ')}`,
          fix: `The first line that is not a comment must be: ${columns.join(',')}`,
        });
      return;
    }
    const cells = text.split(',').map((c) => c.trim());
    if (cells.length !== header.length) {
      problems.push({
        line,
        message: `This line has ${cells.length} values where the header has ${header.length}`,
        fix: `Write one value per column, separated by commas: ${header.join(',')}`,
      });
      return;
    }
    const record = Object.fromEntries(header.map((c, i) => [c, cells[i]])) as Record<(typeof columns)[number], string>;
    const before = problems.length;
    const tld = record.tld.toLowerCase().replace(/^\./, '');
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(tld)) {
      problems.push({
        line,
        message: `"${record.tld}" is not an extension name`,
        fix: 'Write the extension without the dot, in lower case: com, co.uk, xn--p1ai',
      });
    } else if (firstLine.has(tld)) {
      problems.push({
        line,
        message: `.${tld} is listed twice (first on line ${firstLine.get(tld)})`,
        fix: `Keep one line for .${tld}: delete this one or the one on line ${firstLine.get(tld)}`,
      });
    } else firstLine.set(tld, line);
    const categories = record.categories.split(/\s+/).filter(Boolean);
    for (const category of categories) {
      if ((catalogueCategoryKeys as string[]).includes(category)) continue;
      const near = closestMatch(category, catalogueCategoryKeys);
      problems.push({
        line,
        message: `Unknown category "${category}"`,
        fix: near ? `Did you mean "${near}"? Categories are: ${catalogueCategoryKeys.join(' ')}` : `Use keys from: ${catalogueCategoryKeys.join(' ')}`,
      });
    }
    if (record.priority && !/^-?\d+$/.test(record.priority)) {
      problems.push({
        line,
        message: `The priority "${record.priority}" is not a whole number`,
        fix: `Write a whole number (lower sorts first), or leave it empty for ${defaultPriority}`,
      });
    }
    for (const column of priceColumns) {
      const problem = checkPrice(column, record[column]);
      if (problem) problems.push({ line, ...problem });
    }
    if (problems.length > before) return;
    const [first, renew, transfer, redemption] = priceColumns.map((c) => Number(record[c]));
    tlds.push(
      tldSchema.parse({
        tld,
        categories,
        priority: record.priority ? Number(record.priority) : defaultPriority,
        newPricing: perYear(first, renew),
        transferPricing: perYear(transfer, renew),
        renewPricing: perYear(renew, renew),
        redemptionPricing: perYear(redemption, redemption),
      }),
    );
  });
  if (!header) problems.push({ line: 1, message: 'The file has no header line', fix: `Start with: ${columns.join(',')}` });
  return { tlds, problems };
}

/** The catalogue, or an error naming the first mistake's line and its fix (the API refuses to start on a bad file). */
export function parseCatalogue(csv: string): Tld[] {
  const { tlds, problems } = readCatalogue(csv);
  const [problem] = problems;
  if (problem) throw new Error(`content/tlds.csv line ${problem.line}: ${problem.message}. ${problem.fix}`);
  return tlds;
}

/** Popular extensions by priority (missing counts as 999), then by name. */
export function popularTlds(tlds: Tld[], limit = 4): Tld[] {
  return tlds
    .filter((t) => t.categories.includes('popular'))
    .sort((a, b) => a.priority - b.priority || a.tld.localeCompare(b.tld))
    .slice(0, limit);
}

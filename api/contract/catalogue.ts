/** The extension catalogue: parsing `content/tlds.csv` and the price lists derived from it. */
import './zod-config.ts';
import { z } from 'zod';
import { catalogueCategoryKeys } from './categories.ts';
import { maxTermYears } from './term-prices.ts';

export { maxTermYears, termPrice } from './term-prices.ts';
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

const cents = z.coerce.number().int().nonnegative();
const rowSchema = z.object({
  tld: z.string().trim().toLowerCase().min(1),
  categories: z.string().trim(),
  priority: z.string().trim(),
  new: cents,
  renew: cents,
  transfer: cents,
  redemption: cents,
});

/** Year 1 at `first`, every later year at the renewal price. */
function perYear(first: number, renew: number): number[] {
  return Array.from({ length: maxTermYears }, (_, i) => (i === 0 ? first : renew));
}

export function parseCatalogue(csv: string): Tld[] {
  const lines = csv
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const [header, ...rows] = lines;
  const columns = header.split(',').map((c) => c.trim());
  const seen = new Set<string>();
  return rows.map((line, index) => {
    const cells = line.split(',');
    const record = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
    const parsed = rowSchema.safeParse(record);
    if (!parsed.success) {
      throw new Error(`content/tlds.csv row ${index + 1} (${line}): ${z.prettifyError(parsed.error)}`);
    }
    const row = parsed.data;
    if (seen.has(row.tld)) throw new Error(`content/tlds.csv: .${row.tld} is listed twice`);
    seen.add(row.tld);
    const tld = tldSchema.safeParse({
      tld: row.tld,
      categories: row.categories.split(/\s+/).filter(Boolean),
      priority: row.priority ? Number(row.priority) : defaultPriority,
      newPricing: perYear(row.new, row.renew),
      transferPricing: perYear(row.transfer, row.renew),
      renewPricing: perYear(row.renew, row.renew),
      redemptionPricing: perYear(row.redemption, row.redemption),
    });
    if (!tld.success) throw new Error(`content/tlds.csv row ${index + 1} (${line}): ${z.prettifyError(tld.error)}`);
    return tld.data;
  });
}

/** Popular extensions by priority (missing counts as 999), then by name. */
export function popularTlds(tlds: Tld[], limit = 4): Tld[] {
  return tlds
    .filter((t) => t.categories.includes('popular'))
    .sort((a, b) => a.priority - b.priority || a.tld.localeCompare(b.tld))
    .slice(0, limit);
}

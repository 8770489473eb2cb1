import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueCategoryKeys } from '../../api/contract/search/categories.ts';
import { parseCatalogue, popularTlds, termPrice } from '../../api/contract/search/catalogue.ts';
import { cataloguePath } from '../../api/services/search/catalogue.ts';

const header = 'tld,categories,priority,new,renew,transfer,redemption';

describe('extension catalogue', () => {
  it('holds at least 380 real extensions with prices in cents for up to 10 years', () => {
    const tlds = parseCatalogue(readFileSync(cataloguePath, 'utf8'));
    expect(tlds.length).toBeGreaterThanOrEqual(380);
    for (const tld of tlds) {
      expect(tld.newPricing).toHaveLength(10);
      expect(tld.newPricing.every(Number.isInteger)).toBe(true);
    }
    const used = new Set(tlds.flatMap((t) => t.categories));
    for (const key of catalogueCategoryKeys) expect(used.has(key)).toBe(true);
  });

  it('derives per-year lists: a promotional first year, then the renewal price', () => {
    const [xyz] = parseCatalogue(`${header}\nxyz,generic,,199,1399,1399,8000`);
    expect(xyz.newPricing.slice(0, 3)).toEqual([199, 1399, 1399]);
    expect(xyz.priority).toBe(999);
    expect(termPrice(xyz.newPricing, 2)).toBe(1598);
  });

  it('names the bad line and what to write instead when an editor makes a mistake', () => {
    expect(() => parseCatalogue(`${header}\ncom,generic,1,ten,1128,1128,8000`)).toThrow(
      'content/tlds.csv line 2: The new price "ten" is not a number of cents',
    );
    expect(() => parseCatalogue(`${header}\ncom,notacategory,1,1,1,1,1`)).toThrow('line 2: Unknown category "notacategory"');
    expect(() => parseCatalogue(`${header}\ncom,generic,1,1,1,1,1\ncom,generic,1,1,1,1,1`)).toThrow('line 3: .com is listed twice (first on line 2)');
  });

  it('orders popular extensions by priority (missing = 999), then by name, at most four', () => {
    const tlds = parseCatalogue(
      `${header}\nzz,popular,,1,1,1,1\naa,popular,,1,1,1,1\nnet,popular,2,1,1,1,1\ncom,popular,1,1,1,1,1\nbiz,generic,0,1,1,1,1\nio,popular,5,1,1,1,1`,
    );
    expect(popularTlds(tlds).map((t) => t.tld)).toEqual(['com', 'net', 'io', 'aa']);
  });
});

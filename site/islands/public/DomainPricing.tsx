/**
 * The #domainPricing table: an extension search (prefix match on the tld, the input treated as a pattern; an
 * invalid pattern leaves every row shown) and a category dropdown, over rows rendered from the catalogue.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTypedValue } from '../../lib/use-typed-value.ts';
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import PricesForLine, { usePricesFor } from '../prices/PricesFor.tsx';
import { includedTaxNote } from '../../stores/prices-for.ts';

/** One extension: [tld, new, transfer, renew, categories]. */
export type PriceRow = [tld: string, newPrice: number, transferPrice: number, renewPrice: number, categories: string];

/** Rows travel to the browser as one compact string ("com,1028,1128,1128,popular generic;net,..."): every row ships in the page. */
export function encodeRows(rows: PriceRow[]): string {
  return rows.map((row) => row.join(',')).join(';');
}

function decodeRows(encoded: string): PriceRow[] {
  return encoded.split(';').map((line) => {
    const [tld, newPrice, transferPrice, renewPrice, categories] = line.split(',');
    return [tld, Number(newPrice), Number(transferPrice), Number(renewPrice), categories];
  });
}

/** A matcher for the search box: `^input` as a case-insensitive pattern; a leading dot is ignored. */
export function tldMatcher(input: string): (tld: string) => boolean {
  const pattern = input.trim().replace(/^\./, '');
  if (!pattern) return () => true;
  try {
    const regex = new RegExp(`^(?:${pattern})`, 'i');
    return (tld) => regex.test(tld);
  } catch {
    return () => true;
  }
}

export default function DomainPricing({ rows: encoded, categories }: { rows: string; categories: [key: string, label: string][] }) {
  const rows = useMemo(() => decodeRows(encoded), [encoded]);
  const [category, setCategory] = useState('all');
  // Net in the page's HTML; with VAT in them once the visitor's country is known to expect that.
  const pricesFor = usePricesFor();
  const price = (cents: number) => formatMoney(shownPrice(cents, pricesFor));
  // A fixed id: the one useId gives differs between Astro's server render and a client:visible hydration.
  const searchId = 'pricing-search';
  const [search, setSearch] = useTypedValue(searchId);
  const deferredSearch = useDeferredValue(search);
  const categoryId = useId();
  const visible = useMemo(() => {
    const matches = tldMatcher(deferredSearch);
    return rows.filter(([tld, , , , cats]) => matches(tld) && (category === 'all' || cats.split(' ').includes(category)));
  }, [rows, deferredSearch, category]);

  return (
    <div className="domain-pricing">
      <PricesForLine />
      <div className="pricing-tools">
        <div className="field">
          <label htmlFor={searchId}>Search extensions</label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={search}
            placeholder="e.g. com, shop, co"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={categoryId}>Category</label>
          <select id={categoryId} className="select input" value={category} onChange={(event) => setCategory(event.target.value)}>
            {categories.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="pricing-count" role="status" aria-live="polite">
        {visible.length === rows.length ? `Showing all ${rows.length} extensions` : `Showing ${visible.length} of ${rows.length} extensions`}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls, so keyboard users must be able to focus it. */}
      <div className="price-table-wrap" role="region" aria-label="Domain prices" tabIndex={0}>
        <table className="data-table price-table">
          <caption className="visually-hidden">Domain prices per year in US dollars {includedTaxNote(pricesFor)}</caption>
          <thead>
            <tr>
              <th scope="col">Extension</th>
              <th scope="col" className="num">
                New
              </th>
              <th scope="col" className="num">
                Transfer
              </th>
              <th scope="col" className="num">
                Renew
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map(([tld, newPrice, transferPrice, renewPrice]) => (
              <tr key={tld}>
                <th scope="row" className="tld-name">
                  .{tld}
                  {newPrice < renewPrice && <span className="badge badge-spot tld-sale">Sale</span>}
                </th>
                <td className="num">{price(newPrice)}</td>
                <td className="num">{price(transferPrice)}</td>
                <td className="num">{price(renewPrice)}</td>
              </tr>
            ))}
            {visible.length === 0 && (
              <tr>
                <td colSpan={4}>No extensions match. Try a shorter search or another category.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

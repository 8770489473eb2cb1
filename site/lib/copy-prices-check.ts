/**
 * The content check's part for prices in copy (site/lib/copy-prices.ts): every `{price…}` names a price, and marketing
 * copy (pages, blog, lessons) types no dollar amount by hand, which would stay net beside price cards that show VAT.
 * Legal texts keep their typed amounts: they are the contract's (fees "plus any applicable taxes"), the same for
 * every reader.
 */
import { copyPriceNames, copyPrices, priceReference, readPrice } from './copy-prices.ts';

type Problem = { file: string; line: number; message: string; fix: string };
type File = { relative: string; collection: string; text: string };

/** `$5`, `$8.99`, `$1,299.00`, not `\$5` (Markdown's escape: a dollar amount that is not a price of ours). */
const typedPrice = /(?<!\\)\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d\d))?(?!\d)/g;
const pricedCollections = new Set(['pages', 'blog', 'lessons']);

/** How to write a typed amount instead: the named prices of that amount, else the amount in brackets. */
function fixFor(cents: number): string {
  const dollars = (cents / 100).toFixed(2).replace(/\.00$/, '');
  const names = copyPriceNames.filter((name) => copyPrices[name] === cents).map((name) => `{price.${name}}`);
  const byName = names.length ? `${names.join(' or ')} (the price the cart charges), or ` : '';
  return `Write ${byName}{price(${dollars})} so it shows as the price cards do, with VAT where the visitor's country includes it (write \\$${dollars} for an amount that is not a price of ours)`;
}

/** `skipLines`: lines another check already names (a payout typed by hand is written {sale.…}, not {price…}). */
export function checkCopyPrices(file: File, skipLines: ReadonlySet<number> = new Set()): Problem[] {
  const problems: Problem[] = [];
  file.text.split('\n').forEach((text, index) => {
    const line = index + 1;
    for (const found of text.matchAll(priceReference)) {
      const read = readPrice(found[1]);
      if (read && 'problem' in read) problems.push({ file: file.relative, line, message: read.problem, fix: read.fix });
    }
    if (!pricedCollections.has(file.collection) || skipLines.has(line)) return;
    for (const found of text.replace(priceReference, '').matchAll(typedPrice)) {
      const cents = Number(found[1].replace(/,/g, '')) * 100 + Number(found[2] ?? 0);
      if (cents === 0) continue;
      problems.push({
        file: file.relative,
        line,
        message: `A price typed by hand ("${found[0]}") stays net for a visitor whose prices include VAT, beside price cards that include it`,
        fix: fixFor(cents),
      });
    }
  });
  return problems;
}

/**
 * The seller payout in words, for the pages editors write (content/): `{sale.networkPayout}` in an MDX page or its
 * front matter becomes "70%". The Sell My Domain page and the Terms take their figures from here, and so from the
 * constants the Sell form uses (sale.ts), so the two can never disagree again (issue #25). The Markdown step
 * (site/lib/sale-figures-plugin.ts) fills the MDX text, the page layouts fill the front matter, and the content check
 * names an unknown figure, or a payout or commission percentage typed by hand, with the line to fix.
 */
import { formatMoney } from '../money.ts';
import { forSalePageBonusPercent, forSalePagePayoutPercent, sellerPayout, sellerPayoutPercent } from './sale.ts';

/** The sale the pages work an example through: $1,000. */
const examplePrice = 100_000;
/** "$1,000" rather than "$1,000.00" in running text; cents only when there are some. */
const dollars = (cents: number) => formatMoney(cents).replace(/\.00$/, '');
const percent = (value: number) => `${value}%`;

export const saleFigures = {
  /** What the seller receives of a sale through our network: "70%". */
  networkPayout: percent(sellerPayoutPercent),
  /** What the seller receives when the buyer came through the domain's For Sale page: "80%". */
  forSalePagePayout: percent(forSalePagePayoutPercent),
  /** The For Sale page's extra share: "10%". */
  forSalePageBonus: percent(forSalePageBonusPercent),
  /** What we keep of a network sale: "30%". */
  networkCommission: percent(100 - sellerPayoutPercent),
  /** What we keep of a sale through the For Sale page: "20%". */
  forSalePageCommission: percent(100 - forSalePagePayoutPercent),
  examplePrice: dollars(examplePrice),
  exampleNetworkPayout: dollars(sellerPayout(examplePrice)),
  exampleForSalePagePayout: dollars(sellerPayout(examplePrice, true)),
  exampleBonus: dollars(sellerPayout(examplePrice, true) - sellerPayout(examplePrice)),
} as const;

export type SaleFigure = keyof typeof saleFigures;
export const saleFigureNames = Object.keys(saleFigures) as SaleFigure[];

/** `{sale.name}` as an editor writes it (the braces are MDX's own expression syntax). */
export const saleFigureReference = /\{\s*sale\.([A-Za-z0-9_]*)\s*\}/g;

export function isSaleFigure(name: string): name is SaleFigure {
  return Object.hasOwn(saleFigures, name);
}

/** Text with every `{sale.name}` replaced by its figure; an unknown name throws, naming the ones there are. */
export function fillSaleFigures(text: string): string {
  return text.replace(saleFigureReference, (whole, name: string) => {
    if (!isSaleFigure(name)) throw new Error(`Unknown figure ${whole}: use one of ${saleFigureNames.map((n) => `{sale.${n}}`).join(', ')}`);
    return saleFigures[name];
  });
}

/** The same through front matter: every string in `value`, however deep (dates and other objects pass as they are). */
export function fillSaleFiguresIn<T>(value: T): T {
  if (typeof value === 'string') return fillSaleFigures(value) as T;
  if (Array.isArray(value)) return value.map((item) => fillSaleFiguresIn(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillSaleFiguresIn(item)])) as T;
  }
  return value;
}

/**
 * Prices written in the pages editors write (content/): `{price.email}` or `{price(24.99)}` in MDX text or in its
 * front matter is shown as the price cards show theirs, net in the HTML and with VAT in it once the visitor's prices
 * country expects that (NetPrice.astro, site/lib/static-prices.ts, the contract's shownPrice). A named price is what
 * the cart charges (cart-pricing.ts), so the copy follows a change of it; an amount in brackets is any other price we
 * charge, in dollars. The Markdown step (copy-prices-plugin.ts) and the Copy component (front matter) render them; the
 * content check names an unknown price, or a price typed by hand, with the line to fix.
 */
import { closestMatch } from '../../api/contract/closest.ts';
import { planPrices, protectionPricePerYear } from '../../api/contract/carts/cart-pricing.ts';
import { shortPrice } from '../components/short-price.ts';

/** The prices copy may name, in cents, each as the cart charges it. */
export const copyPrices = {
  /** The Email plan, a month. */
  email: planPrices.email,
  /** The Website Builder plan, a month. */
  website: planPrices.website,
  /** The Website & Email plan, a month. */
  websiteEmail: planPrices.websiteEmail,
  /** Domain Protection, per domain per year. */
  protection: protectionPricePerYear,
} as const;

export type CopyPriceName = keyof typeof copyPrices;
export const copyPriceNames = Object.keys(copyPrices) as CopyPriceName[];

/** `{price…}` in text: MDX's own expression braces around a price (read by readPrice). */
export const priceReference = /\{\s*(price\b[^{}]*)\}/g;

const named = /^\s*price\s*\.\s*([A-Za-z0-9_]*)\s*$/;
const amount = /^\s*price\s*\(\s*([^()]*?)\s*\)\s*$/;
const dollars = /^\d+(?:\.\d{1,2})?$/;

export type PriceRead = { cents: number } | { problem: string; fix: string };

const nameList = () => copyPriceNames.map((name) => `{price.${name}} (${shortPrice(copyPrices[name])})`).join(', ');

/** What an expression in braces says when it is a price (`price.email`, `price(24.99)`); null when it is not one. */
export function readPrice(expression: string): PriceRead | null {
  if (!/^\s*price\b/.test(expression)) return null;
  const name = named.exec(expression)?.[1];
  if (name !== undefined) {
    if (Object.hasOwn(copyPrices, name)) return { cents: copyPrices[name as CopyPriceName] };
    const near = closestMatch(name, copyPriceNames);
    return { problem: `Unknown price {price.${name}}`, fix: near ? `Did you mean {price.${near}}?` : `Use one of: ${nameList()}, or {price(24.99)}` };
  }
  const written = amount.exec(expression)?.[1];
  if (written !== undefined && dollars.test(written)) return { cents: Math.round(Number(written) * 100) };
  return {
    problem: `"{${expression.trim()}}" is not a price`,
    fix: `Write a price by name, ${nameList()}, or as dollars with the cents after a dot and no commas: {price(24.99)}, {price(1299)}`,
  };
}

/** The cents a price expression says; throws with the fix when it names no price (the content check says so first). */
export function priceCents(expression: string): number {
  const read = readPrice(expression);
  if (read && 'cents' in read) return read.cents;
  throw new Error(read ? `${read.problem}: ${read.fix}` : `"{${expression}}" is not a price`);
}

/** A front-matter text cut at its prices: the words as they are, each price as its net cents. */
export function splitCopy(text: string): (string | { cents: number })[] {
  const parts: (string | { cents: number })[] = [];
  let from = 0;
  for (const found of text.matchAll(priceReference)) {
    if (found.index > from) parts.push(text.slice(from, found.index));
    parts.push({ cents: priceCents(found[1]) });
    from = found.index + found[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** The text with its prices written out net ("for $5 a month"): for the page's title and description, which no script updates. */
export function netCopyText(text: string): string {
  return splitCopy(text)
    .map((part) => (typeof part === 'string' ? part : shortPrice(part.cents)))
    .join('');
}

/**
 * Prices written in marketing copy (`{price.email}`, `{price(24.99)}`): each reads as the cents the cart charges, the
 * front matter's text splits at them, the page title gets them net, and the Dutch visitor's copy then says what the
 * price card and the cart say (the static-price script renders each through shownPrice).
 */
import { describe, expect, it } from 'vitest';
import { shownPrice } from '../../api/contract/billing/tax.ts';
import { planPrices, protectionPricePerYear } from '../../api/contract/carts/cart-pricing.ts';
import { shortPrice } from '../../site/components/short-price.ts';
import { netCopyText, readPrice, splitCopy } from '../../site/lib/copy-prices.ts';

describe('a price written in copy', () => {
  it('by name is the price the cart charges', () => {
    expect(readPrice('price.email')).toEqual({ cents: planPrices.email });
    expect(readPrice(' price.websiteEmail ')).toEqual({ cents: planPrices.websiteEmail });
    expect(readPrice('price.protection')).toEqual({ cents: protectionPricePerYear });
  });

  it('in brackets is dollars, with cents after a dot', () => {
    expect(readPrice('price(24.99)')).toEqual({ cents: 2499 });
    expect(readPrice('price( 5 )')).toEqual({ cents: 500 });
    expect(readPrice('price(1299)')).toEqual({ cents: 129_900 });
    expect(readPrice('price(0.1)')).toEqual({ cents: 10 });
  });

  it('names a mistake and the fix', () => {
    expect(readPrice('price.emial')).toEqual({ problem: 'Unknown price {price.emial}', fix: 'Did you mean {price.email}?' });
    expect(readPrice('price.hosting')).toMatchObject({ fix: expect.stringContaining('{price.email} ($5), {price.website} ($5)') });
    for (const written of ['price(8,99)', 'price($5)', 'price(5.999)', 'price()', 'price']) {
      expect(readPrice(written), written).toMatchObject({ problem: `"{${written}}" is not a price` });
    }
  });

  it('leaves other expressions to MDX', () => {
    expect(readPrice('sale.networkPayout')).toBeNull();
    expect(readPrice('prices.email')).toBeNull();
  });
});

describe('front-matter text with prices', () => {
  it('splits at each price', () => {
    expect(splitCopy('Free trial, then {price.website} a month, or {price(8.99)} with email.')).toEqual([
      'Free trial, then ',
      { cents: 500 },
      ' a month, or ',
      { cents: 899 },
      ' with email.',
    ]);
    expect(splitCopy('{price.email}/mo')).toEqual([{ cents: 500 }, '/mo']);
    expect(splitCopy('No price here.')).toEqual(['No price here.']);
  });

  it('is written out net for the page title and description', () => {
    expect(netCopyText('Email at your domain for {price.email} a month; both for {price.websiteEmail}.')).toBe(
      'Email at your domain for $5 a month; both for $8.99.',
    );
  });

  it('refuses an unknown price rather than print it', () => {
    expect(() => splitCopy('for {price.emial} a month')).toThrow('Unknown price {price.emial}: Did you mean {price.email}?');
  });

  it('shows a Dutch visitor the same VAT-included amount as the price card', () => {
    const dutch = { display: 'included', rate: 0.21 } as const;
    const [, price] = splitCopy('for {price.email} a month');
    expect(shortPrice(shownPrice((price as { cents: number }).cents, dutch))).toBe('$6.05');
    expect(shortPrice(shownPrice(899, dutch))).toBe('$10.88');
  });
});

import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../api/contract/search/catalogue.ts';
import { cartTotals, planOf, priceItem, yearOptionsFor } from '../../api/contract/carts/cart-pricing.ts';

const [com] = parseCatalogue('tld,categories,priority,new,renew,transfer,redemption\ncom,generic,1,1028,1128,1128,8000');
const base = { years: 1, domainType: 'new' as const, emailEnabled: false, hostingEnabled: false, protectionEnabled: false };

describe('cart pricing', () => {
  it('names the plan from the two flags', () => {
    expect(planOf({ emailEnabled: true, hostingEnabled: true })).toBe('websiteEmail');
    expect(planOf({ emailEnabled: true, hostingEnabled: false })).toBe('email');
    expect(planOf({ emailEnabled: false, hostingEnabled: true })).toBe('website');
    expect(planOf({ emailEnabled: false, hostingEnabled: false })).toBe('basic');
  });

  it('prices a term, protection at $5 a year and the first month of a plan', () => {
    const item = priceItem(com, { ...base, years: 2, protectionEnabled: true, emailEnabled: true, hostingEnabled: true });
    expect(item.price).toBe(1028 + 1128);
    expect(item.protectionPrice).toBe(1000);
    expect(item.monthlyPrice).toBe(899);
    expect(item.totalPrice).toBe(2156 + 1000 + 899);
  });

  it('offers transfers one year less, since a transfer adds a year', () => {
    expect(yearOptionsFor(com, 'transfer').map((o) => o.years)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(yearOptionsFor(com, 'new')).toHaveLength(10);
  });

  it('charges the registry premium price in the first year of a premium name', () => {
    expect(priceItem(com, { ...base, domainType: 'premium', premiumPrice: 249900 }).price).toBe(249900);
  });

  it('registers a premium name for one year only: the registry prices a longer term at its own premium', () => {
    expect(yearOptionsFor(com, 'premium', 249900)).toEqual([{ years: 1, price: 249900 }]);
  });

  it('adds up a cart', () => {
    const a = priceItem(com, base);
    const b = priceItem(com, { ...base, emailEnabled: true });
    expect(cartTotals([a, b])).toEqual({ oneTimePrice: 2056, monthlyPrice: 500, totalPrice: 2556 });
  });
});

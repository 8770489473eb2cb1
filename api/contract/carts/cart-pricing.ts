/** Cart prices computed from the catalogue (never from the client): terms, plans, protection, totals. */
import type { Tld } from '../search/catalogue.ts';
import { maxTermYears, termPrice } from './term-prices.ts';

export const protectionPricePerYear = 500;

export const planPrices = { basic: 0, email: 500, website: 500, websiteEmail: 899 } as const;
export type Plan = keyof typeof planPrices;

export const planLabels: Record<Plan, string> = {
  basic: 'Basic',
  email: 'Email',
  website: 'Website Builder',
  websiteEmail: 'Website & Email',
};

/** Plan state of a cart item (storefront spec §4). */
export function planOf(item: { emailEnabled: boolean; hostingEnabled: boolean }): Plan {
  if (item.emailEnabled && item.hostingEnabled) return 'websiteEmail';
  if (item.emailEnabled) return 'email';
  if (item.hostingEnabled) return 'website';
  return 'basic';
}

export function planFlags(plan: Plan): { emailEnabled: boolean; hostingEnabled: boolean } {
  return {
    emailEnabled: plan === 'email' || plan === 'websiteEmail',
    hostingEnabled: plan === 'website' || plan === 'websiteEmail',
  };
}

export type DomainType = 'new' | 'transfer' | 'premium';
/** A cart item's kind: a registration, a transfer, or `market`, a name bought from its owner at an agreed price. */
export type ItemType = DomainType | 'market';
export type YearOption = { years: number; price: number };

/** Cents per year of a term for one item: premium names pay the registry price in year one. */
export function perYearPricing(tld: Tld, domainType: DomainType, premiumPrice?: number | null): number[] {
  // A premium name's registry fee replaces the first year's price: of a registration, or of a transfer (which adds one).
  if (domainType === 'transfer') return premiumPrice == null ? tld.transferPricing : tld.transferPricing.map((price, i) => (i === 0 ? premiumPrice : price));
  if (domainType === 'premium' && premiumPrice != null) {
    return tld.renewPricing.map((renew, i) => (i === 0 ? premiumPrice : renew));
  }
  return tld.newPricing;
}

/** How long a premium name is registered for (yearOptionsFor says why). */
export const premiumTermYears = 1;

/** The term an item is stored with: a premium name's is premiumTermYears, any other keeps the term asked for. */
export function termYearsFor(domainType: string, premiumPrice: number | null | undefined, years: number): number {
  return domainType === 'premium' && premiumPrice != null ? premiumTermYears : years;
}

/**
 * The terms an item may take. A transfer adds one year, so its longest term is one year shorter. A premium name is
 * registered for one year: the registry prices every year of a longer term at its own premium, which the one-year
 * price the customer was shown does not cover.
 */
export function yearOptionsFor(tld: Tld, domainType: DomainType, premiumPrice?: number | null): YearOption[] {
  const pricing = perYearPricing(tld, domainType, premiumPrice);
  if (domainType === 'premium' && premiumPrice != null) return [{ years: premiumTermYears, price: pricing[0] }];
  const longest = domainType === 'transfer' ? maxTermYears - 1 : maxTermYears;
  return Array.from({ length: longest }, (_, i) => ({ years: i + 1, price: termPrice(pricing, i + 1) }));
}

export type PricedItem = {
  years: number;
  domainType: ItemType;
  premiumPrice?: number | null;
  /** A premium name's renewal price per year as its registry quoted it; the catalogue's when null. */
  premiumRenewPrice?: number | null;
  /** A market purchase's agreed price in cents. */
  marketPrice?: number | null;
  emailEnabled: boolean;
  hostingEnabled: boolean;
  protectionEnabled: boolean;
};

export type ItemPrices = {
  yearOptions: YearOption[];
  /** Registration or transfer for the chosen term. */
  price: number;
  renewalPrice: number;
  protectionPrice: number;
  monthlyPrice: number;
  /** Everything charged today for this item: term, protection and the first month of its plan. */
  totalPrice: number;
};

export function priceItem(tld: Tld, item: PricedItem): ItemPrices {
  if (item.domainType === 'market') return marketItemPrices(tld, item.marketPrice ?? 0);
  const yearOptions = yearOptionsFor(tld, item.domainType, item.premiumPrice);
  const option = yearOptions.find((o) => o.years === item.years) ?? yearOptions[0];
  const protectionPrice = item.protectionEnabled ? protectionPricePerYear * option.years : 0;
  const monthlyPrice = planPrices[planOf(item)];
  return {
    yearOptions,
    price: option.price,
    renewalPrice: (item.domainType === 'premium' ? item.premiumRenewPrice : null) ?? tld.renewPricing[0],
    protectionPrice,
    monthlyPrice,
    totalPrice: option.price + protectionPrice + monthlyPrice,
  };
}

/**
 * A name bought from its owner keeps its registration (no term to choose) and comes without plans or protection,
 * which the buyer adds in My Domains: the agreed price is the whole charge.
 */
function marketItemPrices(tld: Tld, marketPrice: number): ItemPrices {
  return { yearOptions: [], price: marketPrice, renewalPrice: tld.renewPricing[0], protectionPrice: 0, monthlyPrice: 0, totalPrice: marketPrice };
}

export function cartTotals(items: ItemPrices[]) {
  const oneTimePrice = items.reduce((sum, i) => sum + i.price + i.protectionPrice, 0);
  const monthlyPrice = items.reduce((sum, i) => sum + i.monthlyPrice, 0);
  return { oneTimePrice, monthlyPrice, totalPrice: oneTimePrice + monthlyPrice };
}

/**
 * What a promo code and account credit take off a cart, line by line, without zod (pure, so the cart view, checkout
 * and tests compute it the same way). Money is integer cents.
 *
 * - A code takes a percent or a fixed amount off the registration (or transfer) price of each eligible line: the first
 *   year of its term, or every year of it. Never off Domain Protection or a plan, never off a premium name (the
 *   registry sets that price).
 * - Account credit pays what is left, line by line in cart order.
 * - The card pays at least `minimumCardCharge` of a non-empty order (the card networks' smallest charge, which Stripe
 *   enforces): discounts and credit stop there.
 */

/** The smallest card payment Stripe accepts in USD. */
export const minimumCardCharge = 50;

export type PromoTerms = {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent (1-100), or cents off each discounted year. */
  value: number;
  /** Extensions without the dot; empty: all. */
  tlds: readonly string[];
  years: 'first' | 'every';
};

export type DiscountableLine = {
  domain: string;
  /** `market`: a name bought from its owner, at the price they agreed to; no code applies to it. */
  domainType: 'new' | 'transfer' | 'premium' | 'market';
  /** The price of each year of the chosen term (registration or transfer), in cents. */
  yearPrices: readonly number[];
  /** Everything the line costs today before any discount. */
  totalPrice: number;
};

export type LineReduction = { discount: number; credit: number };

export const promoMessages = {
  notFound: 'This code is not valid',
  notStarted: 'This code is not active yet',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  perCustomer: 'You have already used this code',
  premium: 'This code does not apply to premium names',
  market: 'This code does not apply to names bought from their owners',
  emptyCart: 'Add a domain to your cart to use a promo code',
} as const;

/** The extension of a name as the catalogue knows it: everything after the first label. */
export function extensionOf(domain: string): string {
  return domain.toLowerCase().split('.').slice(1).join('.');
}

export function isEligible(promo: Pick<PromoTerms, 'tlds'>, line: Pick<DiscountableLine, 'domain' | 'domainType'>): boolean {
  if (line.domainType === 'premium' || line.domainType === 'market') return false;
  return promo.tlds.length === 0 || promo.tlds.includes(extensionOf(line.domain));
}

/** Cents the code takes off one line's registration or transfer price (0 when it does not apply). */
export function promoLineDiscount(promo: PromoTerms, line: DiscountableLine): number {
  if (!isEligible(promo, line)) return 0;
  const years = promo.years === 'first' ? line.yearPrices.slice(0, 1) : line.yearPrices;
  return years.reduce((sum, price) => sum + Math.min(price, promo.kind === 'percent' ? Math.round((price * promo.value) / 100) : promo.value), 0);
}

/** "This code does not apply to .io" (or ".io and .dev"); null when some line is eligible. */
export function ineligibleMessage(promo: PromoTerms, lines: readonly Pick<DiscountableLine, 'domain' | 'domainType'>[]): string | null {
  if (lines.length === 0) return promoMessages.emptyCart;
  if (lines.some((line) => isEligible(promo, line))) return null;
  const standard = lines.filter((line) => line.domainType !== 'premium' && line.domainType !== 'market');
  if (standard.length === 0) return lines.every((line) => line.domainType === 'market') ? promoMessages.market : promoMessages.premium;
  const extensions = [...new Set(standard.map((line) => `.${extensionOf(line.domain)}`))];
  const list = extensions.length === 1 ? extensions[0] : `${extensions.slice(0, -1).join(', ')} and ${extensions.at(-1)}`;
  return `This code does not apply to ${list}`;
}

/**
 * Each line's promo discount and account credit. Discounts first (then trimmed from the last line so the card still
 * pays the minimum), then credit up to `creditBalance`, never below the minimum either.
 */
export function reduceLines(lines: readonly DiscountableLine[], promo: PromoTerms | null, creditBalance: number): LineReduction[] {
  const reductions = lines.map((line) => ({ discount: promo ? promoLineDiscount(promo, line) : 0, credit: 0 }));
  const gross = lines.reduce((sum, line) => sum + line.totalPrice, 0);
  if (gross === 0) return reductions;
  const floor = Math.min(minimumCardCharge, gross);
  let over = floor - (gross - reductions.reduce((sum, r) => sum + r.discount, 0));
  for (let i = reductions.length - 1; i >= 0 && over > 0; i--) {
    const trim = Math.min(over, reductions[i].discount);
    reductions[i].discount -= trim;
    over -= trim;
  }
  const net = gross - reductions.reduce((sum, r) => sum + r.discount, 0);
  let credit = Math.max(0, Math.min(creditBalance, net - floor));
  for (const [i, line] of lines.entries()) {
    if (credit === 0) break;
    const used = Math.min(credit, line.totalPrice - reductions[i].discount);
    reductions[i].credit = used;
    credit -= used;
  }
  return reductions;
}

/** "20% off the first year of .com and .net" — what a code does, for the cart and the back office. */
export function describePromo(promo: Pick<PromoTerms, 'kind' | 'value' | 'tlds' | 'years'>, formatCents: (cents: number) => string): string {
  const off = promo.kind === 'percent' ? `${promo.value}% off` : `${formatCents(promo.value)} off`;
  const years = promo.years === 'first' ? 'the first year' : 'every year';
  const tlds =
    promo.tlds.length === 0
      ? 'any extension'
      : promo.tlds
          .map((tld) => `.${tld}`)
          .join(', ')
          .replace(/, ([^,]*)$/, ' and $1');
  return `${off} ${years} of ${tlds}`;
}

/**
 * How a card is named to people: the brand as its owner writes it ("Visa", "American Express"), never the provider's
 * lower-case code ("visa" reached the renewal success view, receipts and the statement PDF: issue #25). Zod-free, so
 * the account app uses it too.
 */
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
};

/** The brand's name; an unknown code is capitalised; "card" when there is none. */
export function cardBrandName(brand: string | null | undefined): string {
  const code = (brand ?? '').trim().toLowerCase();
  if (!code || code === 'unknown') return 'Card';
  return brandNames[code] ?? code.charAt(0).toUpperCase() + code.slice(1);
}

/** "Visa ending in 4242". */
export function cardEnding(card: { brand: string; last4: string }): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}

/** "Visa ending in 4242 (exp 04/27)". */
export function describeCard(m: { brand: string; last4: string; expMonth: number; expYear: number }): string {
  return `${cardEnding(m)} (exp ${String(m.expMonth).padStart(2, '0')}/${String(m.expYear).slice(-2)})`;
}

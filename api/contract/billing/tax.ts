/** What tax an order carries and how the cart, checkout, receipts and invoices say it (shared by server and clients). */
import { formatMoney } from '../money.ts';

/** How a customer's prices show tax: VAT/GST countries include it, the US and Canada add it, some have none. */
export type TaxDisplay = 'included' | 'added' | 'none';

export type TaxDecision = {
  /** The customer's billing country and (US state, Canadian province) region. */
  country: string;
  region: string | null;
  /** A fraction (0.21 is 21%); 0 when reverse-charged or there is no tax. */
  rate: number;
  display: TaxDisplay;
  /** `VAT`, `GST`, `GST + PST`, `Sales tax`... */
  label: string;
  /** Where the rate comes from, for people: `Netherlands`, `New York`, `Ontario`. */
  place: string;
  /** An EU business with a confirmed VAT number in another member state than the seller's: no VAT charged. */
  reverseCharge: boolean;
  /** The customer's VAT number as invoices print it, when they gave one. */
  buyerTaxId: string | null;
  /** The VAT number could not be confirmed because VIES did not answer: VAT is charged and the customer told why. */
  viesUnavailable: boolean;
};

/** `21%`, `8.875%`, `9.975%`. */
export function formatRate(rate: number): string {
  return `${Number((rate * 100).toFixed(3))}%`;
}

/** Tax on a net amount in cents, rounded half up to a whole cent (per line, as the invoice records it). */
export function taxOn(net: number, rate: number): number {
  if (net <= 0 || rate <= 0) return 0;
  return Math.round(net * rate + 1e-9);
}

/** A net price with its tax in it, as a cart line of that price alone shows it where prices include tax. */
export function grossPrice(net: number, rate: number): number {
  return net + taxOn(net, rate);
}

/** What a price's display needs of a tax decision (the cart's `$tax` and the storefront's prices country both have it). */
export type PriceTax = Pick<TaxDecision, 'display' | 'rate'> & { reverseCharge?: boolean };

/** Whether prices are shown with the tax in them: a VAT/GST country's consumer, not a reverse-charged business. */
export function includesTax(tax: PriceTax | null | undefined): tax is PriceTax {
  return tax?.display === 'included' && !tax.reverseCharge && tax.rate > 0;
}

/**
 * A price as the customer is shown it before the cart (search, the price table, a transfer's price): with its tax in
 * it where their country expects that, rounded as the cart rounds the line, so the two say the same cents.
 */
export function shownPrice(net: number, tax: PriceTax | null | undefined): number {
  return includesTax(tax) ? grossPrice(net, tax.rate) : net;
}

/** The tax on charge lines of these amounts, each line taxed on its own as the invoice shows it (0 without a rate). */
export function taxOfLines(amounts: readonly number[], tax: Pick<TaxDecision, 'rate'> | null | undefined): number {
  return amounts.reduce((sum, amount) => sum + taxOn(amount, tax?.rate ?? 0), 0);
}

/**
 * The sentence the cart, checkout, receipt and invoice show: "Prices include 21% VAT (Netherlands)", "Sales tax
 * (8.875%, New York): $1.15", "VAT reverse-charged: the customer accounts for it".
 */
export function describeTax(decision: TaxDecision, tax: number): string {
  const unconfirmed = decision.viesUnavailable ? ' Your VAT number could not be checked with VIES just now, so VAT is charged.' : '';
  if (decision.reverseCharge) return `VAT reverse-charged: the customer accounts for it (${decision.buyerTaxId ?? 'VAT number on file'}).`;
  if (decision.display === 'none' || decision.rate === 0) return `No sales tax or VAT is charged for customers in ${decision.place}.`;
  if (decision.display === 'included')
    return `Prices include ${formatRate(decision.rate)} ${decision.label} (${decision.place}): ${formatMoney(tax)}.${unconfirmed}`;
  return `${decision.label} (${formatRate(decision.rate)}, ${decision.place}): ${formatMoney(tax)}`;
}

type LineParts = { price: number; protectionPrice: number; monthlyPrice: number; discount: number; tax: number };

/**
 * A line's parts as a tax-included country shows them: each with its VAT, the rounding left over on the price, so
 * the parts still add up to the line's price less discount plus its tax, to the cent.
 */
export function grossParts(line: LineParts, rate: number): Omit<LineParts, 'tax'> {
  const protectionPrice = grossPrice(line.protectionPrice, rate);
  const monthlyPrice = grossPrice(line.monthlyPrice, rate);
  const discount = grossPrice(line.discount, rate);
  const total = line.price + line.protectionPrice + line.monthlyPrice - line.discount + line.tax;
  return { price: total - protectionPrice - monthlyPrice + discount, protectionPrice, monthlyPrice, discount };
}

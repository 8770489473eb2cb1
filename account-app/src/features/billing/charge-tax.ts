/**
 * What a charge after checkout (Domain Protection, email, a renewal) costs the card: its price and the sales tax or
 * VAT the account pays on it (GET /api/accounts/0 `chargeTax`, decided as checkout decides it), rounded as the invoice is.
 */
import { taxOfLines } from '../../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import type { Account } from '../domains/api.ts';

type Taxed = Pick<Account, 'chargeTax'> | null;

/** A price, or the prices of a charge's lines (a renewal, its redemption fee, its protection), each taxed on its own. */
type Prices = number | readonly number[];
const linesOf = (prices: Prices): readonly number[] => (typeof prices === 'number' ? [prices] : prices);
const taxOf = (prices: Prices, account: Taxed): number => taxOfLines(linesOf(prices), account?.chargeTax);
const netOf = (prices: Prices): number => linesOf(prices).reduce((sum, cents) => sum + cents, 0);

/** Cents the card pays for these prices. */
export const chargeWithTax = (prices: Prices, account: Taxed): number => netOf(prices) + taxOf(prices, account);

/** `$6.05 (with $1.05 VAT 21% (Netherlands))`, `$5.00`, or the price and that VAT is reverse-charged. */
export function chargeText(prices: Prices, account: Taxed): string {
  const tax = account?.chargeTax;
  const net = netOf(prices);
  if (!tax) return formatMoney(net);
  const amount = taxOf(prices, account);
  return amount > 0 ? `${formatMoney(net + amount)} (with ${formatMoney(amount)} ${tax.note})` : `${formatMoney(net)} (${tax.note})`;
}

/** Under a total the card will pay: `Includes $2.37 VAT 21% (Netherlands)`, the reverse-charge sentence, or nothing. */
export function chargeTaxLine(prices: Prices, account: Taxed): string | null {
  const tax = account?.chargeTax;
  if (!tax) return null;
  const amount = taxOf(prices, account);
  return amount > 0 ? `Includes ${formatMoney(amount)} ${tax.note}` : tax.note;
}

/** Under a figure the card will pay: `Tax included: VAT 21% (Netherlands).`, the reverse-charge sentence, or nothing. */
export function chargeTaxFootnote(account: Taxed): string | null {
  const tax = account?.chargeTax;
  if (!tax) return null;
  return tax.rate > 0 ? `Tax included: ${tax.note}.` : tax.note;
}

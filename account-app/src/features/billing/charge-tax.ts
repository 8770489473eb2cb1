/**
 * What a charge after checkout (Domain Protection, email, a renewal) costs the card: its price and the sales tax or
 * VAT the account pays on it (GET /api/accounts/0 `chargeTax`, decided as checkout decides it), rounded as the invoice is.
 */
import { taxOn } from '../../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import type { Account } from '../domains/api.ts';

type Taxed = Pick<Account, 'chargeTax'> | null;

/** Cents the card pays for `cents` of price. */
export const chargeWithTax = (cents: number, account: Taxed): number => cents + taxOn(cents, account?.chargeTax?.rate ?? 0);

/** `$6.05 (with $1.05 VAT 21% (Netherlands))`, `$5.00`, or the price and that VAT is reverse-charged. */
export function chargeText(cents: number, account: Taxed): string {
  const tax = account?.chargeTax;
  if (!tax) return formatMoney(cents);
  const amount = taxOn(cents, tax.rate);
  return amount > 0 ? `${formatMoney(cents + amount)} (with ${formatMoney(amount)} ${tax.note})` : `${formatMoney(cents)} (${tax.note})`;
}

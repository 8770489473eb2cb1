/** A marketing price: formatMoney without a trailing ".00" ($5, $8.99). Tables keep formatMoney's full form. */
import { formatMoney } from '../../api/contract/money.ts';

export function shortPrice(cents: number): string {
  return formatMoney(cents).replace(/\.00$/, '');
}

/** An amount of integer cents as the customer reads it, through the contract's one formatMoney. */
import { formatMoney } from '../../api/contract/money.ts';

export function Money({ cents, per }: { cents: number; per?: 'mo' | 'yr' }) {
  return (
    <span className="money">
      {formatMoney(cents)}
      {per && <span className="muted">/{per}</span>}
    </span>
  );
}

/** The order summary: each item's charges today, then one-time, first-month and total (all from the server). */
import { formatMoney } from '../../../api/contract/money.ts';
import type { CartSummary } from '../../stores/cart.ts';

export default function OrderSummary({ cart }: { cart: CartSummary }) {
  const items = cart.cartItems ?? [];
  return (
    <section className="order-summary card" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="step-title">
        Order summary
      </h2>
      <ul className="summary-lines">
        {items.map((item) => (
          <li key={item.cartItemId}>
            <div className="summary-line">
              <span>
                {item.domain}
                <span className="summary-detail">
                  {item.domainType === 'transfer' ? 'Transfer, adds ' : item.domainType === 'premium' ? 'Premium, ' : 'Registration, '}
                  {item.years} year{item.years === 1 ? '' : 's'}
                </span>
              </span>
              <span>{formatMoney(item.price)}</span>
            </div>
            {item.protectionPrice > 0 && (
              <div className="summary-line sub">
                <span>Domain Protection</span>
                <span>{formatMoney(item.protectionPrice)}</span>
              </div>
            )}
            {item.monthlyPrice > 0 && (
              <div className="summary-line sub">
                <span>Plan, first month</span>
                <span>{formatMoney(item.monthlyPrice)}</span>
              </div>
            )}
            <div className="summary-line sub">
              <span>WHOIS privacy</span>
              <span className="free">Free</span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="summary-totals">
        <div>
          <dt>One-time</dt>
          <dd>{formatMoney(cart.oneTimePrice)}</dd>
        </div>
        <div>
          <dt>Monthly</dt>
          <dd>{formatMoney(cart.monthlyPrice)}/mo</dd>
        </div>
        <div className="grand-total">
          <dt>Total due today</dt>
          <dd data-testid="cart-total">{formatMoney(cart.totalPrice)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The order summary: each item's charges today (and what the promo code takes off it), one-time, first month, the
 * promo code and account credit, and the total (all from the server), then the promo code field.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { formatMoney } from '../../../api/contract/money.ts';
import type { CartSummary } from '../../stores/cart.ts';
import PromoCodeField from './PromoCodeField.tsx';

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
                <DomainName name={item.domain} />
                <span className="summary-detail">
                  {item.domainType === 'market' ? (
                    'Bought from its owner'
                  ) : (
                    <>
                      {item.domainType === 'transfer'
                        ? `${item.premium ? 'Premium transfer' : 'Transfer'}, adds `
                        : item.domainType === 'premium'
                          ? 'Premium, '
                          : 'Registration, '}
                      {item.years} year{item.years === 1 ? '' : 's'}
                    </>
                  )}
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
            {item.discount > 0 && (
              <div className="summary-line sub discount">
                <span>Promo code {cart.promoCode}</span>
                <span>−{formatMoney(item.discount)}</span>
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
        {cart.discountPrice > 0 && (
          <div className="discount">
            <dt>Promo code</dt>
            <dd data-testid="cart-discount">−{formatMoney(cart.discountPrice)}</dd>
          </div>
        )}
        {cart.creditPrice > 0 && (
          <div className="discount">
            <dt>Account credit</dt>
            <dd data-testid="cart-credit">−{formatMoney(cart.creditPrice)}</dd>
          </div>
        )}
        <div className="grand-total">
          <dt>Total due today</dt>
          <dd data-testid="cart-total">{formatMoney(cart.totalPrice)}</dd>
        </div>
      </dl>
      <PromoCodeField cart={cart} />
    </section>
  );
}

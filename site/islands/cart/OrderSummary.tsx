/**
 * The order summary: each item's charges today (and what the promo code takes off it), one-time, first month, the
 * promo code and account credit, and the total (all from the server), then the promo code field.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { formatRate, grossParts, includesTax } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import type { CartSummary } from '../../stores/cart.ts';
import PromoCodeField from './PromoCodeField.tsx';

export default function OrderSummary({ cart }: { cart: CartSummary }) {
  // Where prices include VAT, every part is shown with its VAT in it; elsewhere tax is a line of its own.
  const included = includesTax(cart.$tax);
  const items = (cart.cartItems ?? []).map((item) => (included ? { ...item, ...grossParts(item, cart.$tax?.rate ?? 0) } : item));
  const sum = (pick: (item: (typeof items)[number]) => number) => items.reduce((total, item) => total + pick(item), 0);
  const oneTime = included ? sum((item) => item.price + item.protectionPrice) : cart.oneTimePrice;
  const monthly = included ? sum((item) => item.monthlyPrice) : cart.monthlyPrice;
  const discount = included ? sum((item) => item.discount) : cart.discountPrice;
  // The tax row says it where there is tax; the note says what else there is to know (no tax, reverse charge, VIES away).
  const tax = cart.$tax;
  const taxNote = !tax ? 'Tax, if any, is worked out from your billing country.' : cart.taxPrice > 0 && !tax.viesUnavailable ? null : tax.description;
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
          <dd>{formatMoney(oneTime)}</dd>
        </div>
        <div>
          <dt>Monthly</dt>
          <dd>{formatMoney(monthly)}/mo</dd>
        </div>
        {discount > 0 && (
          <div className="discount">
            <dt>Promo code</dt>
            <dd data-testid="cart-discount">−{formatMoney(discount)}</dd>
          </div>
        )}
        {cart.$tax && cart.$tax.display === 'added' && cart.taxPrice > 0 && (
          <div>
            <dt>
              {cart.$tax.label} ({formatRate(cart.$tax.rate)}, {cart.$tax.place})
            </dt>
            <dd data-testid="cart-tax">{formatMoney(cart.taxPrice)}</dd>
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
        {included && cart.taxPrice > 0 && (
          <div className="tax-included">
            <dt>
              Prices include {formatRate(cart.$tax?.rate ?? 0)} {cart.$tax?.label} ({cart.$tax?.place})
            </dt>
            <dd data-testid="cart-tax">{formatMoney(cart.taxPrice)}</dd>
          </div>
        )}
      </dl>
      {taxNote && (
        <p className="tax-note" data-testid="cart-tax-note">
          {taxNote}
        </p>
      )}
      <PromoCodeField cart={cart} />
    </section>
  );
}

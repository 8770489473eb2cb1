/** One options block per domain: term (only its yearOptions), plan, protection, free WHOIS privacy, remove. */
import { DomainName } from '@kit/DomainName.tsx';
import { useId, useState } from 'react';
import { type Plan, planFlags, planLabels, planOf, planPrices, protectionPricePerYear } from '../../../api/contract/carts/cart-pricing.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { formatDate } from '@kit/dates.ts';
import { type CartItem, patchCartItem } from '../../stores/cart.ts';
import { formatRate, includesTax, shownPrice } from '../../../api/contract/billing/tax.ts';
import type { CartItemPatch, CartTax } from '../../../api/contract/carts/cart.ts';

const plans: Plan[] = ['basic', 'email', 'website', 'websiteEmail'];
const typeLabels = { new: 'New registration', transfer: 'Transfer', premium: 'Premium', market: 'From its owner' } as const;
const typeBadges = { new: 'badge-success', transfer: 'badge-info', premium: 'badge-warning', market: 'badge-spot' } as const;

export default function ItemOptions({ item, tax = null }: { item: CartItem; tax?: CartTax | null }) {
  // Where prices include VAT, each price here is said with its VAT, as search and the price table said it; so is what the
  // item costs today (before any promo code).
  const included = includesTax(tax) ? tax : null;
  const price = (cents: number) => formatMoney(shownPrice(cents, tax));
  const id = useId();
  const [busy, setBusy] = useState(false);
  const plan = planOf(item);
  const change = async (changes: CartItemPatch) => {
    setBusy(true);
    await patchCartItem(item.cartItemId, changes);
    setBusy(false);
  };
  return (
    <section className="cart-item card" aria-labelledby={`${id}-name`} aria-busy={busy}>
      <header className="cart-item-head">
        <div>
          <h2 id={`${id}-name`} className="cart-item-name">
            <DomainName name={item.domain} />
          </h2>
          <span className={`badge ${typeBadges[item.domainType]}`}>
            {item.domainType === 'transfer' && item.premium ? 'Premium transfer' : typeLabels[item.domainType]}
          </span>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => change({ status: 'deleted' })}
          disabled={busy}
          aria-label={`Remove ${item.domain}`}
        >
          Remove
        </button>
      </header>
      {item.domainType === 'market' ? (
        <MarketTerms item={item} price={price} />
      ) : (
        <div className="cart-item-grid">
          <div className="field">
            <label htmlFor={`${id}-term`}>{item.domainType === 'transfer' ? 'Years added' : 'Term'}</label>
            <select id={`${id}-term`} className="select" value={item.years} disabled={busy} onChange={(e) => change({ years: Number(e.target.value) })}>
              {item.yearOptions.map((option) => (
                <option key={option.years} value={option.years}>
                  {option.years} year{option.years === 1 ? '' : 's'} – {price(option.price)}
                </option>
              ))}
            </select>
            <span className="field-hint">
              {item.domainType === 'premium' ? 'Premium names are registered one year at a time. ' : ''}Renews at {price(item.renewalPrice)}/yr
            </span>
          </div>
          <fieldset className="plan-picker" disabled={busy}>
            <legend className="label">Plan</legend>
            {plans.map((p) => (
              <label key={p} className={`plan-option${p === plan ? ' is-selected' : ''}`}>
                <input type="radio" name={`${id}-plan`} value={p} checked={p === plan} onChange={() => change(planFlags(p))} />
                <span className="plan-name">{planLabels[p]}</span>
                <span className="plan-price">{planPrices[p] === 0 ? '$0/mo' : `${price(planPrices[p])}/mo`}</span>
              </label>
            ))}
          </fieldset>
          <div className="cart-item-extras">
            <label className="check">
              <input type="checkbox" checked={item.protectionEnabled} disabled={busy} onChange={(e) => change({ protectionEnabled: e.target.checked })} />
              <span>
                <strong>Domain Protection</strong> – {price(protectionPricePerYear)}/yr
                <span className="field-hint"> Adds a year of grace if a renewal is missed.</span>
              </span>
            </label>
            <p className="check included">
              <span aria-hidden="true">✓</span>
              <span>
                <strong>WHOIS privacy</strong> – <span className="free">Free</span>
              </span>
            </p>
          </div>
        </div>
      )}
      <footer className="cart-item-foot">
        <span>
          Due today for {item.domain}
          {included && `, with ${formatRate(included.rate)} ${included.label}`}
        </span>
        <strong>{price(item.totalPrice)}</strong>
      </footer>
    </section>
  );
}

/** A name bought from its owner keeps its registration and comes without plans: nothing to choose, only what happens. */
function MarketTerms({ item, price }: { item: CartItem; price: (cents: number) => string }) {
  const until = item.$market?.expireDate;
  return (
    <div className="cart-item-market">
      <p>
        {item.$market?.isOffer ? 'The owner accepted your offer. ' : ''}You buy {item.domain} from its current owner: at checkout we move it into your account
        {until ? `, registered until ${formatDate(until)}` : ''}.
      </p>
      <p className="field-hint">Renews at {price(item.renewalPrice)}/yr. Add email, a website or Domain Protection in My Domains once it is yours.</p>
    </div>
  );
}

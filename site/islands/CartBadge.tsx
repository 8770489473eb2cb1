/** Header cart link with a count badge shown only above zero; shares the count through $cartCount. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $cartCount, refreshCart } from '../stores/cart.ts';

export default function CartBadge() {
  const count = useStore($cartCount);
  useEffect(() => {
    void refreshCart();
  }, []);
  return (
    <a className="cart-link" href="/cart" aria-label={count > 0 ? `Shopping cart, ${count} item${count === 1 ? '' : 's'}` : 'Shopping cart'}>
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h8.7a2 2 0 0 0 2-1.5L22 7H6" />
      </svg>
      {count > 0 && (
        <span className="cart-count" data-testid="cart-count">
          {count}
        </span>
      )}
    </a>
  );
}

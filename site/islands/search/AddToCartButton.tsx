/**
 * A result's action: Add to Cart, a spinner while adding, then Buy Now (a link to /cart); back to Add to Cart on failure.
 * The accessible name is the visible words, so "click Add to Cart" works by voice (WCAG 2.5.3); the domain comes
 * from the visible name beside the button (`nameId`) as its description.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DomainSearchResult } from '../../../api/contract/search/domain-search.ts';
import { trackCartEvent } from '../../lib/analytics.ts';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { $cart, refreshCart } from '../../stores/cart.ts';

export function AddToCartButton({ result, nameId }: { result: DomainSearchResult; nameId: string }) {
  const cart = useStore($cart);
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const inCart = state === 'added' || (state === 'idle' && cart?.cartItems?.some((item) => item.domain === result.domain));

  if (inCart) {
    return (
      <a className="btn btn-sm btn-buy" href="/cart" aria-describedby={nameId}>
        Buy Now
      </a>
    );
  }
  if (state === 'adding') {
    return (
      <button
        type="button"
        className="btn btn-sm btn-primary btn-add"
        aria-busy="true"
        aria-disabled="true"
        aria-label="Adding to Cart"
        aria-describedby={nameId}
      >
        <span className="spinner" aria-hidden="true" />
      </button>
    );
  }
  const add = async () => {
    setState('adding');
    const domainType = result.isPremium ? 'premium' : 'new';
    const answer = await apiClient.POST('/cartItems', { body: { type: 'domain', domain: result.domain, price: result.newPrice, domainType } });
    if (isFailure(answer)) {
      setState('idle');
      return;
    }
    setState('added');
    // One item sent is answered as one item.
    const added = Array.isArray(answer) ? answer[0] : answer;
    trackCartEvent('add_to_cart', { domain: result.domain, price: added?.price ?? result.newPrice, domainType });
    await refreshCart();
  };
  return (
    <button type="button" className="btn btn-sm btn-primary btn-add" onClick={add} aria-describedby={nameId}>
      Add to Cart
    </button>
  );
}

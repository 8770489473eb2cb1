/** Cart analytics for tag managers: events pushed to window.dataLayer with prices in dollars, USD. */
import { centsToDollars } from '../../api/contract/money.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function trackCartEvent(event: 'add_to_cart' | 'remove_from_cart', item: { domain: string; price: number; domainType: string }) {
  window.dataLayer ??= [];
  const value = centsToDollars(item.price);
  window.dataLayer.push({
    event,
    ecommerce: {
      currency: 'USD',
      value,
      items: [{ item_id: item.domain, item_name: item.domain, item_category: 'domain', item_variant: item.domainType, price: value, quantity: 1 }],
    },
  });
}

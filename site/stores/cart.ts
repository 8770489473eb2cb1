/** The cart as every island sees it: count for the header badge, logged-in flag, refresh, and the checkout source. */
import { atom, computed } from 'nanostores';
import type { Cart, CartItem, CartItemPatch, CartPatchBody, CartPaymentMethod } from '../../api/contract/carts/cart.ts';
import type { YearOption } from '../../api/contract/carts/cart-pricing.ts';
import { trackCartEvent } from '../lib/analytics.ts';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { $loggedOut } from '@kit/session.ts';

/** The cart and its lines as the API answers them (api/contract/carts/cart.ts), under the names the islands use. */
export type { CartItem, CartPaymentMethod, YearOption };
export type CartSummary = Cart;

export const $cart = atom<CartSummary | null>(null);
export const $cartCount = computed($cart, (cart) => cart?.itemCount ?? 0);
export const $isLoggedIn = computed($cart, (cart) => cart?.$isLoggedIn ?? false);

let inFlight: Promise<void> | null = null;

export function refreshCart(): Promise<void> {
  inFlight ??= (async () => {
    const cart = await apiClient.GET('/carts/{id}', { params: { path: { id: 0 }, query: { '$relations[]': ['cartItems'] } }, toast: false });
    if (!isFailure(cart)) $cart.set(cart);
    inFlight = null;
  })();
  return inFlight;
}

export function clearCartCache(): void {
  $cart.set(null);
}

// Storefront spec §4: a logout clears the cart cache.
$loggedOut.listen((loggedOut) => {
  if (loggedOut) clearCartCache();
});

let patches: Promise<unknown> = Promise.resolve();

/**
 * Patches the cart only when there is a non-empty change and a cart id (storefront spec §5). One patch at a time:
 * each answer is the whole cart, so an earlier patch answering late would put back what a later one changed.
 */
export function patchCart(changes: CartPatchBody): Promise<boolean> {
  const patched = patches.then(async () => {
    const cartId = $cart.get()?.cartId;
    if (!cartId || Object.keys(changes).length === 0) return false;
    const answer = await apiClient.PATCH('/carts/{id}', { params: { path: { id: cartId } }, body: changes });
    // A change answers the cart (only a commit, which checkout-flow.ts sends, answers the order).
    if (isFailure(answer) || !('itemCount' in answer)) return false;
    $cart.set(answer);
    return true;
  });
  patches = patched.catch(() => {});
  return patched;
}

/** Saves a business's EU VAT number (or removes it with ''): VIES's refusal comes back as the field's message. */
export const applyVatNumber = (vatNumber: string): Promise<string | null> => patchCartField({ contact: { vatNumber } }, null);

/**
 * Applies a promo code (or removes it with null). The server checks it against the cart at once; its refusal ("This
 * code has expired") is answered for the field to show, not toasted.
 */
export const applyPromoCode = (promoCode: string | null): Promise<string | null> =>
  patchCartField({ promoCode }, 'Add a domain to your cart to use a promo code');

/** One field's patch, in turn with the others; the server's refusal is answered for the field to show, not toasted. */
function patchCartField(body: CartPatchBody, withoutCart: string | null): Promise<string | null> {
  const applied = patches.then(async () => {
    const cartId = $cart.get()?.cartId;
    if (!cartId) return withoutCart;
    const answer = await apiClient.PATCH('/carts/{id}', { params: { path: { id: cartId } }, body, toast: false });
    if (isFailure(answer)) return answer.message;
    if (!('itemCount' in answer)) return null;
    $cart.set(answer);
    return null;
  });
  patches = applied.catch(() => {});
  return applied;
}

export async function patchCartItem(cartItemId: number, changes: CartItemPatch): Promise<boolean> {
  const answer = await apiClient.PATCH('/cartItems/{id}', { params: { path: { id: cartItemId } }, body: { cartItemId, ...changes } });
  if (isFailure(answer)) return false;
  if (changes.status === 'deleted') trackCartEvent('remove_from_cart', answer);
  await refreshCart();
  return true;
}

/** Adds many items (transfers) in one call; the caller then goes to /cart. */
export async function addCartItems(
  items: { type: 'domain'; domain: string; domainType: 'new' | 'transfer' | 'premium'; authCode?: string; price?: number; cartId?: number }[],
) {
  const answer = await apiClient.POST('/cartItems', { body: items });
  if (isFailure(answer)) return answer;
  await refreshCart();
  // A list sent is answered as a list.
  return Array.isArray(answer) ? answer : [answer];
}

/** Referrer and landing page, kept in local storage from the first page of a visit and sent at checkout. */
const sourceKey = 'ds_checkout_source';
export type CheckoutSource = { referrer: string; landing: string };

export function rememberCheckoutSource(): void {
  if (typeof window === 'undefined' || !window.localStorage) return;
  try {
    if (localStorage.getItem(sourceKey)) return;
    const external = document.referrer && !document.referrer.startsWith(location.origin) ? document.referrer : '';
    localStorage.setItem(sourceKey, JSON.stringify({ referrer: external, landing: location.pathname + location.search }));
  } catch {
    // Storage can be unavailable (private mode); the source is optional.
  }
}

export function checkoutSource(): CheckoutSource {
  try {
    const saved = JSON.parse(localStorage.getItem(sourceKey) ?? 'null') as CheckoutSource | null;
    return saved ?? { referrer: '', landing: '' };
  } catch {
    return { referrer: '', landing: '' };
  }
}

rememberCheckoutSource();

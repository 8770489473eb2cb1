/** The cart as every island sees it: count for the header badge, logged-in flag, and a refresh action. */
import { atom, computed } from 'nanostores';
import { api, isFailure } from '../lib/api.ts';

export type CartSummary = {
  cartId: number;
  itemCount: number;
  totalPrice: number;
  $isLoggedIn: boolean;
  cartItems?: { cartItemId: number; domain: string }[];
};

export const $cart = atom<CartSummary | null>(null);
export const $cartCount = computed($cart, (cart) => cart?.itemCount ?? 0);
export const $isLoggedIn = computed($cart, (cart) => cart?.$isLoggedIn ?? false);

let inFlight: Promise<void> | null = null;

export function refreshCart(): Promise<void> {
  inFlight ??= (async () => {
    const cart = await api<CartSummary>('/carts/0?$relations[]=cartItems', { toast: false });
    if (!isFailure(cart)) $cart.set(cart);
    inFlight = null;
  })();
  return inFlight;
}

export function clearCartCache(): void {
  $cart.set(null);
}

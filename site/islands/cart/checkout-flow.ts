/** CHECKOUT (storefront spec §4): commit, handle a required card action, confirm with the payment intent id. */
import { api, isFailure } from '@kit/api.ts';
import { checkoutSource } from '../../stores/cart.ts';
import { paymentsConfig } from '@kit/card/card-setup.ts';

export const checkoutFallbackMessage = 'There was a processing your payment. Please contact support if issue continues.';
export const authenticationFailedMessage = 'Error authenticating card :(';

type CommitAnswer = {
  cartId: number;
  orderId?: number;
  totalPrice: number;
  requiresAction: boolean;
  clientSecret?: string;
  paymentIntentId?: string;
  message?: string;
};

export type CheckoutOutcome = { ok: true; answer: CommitAnswer } | { ok: false; message: string; requiredAction: boolean };

/** `authenticate` asks the buyer to authenticate (sandbox dialog); Stripe mode uses handleCardAction. */
export async function completeCheckout(
  cartId: number,
  statedSource: string | undefined,
  authenticate: (intentId: string) => Promise<'complete' | 'fail'>,
): Promise<CheckoutOutcome> {
  const source = checkoutSource();
  const a = { referrer: source.referrer, landing: source.landing, statedSource: statedSource ?? '' };
  const first = await api<CommitAnswer>(`/carts/${cartId}`, {
    method: 'PATCH',
    body: { commit: true, $redirectHost: location.hostname, a },
    toast: false,
  });
  if (isFailure(first)) return { ok: false, message: first.message, requiredAction: false };
  if (!first.requiresAction) return { ok: true, answer: first };
  const intentId = first.paymentIntentId ?? '';
  const config = await paymentsConfig();
  if (config.provider === 'stripe' && config.publishableKey && first.clientSecret) {
    const { stripeFor } = await import('@kit/card/StripeCardForm.tsx');
    const stripe = await stripeFor(config.publishableKey);
    // Automatic confirmation on the server: the browser only finishes the next action (3-D Secure).
    const handled = await stripe?.handleNextAction({ clientSecret: first.clientSecret });
    if (!handled || handled.error) return { ok: false, message: handled?.error?.message || authenticationFailedMessage, requiredAction: true };
  } else {
    const outcome = await authenticate(intentId);
    const told = await api('/paymentMethods/sandboxAuthenticate', { method: 'POST', body: { intentId, outcome }, toast: false });
    if (isFailure(told)) return { ok: false, message: told.message || authenticationFailedMessage, requiredAction: true };
  }
  const confirmed = await api<CommitAnswer>(`/carts/${cartId}`, {
    method: 'PATCH',
    body: { cartId, commit: true, a: { ...a, paymentIntentId: intentId } },
    toast: false,
  });
  if (isFailure(confirmed)) return { ok: false, message: confirmed.message || authenticationFailedMessage, requiredAction: false };
  if (confirmed.requiresAction) return { ok: false, message: authenticationFailedMessage, requiredAction: true };
  return { ok: true, answer: confirmed };
}

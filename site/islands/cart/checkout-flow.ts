/** CHECKOUT (storefront spec §4): commit, handle a required card action, confirm with the payment intent id. */
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { type ApiAnswer, apiClient } from '@kit/api-client.ts';
import type { CheckoutAnswer } from '../../../api/contract/carts/checkout-answer.ts';
import { checkoutSource } from '../../stores/cart.ts';
import { paymentsConfig } from '@kit/card/card-setup.ts';

export const checkoutFallbackMessage = 'There was a processing your payment. Please contact support if issue continues.';
export const authenticationFailedMessage = 'Error authenticating card :(';

export type CheckoutOutcome = { ok: true; answer: CheckoutAnswer } | { ok: false; message: string; requiredAction: boolean };

/** A commit answers the order; the cart instead would mean it did not check out. */
function checkoutOf(answer: ApiAnswer<'/carts/{id}', 'patch'> | ApiFailure): CheckoutAnswer | ApiFailure {
  return isFailure(answer) || 'requiresAction' in answer ? answer : { error: true, status: 0, message: checkoutFallbackMessage };
}

/** `authenticate` asks the buyer to authenticate (sandbox dialog); Stripe mode uses handleCardAction. */
export async function completeCheckout(
  cartId: number,
  statedSource: string | undefined,
  authenticate: (intentId: string) => Promise<'complete' | 'fail'>,
): Promise<CheckoutOutcome> {
  const source = checkoutSource();
  const a = { referrer: source.referrer, landing: source.landing, statedSource: statedSource ?? '' };
  const first = checkoutOf(
    await apiClient.PATCH('/carts/{id}', { params: { path: { id: cartId } }, body: { commit: true, $redirectHost: location.hostname, a }, toast: false }),
  );
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
    const told = await apiClient.POST('/paymentMethods/sandboxAuthenticate', { body: { intentId, outcome }, toast: false });
    if (isFailure(told)) return { ok: false, message: told.message || authenticationFailedMessage, requiredAction: true };
  }
  const confirmed = checkoutOf(
    await apiClient.PATCH('/carts/{id}', {
      params: { path: { id: cartId } },
      body: { cartId, commit: true, a: { ...a, paymentIntentId: intentId } },
      toast: false,
    }),
  );
  if (isFailure(confirmed)) return { ok: false, message: confirmed.message || authenticationFailedMessage, requiredAction: false };
  if (confirmed.requiresAction) return { ok: false, message: authenticationFailedMessage, requiredAction: true };
  return { ok: true, answer: confirmed };
}

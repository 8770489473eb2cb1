/**
 * 3-D Secure for charges to the saved card, as checkout does it (site/islands/cart/checkout-flow.ts): with Stripe the
 * browser finishes the intent's next action; in the sandbox the customer answers the test dialog (a view of the
 * modal), which we pass on to /api/paymentMethods/sandboxAuthenticate.
 */
import { isFailure, type ApiFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';

export const authenticationFailedMessage = 'Error authenticating card :(';

type PaymentsConfig = { provider: 'sandbox' | 'stripe'; publishableKey?: string };
let config: Promise<PaymentsConfig> | null = null;

function paymentsConfig(): Promise<PaymentsConfig> {
  config ??= apiClient.GET('/paymentMethods/config', { toast: false }).then((answer) => (isFailure(answer) ? { provider: 'sandbox' } : answer));
  return config;
}

/** Stripe finishes the action itself (true); the sandbox needs the test dialog (false). */
export async function authenticateWithStripe(clientSecret: string): Promise<boolean | ApiFailure> {
  const { provider, publishableKey } = await paymentsConfig();
  if (provider !== 'stripe' || !publishableKey) return false;
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey);
  const handled = await stripe?.handleNextAction({ clientSecret });
  if (!handled || handled.error) return { error: true, status: 402, message: handled?.error?.message || authenticationFailedMessage };
  return true;
}

/** The sandbox test dialog's answer. */
export async function answerSandboxAuthentication(intentId: string, outcome: 'complete' | 'fail'): Promise<ApiFailure | null> {
  const told = await apiClient.POST('/paymentMethods/sandboxAuthenticate', { body: { intentId, outcome }, toast: false });
  return isFailure(told) ? { ...told, message: told.message || authenticationFailedMessage } : null;
}

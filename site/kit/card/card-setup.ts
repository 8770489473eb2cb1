/** Card setup calls shared by the sandbox and Stripe card forms (storefront spec §4 'Card setup'). */
import { isFailure } from '../api.ts';
import { type ApiAnswer, apiClient } from '../api-client.ts';
import { prepareBotCheck, solveBotCheck } from '../bot-check-retry.ts';

export const setupFailedMessage = 'Failed to setup card';
export const authenticationFailedMessage = 'Error authenticating card :(';

export type SetupAnswer = ApiAnswer<'/paymentMethods/setup', 'post'>;

/**
 * Every setup call carries a solved bot check (card testers would otherwise try cards through it). The card forms
 * prepare one when they show; each call prepares the next, for the second call after an authentication or a retry.
 */
export async function setupCard(stripePaymentMethodId: string, stripeSetupIntentId?: string) {
  const recaptchaToken = await solveBotCheck();
  prepareBotCheck();
  return apiClient.POST('/paymentMethods/setup', {
    body: { type: 'card', stripePaymentMethodId, ...(stripeSetupIntentId ? { stripeSetupIntentId } : {}), recaptchaToken },
    toast: false,
  });
}

export type PaymentsConfig = { provider: 'sandbox' | 'stripe'; publishableKey?: string };
let config: Promise<PaymentsConfig> | null = null;

export function paymentsConfig(): Promise<PaymentsConfig> {
  config ??= apiClient.GET('/paymentMethods/config', { toast: false }).then((answer) => (isFailure(answer) ? { provider: 'sandbox' } : answer));
  return config;
}

/** Where a card error is shown: beside the field at fault, or for the card as a whole above the form's buttons. */
export type CardErrorPlace = 'number' | 'expiry' | 'cvc' | 'card';

/**
 * Stripe's error and decline codes (the sandbox uses the same) by the field they blame (issue #25: card errors were
 * toasts only). A declined card, insufficient funds or a failed authentication is the card's, not a field's.
 */
export function cardErrorPlace(code: unknown): CardErrorPlace {
  if (typeof code !== 'string') return 'card';
  if (/^(invalid|incorrect|incomplete)_number$/.test(code)) return 'number';
  if (code === 'expired_card' || /^(invalid|incomplete)_expiry(_month|_year)?(_past)?$/.test(code)) return 'expiry';
  if (/^(invalid|incorrect|incomplete)_cvc$/.test(code)) return 'cvc';
  return 'card';
}

/** The decline code an API failure carries (`data.declineCode`), if any. */
export function declineCodeOf(data: unknown): unknown {
  return (data as { declineCode?: unknown } | undefined)?.declineCode;
}

/** Card setup calls shared by the sandbox and Stripe card forms (storefront spec §4 'Card setup'). */
import { api, isFailure } from '../api.ts';
import { solveBotCheck } from '../bot-check-retry.ts';

export const setupFailedMessage = 'Failed to setup card';
export const authenticationFailedMessage = 'Error authenticating card :(';

export type SetupAnswer = {
  setupIntent: { id: string; status: string; client_secret: string };
  paymentMethod: { paymentMethodId: number; description: string } | null;
};

/** Every setup call carries a solved bot check (card testers would otherwise try cards through it). */
export async function setupCard(stripePaymentMethodId: string, stripeSetupIntentId?: string) {
  const recaptchaToken = await solveBotCheck();
  return api<SetupAnswer>('/paymentMethods/setup', {
    method: 'POST',
    body: { type: 'card', stripePaymentMethodId, ...(stripeSetupIntentId ? { stripeSetupIntentId } : {}), recaptchaToken },
    toast: false,
  });
}

export type PaymentsConfig = { provider: 'sandbox' | 'stripe'; publishableKey?: string };
let config: Promise<PaymentsConfig> | null = null;

export function paymentsConfig(): Promise<PaymentsConfig> {
  config ??= api<PaymentsConfig>('/paymentMethods/config', { toast: false }).then((answer) => (isFailure(answer) ? { provider: 'sandbox' } : answer));
  return config;
}

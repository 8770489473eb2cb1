/** Offline payments with Stripe's test cards. TODO(checkout issue): the full sandbox. */
import type { PaymentsProvider } from './index.ts';

export function createSandboxPayments(): PaymentsProvider {
  const unavailable = async (): Promise<never> => {
    throw new Error('Sandbox payments are not built yet');
  };
  return {
    name: 'sandbox',
    publicConfig: () => ({ provider: 'sandbox' }),
    createCustomer: unavailable,
    setupCard: unavailable,
    authorize: unavailable,
    retrieve: unavailable,
    capture: unavailable,
    cancel: unavailable,
    refund: unavailable,
  };
}

/** Payouts as Stripe Connect transfers (POST /v1/transfers) from the platform's balance to a seller's connected account. */
import { PayoutError, type PayoutsProvider } from './index.ts';

export function createStripePayouts(options: { secretKey: string; currency?: string; apiBase?: string }): PayoutsProvider {
  const base = options.apiBase ?? 'https://api.stripe.com';
  return {
    name: 'stripe',
    async transfer({ destination, amount, idempotencyKey, description }) {
      const body = new URLSearchParams({ amount: String(amount), currency: options.currency ?? 'usd', destination, description });
      const response = await fetch(`${base}/v1/transfers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
        },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { id?: string; error?: { message?: string } };
      if (response.status >= 400 && response.status < 500) throw new PayoutError(answer.error?.message ?? `Stripe refused the transfer (${response.status})`);
      if (!response.ok || !answer.id) throw new Error(`Stripe answered ${response.status} to a transfer`);
      return { id: answer.id, status: 'paid' };
    },
  };
}

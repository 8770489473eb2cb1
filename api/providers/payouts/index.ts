/**
 * Payouts: money we owe a seller for a name sold through our market, sent to their account at the payouts provider
 * (Stripe Connect transfers to a connected account `acct_…`). Like payments, an idempotency key makes a repeat send
 * nothing more; a refusal is a PayoutError, anything else (no answer) means the outcome is unknown.
 */
export type PayoutTransfer = { id: string; status: 'paid' | 'pending' };

export interface PayoutsProvider {
  readonly name: 'sandbox' | 'stripe';
  transfer(input: { destination: string; amount: number; idempotencyKey: string; description: string }): Promise<PayoutTransfer>;
}

/** The provider refused the transfer: nothing was sent. */
export class PayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutError';
  }
}

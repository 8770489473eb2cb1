/** Card payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the offline sandbox with Stripe's test cards. */

export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

export type SetupIntent = {
  id: string;
  status: 'succeeded' | 'requires_action' | 'requires_payment_method' | 'processing' | 'canceled';
  client_secret: string;
  paymentMethodId: string;
  card?: CardDetails;
  error?: string;
};

export type PaymentIntent = {
  id: string;
  status: 'requires_capture' | 'requires_action' | 'succeeded' | 'canceled' | 'requires_payment_method';
  amount: number;
  /** What was captured so far (cents). */
  amountReceived?: number;
  /** What was refunded of the capture (cents). */
  amountRefunded?: number;
  client_secret: string;
  error?: string;
};

export type Refund = { id: string; paymentIntentId: string; amount: number; status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action' };

/** A card declined by the issuer or the provider; the message is the provider's, shown to the buyer. */
export class CardError extends Error {
  constructor(
    message: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** A setup intent id sent by a client that belongs to another customer (or another card). */
export const setupIntentMismatchCode = 'setup_intent_mismatch';
export const setupIntentMismatchMessage = 'This card setup is not yours. Please enter the card again.';

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Given to the browser: which card form to show. */
  publicConfig(): { provider: 'sandbox' | 'stripe'; publishableKey?: string };
  createCustomer(input: { email?: string; name?: string }): Promise<string>;
  /**
   * Save a card for off-session use; may ask the buyer to authenticate. Throws CardError when declined. With
   * `setupIntentId` it continues that setup, which must be this customer's and this card's: another's is refused
   * with CardError code `setupIntentMismatchCode`.
   */
  setupCard(input: { customerId: string; paymentMethodId: string; setupIntentId?: string }): Promise<SetupIntent>;
  /** Authorise (not capture) a charge; captured once the domains are registered. Throws CardError when declined. */
  authorize(input: { customerId: string; paymentMethodId: string; amount: number; idempotencyKey: string; description: string }): Promise<PaymentIntent>;
  retrieve(paymentIntentId: string): Promise<PaymentIntent>;
  /**
   * The authorisation `authorize` made with this idempotency key for this customer since `since`, or null when the
   * provider has none: how a checkout taken over from a dead process finds a hold whose id never came back.
   */
  findAuthorization(input: { customerId: string; idempotencyKey: string; since: Date }): Promise<PaymentIntent | null>;
  /** Capture all of an authorisation, or `amount` cents of it (the rest is released). */
  capture(paymentIntentId: string, idempotencyKey: string, amount?: number): Promise<PaymentIntent>;
  /** Releases an authorisation that was not captured. */
  cancel(paymentIntentId: string): Promise<PaymentIntent>;
  /** Gives back `amount` cents of a capture; the same idempotency key never refunds twice. */
  refund(paymentIntentId: string, amount: number, idempotencyKey: string): Promise<Refund>;
  /**
   * Detaches a saved card from its customer at the provider, so it can never be charged again. A card already
   * detached, or unknown to the provider, counts as done.
   */
  detachCard(paymentMethodId: string): Promise<void>;
}

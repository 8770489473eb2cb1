/**
 * Real card payments through Stripe: SetupIntents save cards for off-session use, PaymentIntents with manual
 * capture authorise at checkout and are captured once the domains are registered. Card numbers never reach
 * this server: the browser creates the payment method with Stripe.js (Elements) and sends its id.
 */
import Stripe from 'stripe';
import {
  CardError,
  type PaymentIntent,
  type PaymentsProvider,
  type Refund,
  type SetupIntent,
  setupIntentMismatchCode,
  setupIntentMismatchMessage,
} from './index.ts';

/** The metadata field that carries an authorisation's idempotency key. */
const authorizeKeyField = 'dotspot_authorize_key';
/** Listing starts this much before the order's own time, for clocks a little apart. */
const listSlackSeconds = 300;

function cardError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) throw new CardError(error.message, error.decline_code ?? error.code);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new CardError(error.message, error.code);
  throw error;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const status = intent.status === 'requires_confirmation' || intent.status === 'processing' ? 'requires_action' : intent.status;
  return {
    id: intent.id,
    status: status as PaymentIntent['status'],
    amount: intent.amount,
    amountReceived: intent.amount_received,
    client_secret: intent.client_secret ?? '',
    error: intent.last_payment_error?.message,
  };
}

export function createStripePayments(options: {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Where the Stripe API is; only tests point it elsewhere (a local stand-in for api.stripe.com). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}) {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, ...options.api });

  const provider: PaymentsProvider & { verifyWebhook(body: string, signature: string): Promise<Stripe.Event> } = {
    name: 'stripe',
    publicConfig: () => ({ provider: 'stripe', publishableKey: options.publishableKey }),

    async createCustomer({ email, name }) {
      const customer = await stripe.customers.create({ email, name });
      return customer.id;
    },

    async setupCard({ customerId, paymentMethodId, setupIntentId }): Promise<SetupIntent> {
      try {
        const intent = setupIntentId
          ? await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] })
          : await stripe.setupIntents.create(
              {
                customer: customerId,
                payment_method: paymentMethodId,
                usage: 'off_session',
                confirm: true,
                // The browser finishes any 3-D Secure step with stripe.handleNextAction.
                use_stripe_sdk: true,
                expand: ['payment_method'],
              },
              { idempotencyKey: `setup-${customerId}-${paymentMethodId}` },
            );
        if (setupIntentId) {
          // The id came from the browser: it must be a setup this customer started, for this card.
          const owner = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
          const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
          if (owner !== customerId || method !== paymentMethodId) throw new CardError(setupIntentMismatchMessage, setupIntentMismatchCode);
        }
        if (intent.status === 'requires_payment_method' && intent.last_setup_error)
          throw new CardError(intent.last_setup_error.message ?? 'Failed to setup card');
        const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
        const card = method?.card;
        return {
          id: intent.id,
          status: intent.status === 'requires_confirmation' ? 'requires_action' : (intent.status as SetupIntent['status']),
          client_secret: intent.client_secret ?? '',
          paymentMethodId,
          card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : undefined,
        };
      } catch (error) {
        if (error instanceof CardError) throw error;
        return cardError(error);
      }
    },

    async authorize({ customerId, paymentMethodId, amount, idempotencyKey, description }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            capture_method: 'manual',
            confirm: true,
            off_session: false,
            use_stripe_sdk: true,
            description,
            // Idempotency keys cannot be looked up; this copy of the key lets findAuthorization find the intent.
            metadata: { [authorizeKeyField]: idempotencyKey },
          },
          { idempotencyKey },
        );
        return toPaymentIntent(intent);
      } catch (error) {
        return cardError(error);
      }
    },

    async findAuthorization({ customerId, idempotencyKey, since }) {
      // Listing is read-after-write consistent (search can lag a minute behind), and a customer has few intents a day.
      const created = { gte: Math.floor(since.getTime() / 1000) - listSlackSeconds };
      for await (const intent of stripe.paymentIntents.list({ customer: customerId, created, limit: 100 })) {
        if (intent.metadata?.[authorizeKeyField] === idempotencyKey) return toPaymentIntent(intent);
      }
      return null;
    },

    async retrieve(paymentIntentId) {
      return toPaymentIntent(await stripe.paymentIntents.retrieve(paymentIntentId));
    },

    async capture(paymentIntentId, idempotencyKey, amount) {
      try {
        const intent = await stripe.paymentIntents.capture(paymentIntentId, amount === undefined ? {} : { amount_to_capture: amount }, { idempotencyKey });
        return toPaymentIntent(intent);
      } catch (error) {
        return cardError(error);
      }
    },

    async cancel(paymentIntentId) {
      return toPaymentIntent(await stripe.paymentIntents.cancel(paymentIntentId));
    },

    async refund(paymentIntentId, amount, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount }, { idempotencyKey });
        return { id: refund.id, paymentIntentId, amount: refund.amount, status: (refund.status ?? 'pending') as Refund['status'] };
      } catch (error) {
        // A key reused with another amount; more than is left to refund (invalid request): the caller's to say.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw new CardError(error.message, 'idempotency_error');
        return cardError(error);
      }
    },

    async detachCard(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Gone from Stripe, or no longer attached to a customer: what detaching was for is already true.
        const gone = error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || /not attached/i.test(error.message));
        if (!gone) throw error;
      }
    },

    /** Webhook signature check; under Bun only the async variant works (SubtleCrypto). */
    async verifyWebhook(body, signature) {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEventAsync(body, signature, options.webhookSecret);
    },
  };
  return provider;
}

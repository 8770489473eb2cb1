/**
 * Offline payments shaped like Stripe's objects, with Stripe's test cards:
 * - 4242 4242 4242 4242 (and any other valid number): set up and charged without a fuss;
 * - 4000 0025 0000 3155: setting it up needs authentication (the local test dialog), later off-session charges pass;
 * - 4000 0027 6000 3184: every setup and every charge needs authentication;
 * - 4000 0000 0000 0002: declined at setup ("Your card was declined.");
 * - 4000 0000 0000 0341: sets up fine, every charge is declined;
 * - 4000 0000 0000 9995: sets up fine, charges fail for insufficient funds.
 * Card numbers stay in the browser's request to createPaymentMethod; only brand, last 4 and expiry are kept.
 * The behaviour of a card is carried in its id (`pm_sandbox_<random>_<brand>_<last4>`), so a saved card keeps
 * working after a restart; intents live in memory, which is enough for one offline process.
 */
import { randomBytes } from 'node:crypto';
import {
  type CardDetails,
  CardError,
  type PaymentIntent,
  type PaymentsProvider,
  type Refund,
  type SetupIntent,
  setupIntentMismatchCode,
  setupIntentMismatchMessage,
} from './index.ts';
import { nowMs } from '../../clock.ts';

export const declinedMessage = 'Your card was declined.';
export const insufficientFundsMessage = 'Your card has insufficient funds.';
export const authenticationFailedMessage =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type Behaviour = 'ok' | 'authenticate-setup' | 'authenticate-always' | 'decline-setup' | 'decline-charge' | 'insufficient-funds';

const behaviours: Record<string, Behaviour> = {
  '3155': 'authenticate-setup',
  '3184': 'authenticate-always',
  '0002': 'decline-setup',
  '0341': 'decline-charge',
  '9995': 'insufficient-funds',
};

const id = (prefix: string) => `${prefix}_sandbox_${randomBytes(9).toString('hex')}`;

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function parseMethodId(paymentMethodId: string): { brand: string; last4: string; behaviour: Behaviour } {
  const match = /^pm_sandbox_[a-z0-9]+_([a-z]+)_(\d{4})$/.exec(paymentMethodId);
  if (!match) throw new CardError('No such payment method', 'resource_missing');
  return { brand: match[1], last4: match[2], behaviour: behaviours[match[2]] ?? 'ok' };
}

export type SandboxPayments = PaymentsProvider & {
  /** What Stripe.js's createPaymentMethod does in the browser; here the sandbox card form posts to our API. */
  createPaymentMethod(input: { number: string; expMonth: number; expYear: number; cvc: string }): { id: string; card: CardDetails };
  /** The local test dialog's answer for an intent waiting on authentication. */
  authenticate(intentId: string, outcome: 'complete' | 'fail'): { status: string };
  /** Every charge authorised, captured, released or refunded; for tests and the benchmark. */
  ledger(): PaymentIntent[];
};

export function createSandboxPayments(): SandboxPayments {
  const cards = new Map<string, CardDetails>();
  const setupIntents = new Map<string, SetupIntent & { customerId: string; authenticated?: 'complete' | 'fail' }>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, Refund>();

  function cardFor(paymentMethodId: string): CardDetails {
    const saved = cards.get(paymentMethodId);
    if (saved) return saved;
    const { brand, last4 } = parseMethodId(paymentMethodId);
    return { brand, last4, expMonth: 12, expYear: new Date(nowMs()).getFullYear() + 3 };
  }

  function intent(intentId: string) {
    const found = paymentIntents.get(intentId);
    if (!found) throw new CardError('No such payment intent', 'resource_missing');
    return found;
  }

  return {
    name: 'sandbox',
    publicConfig: () => ({ provider: 'sandbox' }),

    createPaymentMethod({ number, expMonth, expYear, cvc }) {
      const digits = number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) throw new CardError('Your card number is invalid.', 'invalid_number');
      const now = new Date(nowMs());
      const fullYear = expYear < 100 ? 2000 + expYear : expYear;
      if (!(expMonth >= 1 && expMonth <= 12)) throw new CardError("Your card's expiration month is invalid.", 'invalid_expiry_month');
      if (fullYear < now.getFullYear() || (fullYear === now.getFullYear() && expMonth < now.getMonth() + 1)) {
        throw new CardError("Your card's expiration year is in the past.", 'invalid_expiry_year');
      }
      if (!/^\d{3,4}$/.test(cvc)) throw new CardError("Your card's security code is incomplete.", 'incomplete_cvc');
      const card = { brand: cardBrand(digits), last4: digits.slice(-4), expMonth, expYear: fullYear };
      const paymentMethodId = `${id('pm')}_${card.brand}_${card.last4}`;
      cards.set(paymentMethodId, card);
      return { id: paymentMethodId, card };
    },

    async createCustomer() {
      return id('cus');
    },

    async setupCard({ customerId, paymentMethodId, setupIntentId }) {
      const { behaviour } = parseMethodId(paymentMethodId);
      const card = cardFor(paymentMethodId);
      if (behaviour === 'decline-setup') throw new CardError(declinedMessage, 'card_declined');
      if (setupIntentId) {
        const existing = setupIntents.get(setupIntentId);
        if (!existing) throw new CardError('No such setup intent', 'resource_missing');
        // As Stripe's intent carries its customer: one visitor cannot finish (and keep) another's setup.
        if (existing.customerId !== customerId || existing.paymentMethodId !== paymentMethodId) {
          throw new CardError(setupIntentMismatchMessage, setupIntentMismatchCode);
        }
        if (existing.authenticated === 'fail') throw new CardError(authenticationFailedMessage, 'authentication_failed');
        if (existing.authenticated === 'complete') existing.status = 'succeeded';
        const { customerId: _customer, authenticated: _authenticated, ...intent } = existing;
        return { ...intent, card };
      }
      const needsAuthentication = behaviour === 'authenticate-setup' || behaviour === 'authenticate-always';
      const setupIntent: SetupIntent = {
        id: id('seti'),
        status: needsAuthentication ? 'requires_action' : 'succeeded',
        client_secret: `${id('seti')}_secret`,
        paymentMethodId,
        card,
      };
      setupIntents.set(setupIntent.id, { ...setupIntent, customerId });
      return setupIntent;
    },

    authenticate(intentId, outcome) {
      const setup = setupIntents.get(intentId);
      if (setup) {
        if (setup.status !== 'requires_action') throw new CardError('This setup does not need authentication', 'unexpected_state');
        setup.authenticated = outcome;
        if (outcome === 'fail') setup.status = 'requires_payment_method';
        return { status: setup.status };
      }
      const payment = intent(intentId);
      if (payment.status !== 'requires_action') throw new CardError('This payment does not need authentication', 'unexpected_state');
      if (outcome === 'complete') payment.status = 'requires_capture';
      else {
        payment.status = 'requires_payment_method';
        payment.error = authenticationFailedMessage;
      }
      return { status: payment.status };
    },

    async authorize({ paymentMethodId, amount, idempotencyKey }) {
      const earlier = byIdempotencyKey.get(idempotencyKey);
      if (earlier) return { ...intent(earlier) };
      const { behaviour } = parseMethodId(paymentMethodId);
      if (!Number.isInteger(amount) || amount <= 0) throw new CardError('The amount must be a positive number of cents', 'invalid_amount');
      if (behaviour === 'decline-setup' || behaviour === 'decline-charge') throw new CardError(declinedMessage, 'card_declined');
      if (behaviour === 'insufficient-funds') throw new CardError(insufficientFundsMessage, 'insufficient_funds');
      const paymentIntent: PaymentIntent = {
        id: id('pi'),
        status: behaviour === 'authenticate-always' ? 'requires_action' : 'requires_capture',
        amount,
        amountReceived: 0,
        client_secret: `${id('pi')}_secret`,
      };
      paymentIntents.set(paymentIntent.id, paymentIntent);
      byIdempotencyKey.set(idempotencyKey, paymentIntent.id);
      return { ...paymentIntent };
    },

    async retrieve(paymentIntentId) {
      return { ...intent(paymentIntentId) };
    },

    async capture(paymentIntentId, _idempotencyKey, amount) {
      const payment = intent(paymentIntentId);
      if (payment.status === 'succeeded') return { ...payment };
      if (payment.status !== 'requires_capture') throw new CardError(`This payment cannot be captured (${payment.status})`, 'unexpected_state');
      const captured = amount ?? payment.amount;
      if (captured > payment.amount) throw new CardError('Cannot capture more than was authorised', 'amount_too_large');
      payment.status = 'succeeded';
      payment.amountReceived = captured;
      return { ...payment };
    },

    async cancel(paymentIntentId) {
      const payment = intent(paymentIntentId);
      if (payment.status === 'succeeded') throw new CardError('A captured payment cannot be canceled; refund it', 'unexpected_state');
      payment.status = 'canceled';
      return { ...payment };
    },

    async refund(paymentIntentId, amount, idempotencyKey) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return { ...earlier };
      const payment = intent(paymentIntentId);
      if (payment.status !== 'succeeded') throw new CardError('Only a captured payment can be refunded', 'unexpected_state');
      const refundable = (payment.amountReceived ?? 0) - (payment.amountRefunded ?? 0);
      if (!Number.isInteger(amount) || amount <= 0 || amount > refundable) throw new CardError(`Cannot refund ${amount} cents of ${refundable} refundable`, 'amount_too_large');
      payment.amountRefunded = (payment.amountRefunded ?? 0) + amount;
      const refund: Refund = { id: id('re'), paymentIntentId, amount, status: 'succeeded' };
      refunds.set(idempotencyKey, refund);
      return { ...refund };
    },

    ledger: () => [...paymentIntents.values()].map((p) => ({ ...p })),
  };
}

/**
 * Offline payments shaped like Stripe's objects, with Stripe's test cards:
 * - 4242 4242 4242 4242 (and any other valid number): set up and charged without a fuss;
 * - 4000 0025 0000 3155: setting it up needs authentication (the local test dialog), later off-session charges pass;
 * - 4000 0027 6000 3184: every setup and every charge needs authentication;
 * - 4000 0000 0000 0002: declined at setup ("Your card was declined.");
 * - 4000 0000 0000 0069: refused at setup as expired ("Your card has expired.", expired_card), whatever date is typed;
 * - 4000 0000 0000 0341: sets up fine, every charge is declined;
 * - 4000 0000 0000 9995: sets up fine, charges fail for insufficient funds.
 * Card numbers stay in the browser's request to createPaymentMethod; only brand, last 4 and expiry are kept.
 * The behaviour of a card is carried in its id (`pm_sandbox_<random>_<brand>_<last4>`), so a saved card keeps
 * working after a restart. Cards, intents and refunds live in PostgreSQL (sandbox_payment_objects), as Stripe keeps
 * them on its servers: a 3-D Secure setup started on one process can be finished on another, and a worker can capture
 * what a web process authorised. Every change to an intent is made under its row lock.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { nowMs } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type SandboxPaymentObjectRow, sandboxPaymentObjects } from '../../db/schema/index.ts';
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

export const declinedMessage = 'Your card was declined.';
export const expiredMessage = 'Your card has expired.';
export const insufficientFundsMessage = 'Your card has insufficient funds.';
/** Stripe's answer for a payment method that was detached from its customer. */
export const detachedCardMessage =
  'The provided PaymentMethod was detached from a Customer. It may not be used again. To use it, you must create a new PaymentMethod.';
export const authenticationFailedMessage = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type Behaviour = 'ok' | 'authenticate-setup' | 'authenticate-always' | 'decline-setup' | 'expired-setup' | 'decline-charge' | 'insufficient-funds';

const behaviours: Record<string, Behaviour> = {
  '3155': 'authenticate-setup',
  '3184': 'authenticate-always',
  '0002': 'decline-setup',
  '0069': 'expired-setup',
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
  createPaymentMethod(input: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<{ id: string; card: CardDetails }>;
  /** The local test dialog's answer for an intent waiting on authentication. */
  authenticate(intentId: string, outcome: 'complete' | 'fail'): Promise<{ status: string }>;
  /** Every charge authorised, captured, released or refunded, oldest first; for tests and the benchmark. */
  ledger(): Promise<PaymentIntent[]>;
};

type StoredSetupIntent = SetupIntent & { customerId: string; authenticated?: 'complete' | 'fail' };
/** What the sandbox keeps beside Stripe's fields: the idempotency key of the capture, which alone may replay it. */
type StoredPaymentIntent = PaymentIntent & { captureKey?: string };

function publicIntent(stored: StoredPaymentIntent): PaymentIntent {
  const { captureKey: _key, ...intent } = stored;
  return intent;
}
type Kind = SandboxPaymentObjectRow['kind'];

export function createSandboxPayments(db: Db): SandboxPayments {
  async function insert(kind: Kind, objectId: string, data: object, idempotencyKey?: string, tx: Db | Tx = db): Promise<boolean> {
    const rows = await tx
      .insert(sandboxPaymentObjects)
      .values({ id: objectId, kind, data, idempotencyKey, createDate: new Date(nowMs()) })
      .onConflictDoNothing()
      .returning({ id: sandboxPaymentObjects.id });
    return rows.length > 0;
  }

  async function find<T>(kind: Kind, objectId: string, options: { tx?: Tx; forUpdate?: boolean } = {}): Promise<T | null> {
    const query = (options.tx ?? db)
      .select({ data: sandboxPaymentObjects.data })
      .from(sandboxPaymentObjects)
      .where(and(eq(sandboxPaymentObjects.id, objectId), eq(sandboxPaymentObjects.kind, kind)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return (row?.data as T) ?? null;
  }

  async function findByKey<T>(kind: Kind, idempotencyKey: string, tx: Db | Tx = db): Promise<T | null> {
    const [row] = await tx
      .select({ data: sandboxPaymentObjects.data })
      .from(sandboxPaymentObjects)
      .where(and(eq(sandboxPaymentObjects.idempotencyKey, idempotencyKey), eq(sandboxPaymentObjects.kind, kind)));
    return (row?.data as T) ?? null;
  }

  async function save(objectId: string, data: object, tx: Tx) {
    await tx.update(sandboxPaymentObjects).set({ data }).where(eq(sandboxPaymentObjects.id, objectId));
  }

  /** Runs `change` on a payment intent under its row lock and stores what it leaves. */
  function changeIntent<T>(paymentIntentId: string, change: (payment: PaymentIntent, tx: Tx) => Promise<T> | T): Promise<T> {
    return db.transaction(async (tx) => {
      const payment = await find<PaymentIntent>('paymentIntent', paymentIntentId, { tx, forUpdate: true });
      if (!payment) throw new CardError('No such payment intent', 'resource_missing');
      const result = await change(payment, tx);
      await save(paymentIntentId, payment, tx);
      return result;
    });
  }

  /** The card's details; refused, as Stripe refuses it, once the card was detached. */
  async function cardFor(paymentMethodId: string): Promise<CardDetails> {
    const saved = await find<CardDetails & { detached?: boolean }>('card', paymentMethodId);
    if (saved?.detached) throw new CardError(detachedCardMessage, 'payment_method_unexpected_state');
    if (saved) return saved;
    const { brand, last4 } = parseMethodId(paymentMethodId);
    return { brand, last4, expMonth: 12, expYear: new Date(nowMs()).getFullYear() + 3 };
  }

  return {
    name: 'sandbox',
    publicConfig: () => ({ provider: 'sandbox' }),

    async createPaymentMethod({ number, expMonth, expYear, cvc }) {
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
      await insert('card', paymentMethodId, card);
      return { id: paymentMethodId, card };
    },

    async createCustomer() {
      return id('cus');
    },

    async setupCard({ customerId, paymentMethodId, setupIntentId }) {
      const { behaviour } = parseMethodId(paymentMethodId);
      const card = await cardFor(paymentMethodId);
      if (behaviour === 'decline-setup') throw new CardError(declinedMessage, 'card_declined');
      if (behaviour === 'expired-setup') throw new CardError(expiredMessage, 'expired_card');
      if (setupIntentId) {
        const existing = await find<StoredSetupIntent>('setupIntent', setupIntentId);
        if (!existing) throw new CardError('No such setup intent', 'resource_missing');
        // As Stripe's intent carries its customer: one visitor cannot finish (and keep) another's setup.
        if (existing.customerId !== customerId || existing.paymentMethodId !== paymentMethodId) {
          throw new CardError(setupIntentMismatchMessage, setupIntentMismatchCode);
        }
        if (existing.authenticated === 'fail') throw new CardError(authenticationFailedMessage, 'authentication_failed');
        const { customerId: _customer, authenticated, ...intent } = existing;
        return { ...intent, status: authenticated === 'complete' ? 'succeeded' : intent.status, card };
      }
      const needsAuthentication = behaviour === 'authenticate-setup' || behaviour === 'authenticate-always';
      const setupIntent: SetupIntent = {
        id: id('seti'),
        status: needsAuthentication ? 'requires_action' : 'succeeded',
        client_secret: `${id('seti')}_secret`,
        paymentMethodId,
        card,
      };
      await insert('setupIntent', setupIntent.id, { ...setupIntent, customerId });
      return setupIntent;
    },

    async authenticate(intentId, outcome) {
      return db.transaction(async (tx) => {
        const setup = await find<StoredSetupIntent>('setupIntent', intentId, { tx, forUpdate: true });
        if (setup) {
          if (setup.status !== 'requires_action') throw new CardError('This setup does not need authentication', 'unexpected_state');
          setup.authenticated = outcome;
          if (outcome === 'fail') setup.status = 'requires_payment_method';
          await save(intentId, setup, tx);
          return { status: setup.status };
        }
        const payment = await find<PaymentIntent>('paymentIntent', intentId, { tx, forUpdate: true });
        if (!payment) throw new CardError('No such payment intent', 'resource_missing');
        if (payment.status !== 'requires_action') throw new CardError('This payment does not need authentication', 'unexpected_state');
        if (outcome === 'complete') payment.status = 'requires_capture';
        else {
          payment.status = 'requires_payment_method';
          payment.error = authenticationFailedMessage;
        }
        await save(intentId, payment, tx);
        return { status: payment.status };
      });
    },

    async authorize({ paymentMethodId, amount, idempotencyKey }) {
      const earlier = await findByKey<StoredPaymentIntent>('paymentIntent', idempotencyKey);
      if (earlier) return publicIntent(earlier);
      const { behaviour } = parseMethodId(paymentMethodId);
      await cardFor(paymentMethodId);
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
      // Two calls with one key at once: the first insert wins, the other answers with its intent.
      if (await insert('paymentIntent', paymentIntent.id, paymentIntent, idempotencyKey)) return paymentIntent;
      const winner = await findByKey<StoredPaymentIntent>('paymentIntent', idempotencyKey);
      if (!winner) throw new CardError('The authorisation could not be recorded', 'processing_error');
      return publicIntent(winner);
    },

    async findAuthorization({ idempotencyKey }) {
      return findByKey<PaymentIntent>('paymentIntent', idempotencyKey);
    },

    async retrieve(paymentIntentId) {
      const payment = await find<StoredPaymentIntent>('paymentIntent', paymentIntentId);
      if (!payment) throw new CardError('No such payment intent', 'resource_missing');
      return publicIntent(payment);
    },

    capture: (paymentIntentId, idempotencyKey, amount) =>
      changeIntent(paymentIntentId, (stored) => {
        const payment = stored as StoredPaymentIntent;
        if (payment.status === 'succeeded') {
          // As Stripe: a retry with the capture's own idempotency key answers what the capture answered; any other
          // capture of a captured intent is refused (payment_intent_unexpected_state), so nothing is captured twice.
          if (payment.captureKey === idempotencyKey) return publicIntent(payment);
          throw new CardError(`This PaymentIntent could not be captured because it has a status of ${payment.status}.`, 'payment_intent_unexpected_state');
        }
        if (payment.status !== 'requires_capture') {
          throw new CardError(`This PaymentIntent could not be captured because it has a status of ${payment.status}.`, 'payment_intent_unexpected_state');
        }
        const captured = amount ?? payment.amount;
        if (captured > payment.amount) throw new CardError('Cannot capture more than was authorised', 'amount_too_large');
        payment.status = 'succeeded';
        payment.amountReceived = captured;
        payment.captureKey = idempotencyKey;
        return publicIntent(payment);
      }),

    cancel: (paymentIntentId) =>
      changeIntent(paymentIntentId, (payment) => {
        if (payment.status === 'succeeded') throw new CardError('A captured payment cannot be canceled; refund it', 'unexpected_state');
        payment.status = 'canceled';
        return publicIntent(payment);
      }),

    refund: (paymentIntentId, amount, idempotencyKey) =>
      changeIntent(paymentIntentId, async (payment, tx) => {
        // Under the intent's lock: a second refund with the same key waits, then finds the first.
        const earlier = await findByKey<Refund>('refund', idempotencyKey, tx);
        if (earlier) {
          // As Stripe answers a key reused with other parameters.
          if (earlier.paymentIntentId !== paymentIntentId || earlier.amount !== amount) {
            throw new CardError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_error');
          }
          return earlier;
        }
        if (payment.status !== 'succeeded') throw new CardError('Only a captured payment can be refunded', 'unexpected_state');
        const refundable = (payment.amountReceived ?? 0) - (payment.amountRefunded ?? 0);
        if (!Number.isInteger(amount) || amount <= 0 || amount > refundable)
          throw new CardError(`Cannot refund ${amount} cents of ${refundable} refundable`, 'amount_too_large');
        payment.amountRefunded = (payment.amountRefunded ?? 0) + amount;
        const refund: Refund = { id: id('re'), paymentIntentId, amount, status: 'succeeded' };
        await insert('refund', refund.id, refund, idempotencyKey, tx);
        return refund;
      }),

    async detachCard(paymentMethodId) {
      let card: CardDetails;
      try {
        card = await cardFor(paymentMethodId);
      } catch (error) {
        // Unknown to the provider, or detached already: nothing left to do.
        if (error instanceof CardError) return;
        throw error;
      }
      if (!(await insert('card', paymentMethodId, { ...card, detached: true }))) {
        await db
          .update(sandboxPaymentObjects)
          .set({ data: { ...card, detached: true } })
          .where(eq(sandboxPaymentObjects.id, paymentMethodId));
      }
    },

    async ledger() {
      const rows = await db
        .select({ data: sandboxPaymentObjects.data })
        .from(sandboxPaymentObjects)
        .where(eq(sandboxPaymentObjects.kind, 'paymentIntent'))
        .orderBy(asc(sandboxPaymentObjects.objectId));
      return rows.map((row) => publicIntent(row.data as StoredPaymentIntent));
    },
  };
}

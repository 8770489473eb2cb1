/**
 * Card form in Stripe mode: Elements collects the card, so card numbers never reach our server. Loaded only then.
 * Stripe's one card element holds number, expiry and CVC, so a refusal that blames one of them shows under the
 * element, and one that is the card's (declined, failed authentication) above the buttons (issue #25).
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import { prepareBotCheck } from '../bot-check-retry.ts';
import { isFailure } from '../api.ts';
import { authenticationFailedMessage, type CardErrorPlace, cardErrorPlace, declineCodeOf, setupCard, setupFailedMessage } from './card-setup.ts';
import { CardFormButtons } from './CardFormButtons.tsx';

type Props = { publishableKey: string; onSaved: () => void; onCancel?: () => void };

const stripes = new Map<string, Promise<Stripe | null>>();
export function stripeFor(key: string) {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key) as Promise<Stripe | null>;
}

function Form({ onSaved, onCancel }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ place: CardErrorPlace; message: string } | null>(null);
  // Saving needs a solved bot check: solve it while the card is typed.
  useEffect(prepareBotCheck, []);
  const fail = (message?: string, fallback = setupFailedMessage, code?: unknown) => {
    setBusy(false);
    setError({ place: cardErrorPlace(code), message: message || fallback });
  };
  const fieldError = error && error.place !== 'card' ? error.message : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setError(null);
    setBusy(true);
    const created = await stripe.createPaymentMethod({ type: 'card', card });
    if (created.error || !created.paymentMethod) return fail(created.error?.message, setupFailedMessage, created.error?.code);
    const methodId = created.paymentMethod.id;
    const first = await setupCard(methodId);
    if (isFailure(first)) return fail(first.message, setupFailedMessage, declineCodeOf(first.data));
    if (first.setupIntent.status === 'requires_action') {
      const authenticated = await stripe.handleNextAction({ clientSecret: first.setupIntent.client_secret });
      if (authenticated.error) return fail(authenticated.error.message, authenticationFailedMessage);
      const second = await setupCard(methodId, first.setupIntent.id);
      if (isFailure(second) || second.setupIntent.status !== 'succeeded')
        return fail(isFailure(second) ? second.message : undefined, setupFailedMessage, isFailure(second) ? declineCodeOf(second.data) : undefined);
    } else if (first.setupIntent.status !== 'succeeded') {
      return fail();
    }
    setBusy(false);
    onSaved();
  };
  return (
    <form className="card-form" onSubmit={submit} aria-busy={busy}>
      <div className="field">
        <span className="label">Card</span>
        <div className="input stripe-card" aria-invalid={fieldError ? true : undefined}>
          <CardElement options={{ hidePostalCode: true }} onChange={() => setError(null)} />
        </div>
        <span className="field-error" aria-live="polite">
          {fieldError}
        </span>
      </div>
      {error?.place === 'card' && (
        <p className="step-error card-form-error" role="alert">
          {error.message}
        </p>
      )}
      <CardFormButtons busy={busy} disabled={!stripe} onCancel={onCancel} />
    </form>
  );
}

export default function StripeCardForm({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <Form {...props} />
    </Elements>
  );
}

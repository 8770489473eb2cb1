/** Card form in Stripe mode: Elements collects the card, so card numbers never reach our server. Loaded only then. */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { isFailure } from '../api.ts';
import { showToast } from '../toasts.ts';
import { authenticationFailedMessage, setupCard, setupFailedMessage } from './card-setup.ts';
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
  const fail = (message?: string, fallback = setupFailedMessage) => {
    setBusy(false);
    showToast(message || fallback, 'warning');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    const created = await stripe.createPaymentMethod({ type: 'card', card });
    if (created.error || !created.paymentMethod) return fail(created.error?.message);
    const methodId = created.paymentMethod.id;
    const first = await setupCard(methodId);
    if (isFailure(first)) return fail(first.message);
    if (first.setupIntent.status === 'requires_action') {
      const authenticated = await stripe.handleNextAction({ clientSecret: first.setupIntent.client_secret });
      if (authenticated.error) return fail(authenticated.error.message, authenticationFailedMessage);
      const second = await setupCard(methodId, first.setupIntent.id);
      if (isFailure(second) || second.setupIntent.status !== 'succeeded') return fail(isFailure(second) ? second.message : undefined);
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
        <div className="input stripe-card">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </div>
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

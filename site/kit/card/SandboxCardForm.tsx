/**
 * The local card form that replaces Stripe.js in sandbox mode. Only brand, last 4 and expiry are kept. A refusal is
 * shown in the form: under the field at fault (number, expiry, CVC), or above the buttons when it is the card's
 * (declined, failed authentication); the buyer sees it where they type the fix (issue #25).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { prepareBotCheck } from '../bot-check-retry.ts';
import { isFailure } from '../api.ts';
import { apiClient } from '../api-client.ts';
import { TextField } from '../Field.tsx';
import AuthDialog from './AuthDialog.tsx';
import { authenticationFailedMessage, type CardErrorPlace, cardErrorPlace, declineCodeOf, setupCard, setupFailedMessage } from './card-setup.ts';
import { CardFormButtons } from './CardFormButtons.tsx';

type Props = { onSaved: () => void; onCancel?: () => void };

function formatNumber(value: string) {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export default function SandboxCardForm({ onSaved, onCancel }: Props) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ methodId: string; intentId: string } | null>(null);
  const [error, setError] = useState<{ place: CardErrorPlace; message: string } | null>(null);
  const errorAt = (place: CardErrorPlace) => (error?.place === place ? error.message : null);
  // Saving needs a solved bot check: solve it while the card is typed.
  useEffect(prepareBotCheck, []);

  const fail = (message?: string, fallback = setupFailedMessage, code?: unknown) => {
    setBusy(false);
    setError({ place: cardErrorPlace(code), message: message || fallback });
  };

  /** A change to a field clears the message it was blamed for, or the card's. */
  const edited = (place: CardErrorPlace) => setError((current) => (current && (current.place === place || current.place === 'card') ? null : current));

  const finish = async (methodId: string, intentId?: string, fallback = setupFailedMessage) => {
    const answer = await setupCard(methodId, intentId);
    if (isFailure(answer)) return fail(answer.message, fallback, declineCodeOf(answer.data));
    if (answer.setupIntent.status === 'requires_action') {
      setPending({ methodId, intentId: answer.setupIntent.id });
      return;
    }
    if (answer.setupIntent.status !== 'succeeded') return fail(undefined, fallback);
    setBusy(false);
    onSaved();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
    setError(null);
    setBusy(true);
    const method = await apiClient.POST('/paymentMethods/sandboxCard', {
      body: { number, expMonth: month || 0, expYear: year || 0, cvc },
      toast: false,
    });
    if (isFailure(method)) return fail(method.message, setupFailedMessage, declineCodeOf(method.data));
    await finish(method.id);
  };

  const answerAuthentication = async (outcome: 'complete' | 'fail') => {
    const waiting = pending;
    setPending(null);
    if (!waiting) return;
    const answer = await apiClient.POST('/paymentMethods/sandboxAuthenticate', { body: { intentId: waiting.intentId, outcome }, toast: false });
    if (isFailure(answer)) return fail(answer.message, authenticationFailedMessage);
    await finish(waiting.methodId, waiting.intentId, authenticationFailedMessage);
  };

  return (
    <form className="card-form" onSubmit={submit} aria-busy={busy}>
      <p className="sandbox-note">
        Sandbox card form: try 4242 4242 4242 4242, 4000 0025 0000 3155 (needs authentication), 4000 0000 0000 0002 (declined) or 4000 0000 0000 0069 (expired).
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        error={errorAt('number')}
        onChange={(e) => {
          setNumber(formatNumber(e.target.value));
          edited('number');
        }}
        required
      />
      <div className="form-row">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          error={errorAt('expiry')}
          onChange={(e) => {
            setExpiry(formatExpiry(e.target.value));
            edited('expiry');
          }}
          required
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          error={errorAt('cvc')}
          onChange={(e) => {
            setCvc(e.target.value.replace(/\D/g, ''));
            edited('cvc');
          }}
          required
        />
      </div>
      {error?.place === 'card' && (
        <p className="step-error card-form-error" role="alert">
          {error.message}
        </p>
      )}
      <CardFormButtons busy={busy} onCancel={onCancel} />
      <AuthDialog open={pending != null} what="card" onAnswer={answerAuthentication} />
    </form>
  );
}

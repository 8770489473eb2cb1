/** The local card form that replaces Stripe.js in sandbox mode. Only brand, last 4 and expiry are kept. */
import { type FormEvent, useId, useState } from 'react';
import { api, isFailure } from '../api.ts';
import { showToast } from '../toasts.ts';
import AuthDialog from './AuthDialog.tsx';
import { authenticationFailedMessage, setupCard, setupFailedMessage } from './card-setup.ts';
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
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ methodId: string; intentId: string } | null>(null);

  const fail = (message?: string, fallback = setupFailedMessage) => {
    setBusy(false);
    showToast(message || fallback, 'warning');
  };

  const finish = async (methodId: string, intentId?: string, fallback = setupFailedMessage) => {
    const answer = await setupCard(methodId, intentId);
    if (isFailure(answer)) return fail(answer.message, fallback);
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
    setBusy(true);
    const method = await api<{ id: string }>('/paymentMethods/sandboxCard', {
      method: 'POST',
      body: { number, expMonth: month || 0, expYear: year || 0, cvc },
      toast: false,
    });
    if (isFailure(method)) return fail(method.message);
    await finish(method.id);
  };

  const answerAuthentication = async (outcome: 'complete' | 'fail') => {
    const waiting = pending;
    setPending(null);
    if (!waiting) return;
    const answer = await api('/paymentMethods/sandboxAuthenticate', { method: 'POST', body: { intentId: waiting.intentId, outcome }, toast: false });
    if (isFailure(answer)) return fail(answer.message, authenticationFailedMessage);
    await finish(waiting.methodId, waiting.intentId, authenticationFailedMessage);
  };

  return (
    <form className="card-form" onSubmit={submit} aria-busy={busy}>
      <p className="sandbox-note">
        Sandbox card form: try 4242 4242 4242 4242, 4000 0025 0000 3155 (needs authentication) or 4000 0000 0000 0002 (declined).
      </p>
      <div className="field">
        <label htmlFor={`${id}-number`}>Card number</label>
        <input
          id={`${id}-number`}
          className="input"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(e) => setNumber(formatNumber(e.target.value))}
          required
        />
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-exp`}>Expiry (MM / YY)</label>
          <input
            id={`${id}-exp`}
            className="input"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>CVC</label>
          <input
            id={`${id}-cvc`}
            className="input"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
            required
          />
        </div>
      </div>
      <CardFormButtons busy={busy} onCancel={onCancel} />
      <AuthDialog open={pending != null} what="card" onAnswer={answerAuthentication} />
    </form>
  );
}

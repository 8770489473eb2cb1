/** The order summary's "Promo code" field: apply a code, see what it takes off or why it does not apply, remove it. */
import { type FormEvent, useId, useState } from 'react';
import { formatMoney } from '../../../api/contract/money.ts';
import { applyPromoCode, type CartSummary } from '../../stores/cart.ts';

export default function PromoCodeField({ cart }: { cart: CartSummary }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const promo = cart.$promo;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError('Enter a promo code');
      return;
    }
    setBusy(true);
    const refusal = await applyPromoCode(code.trim());
    setBusy(false);
    setError(refusal);
    if (!refusal) setCode('');
  };

  const remove = async () => {
    setBusy(true);
    setError(await applyPromoCode(null));
    setBusy(false);
  };

  if (promo) {
    return (
      <div className="promo-applied" aria-busy={busy}>
        <div className="promo-applied-head">
          <span className="promo-code-chip">{promo.code}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={remove} disabled={busy} aria-label={`Remove promo code ${promo.code}`}>
            Remove
          </button>
        </div>
        {promo.error ? (
          <p className="field-error promo-message" role="alert">
            {promo.error}
          </p>
        ) : (
          <p className="promo-message">
            {promo.description}
            {promo.discount > 0 && <> — you save {formatMoney(promo.discount)}</>}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="promo-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`}>Promo code</label>
      <div className="promo-row">
        <input
          id={`${id}-code`}
          className="input"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
      <span id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </span>
    </form>
  );
}

/** /transfer in three steps: enter names, see eligibility, add optional auth codes and check out. */
import { DomainName } from '@kit/DomainName.tsx';
import { useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useTypedValue } from '../../lib/use-typed-value.ts';
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import PricesForLine, { usePricesFor } from '../prices/PricesFor.tsx';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { prepareBotCheck, solveBotCheck } from '../../lib/bot-check-retry.ts';
import { showToast } from '@kit/toasts.ts';
import { addCartItems } from '../../stores/cart.ts';
import { headline, reasonText, splitDomains, type TransferResult } from './transfer-text.ts';
import './transfer.css';

type Step = 1 | 2 | 3;

export default function TransferFlow() {
  const hydrated = useHydrated();
  // A transfer's price with VAT in it where the visitor's country expects that, as the cart will show it.
  const pricesFor = usePricesFor();
  const [step, setStep] = useState<Step>(1);
  const [input, setInput] = useTypedValue('transfer-domains');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<TransferResult[]>([]);
  const [codes, setCodes] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);

  const focusHeading = () => setTimeout(() => heading.current?.focus(), 0);
  const reset = (clear: boolean) => {
    setStep(1);
    setResults([]);
    setCodes({});
    setError('');
    if (clear) setInput('');
  };

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    const domains = splitDomains(input);
    if (domains.length === 0) {
      setError('No domains entered');
      return;
    }
    setError('');
    setBusy(true);
    const token = await solveBotCheck();
    const answer = token ? await apiClient.POST('/domainTransferCheck', { params: { query: { token } }, body: { domains } }) : null;
    setBusy(false);
    if (!answer || isFailure(answer)) {
      if (!answer) showToast('Human verification failed. Please try again.', 'error');
      setStep(1);
      return;
    }
    setResults(answer.domains);
    setStep(2);
    focusHeading();
  };

  const eligible = results.filter((r) => r.ok);

  const checkOut = async () => {
    setBusy(true);
    const added = await addCartItems(
      eligible.map((r) => ({
        type: 'domain',
        domain: r.domain,
        domainType: 'transfer',
        authCode: codes[r.domain]?.trim() || undefined,
        price: r.transferPrice ?? undefined,
      })),
    );
    if (isFailure(added)) {
      setBusy(false);
      return;
    }
    window.location.assign('/cart');
  };

  return (
    <div className="transfer-flow">
      <ol className="transfer-steps" aria-label="Transfer steps">
        {['Enter domains', 'Check eligibility', 'Authorization codes'].map((label, i) => (
          <li key={label} className={step === i + 1 ? 'is-current' : step > i + 1 ? 'is-done' : ''} aria-current={step === i + 1 ? 'step' : undefined}>
            <span className="step-number">{i + 1}</span> {label}
          </li>
        ))}
      </ol>

      {step === 1 && (
        <form className="card transfer-card" onSubmit={check} noValidate>
          <div className="field">
            <label htmlFor="transfer-domains">Domains to transfer</label>
            <textarea
              id="transfer-domains"
              className="textarea"
              rows={5}
              placeholder={'mybusiness.com\nmybrand.net'}
              value={input}
              aria-invalid={error ? true : undefined}
              aria-describedby="transfer-domains-hint"
              onFocus={prepareBotCheck}
              onChange={(e) => setInput(e.target.value)}
            />
            <span id="transfer-domains-hint" className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
              {error || 'One or several names, separated by new lines, tabs, commas or spaces.'}
            </span>
          </div>
          <button type="submit" className="btn btn-spot" disabled={busy || !hydrated}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {busy ? 'Checking…' : 'Check Transfer'}
          </button>
        </form>
      )}

      {step === 2 && (
        <section className="card transfer-card" aria-labelledby="transfer-results-title">
          <h2 id="transfer-results-title" ref={heading} tabIndex={-1} aria-live="polite">
            {headline(results)}
          </h2>
          <ul className="transfer-results">
            {results.map((r) => (
              <li key={r.domain} className={r.ok ? 'is-ok' : 'is-not-ok'}>
                <span className="transfer-icon" aria-hidden="true">
                  {r.ok ? '✓' : '✕'}
                </span>
                <div>
                  <strong className="transfer-domain">
                    <DomainName name={r.domain} />
                  </strong>
                  {r.ok ? (
                    <span className="transfer-detail">
                      {r.premium ? 'Premium transfer' : 'Transfer'} {r.transferPrice != null ? formatMoney(shownPrice(r.transferPrice, pricesFor)) : ''} · adds
                      1 year
                      {r.registrarName ? ` · now at ${r.registrarName}` : ''}
                    </span>
                  ) : (
                    <span className="transfer-detail">{reasonText(r.reason)}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {eligible.length > 0 && <PricesForLine />}
          <div className="button-row">
            {eligible.length > 0 && (
              <button
                type="button"
                className="btn btn-spot"
                onClick={() => {
                  setStep(3);
                  focusHeading();
                }}
              >
                Continue
              </button>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => reset(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => reset(true)}>
              Start Over
            </button>
          </div>
        </section>
      )}

      {step === 3 && (
        <section className="card transfer-card" aria-labelledby="transfer-codes-title">
          <h2 id="transfer-codes-title" ref={heading} tabIndex={-1}>
            Authorization codes
          </h2>
          <p className="muted">Your current registrar gives you an authorization (EPP) code. It is optional now: you can add it later in your account.</p>
          {eligible.map((r) => (
            <div className="field" key={r.domain}>
              <label htmlFor={`auth-${r.domain}`}>Authorization code for {r.domain} (optional)</label>
              <input
                id={`auth-${r.domain}`}
                className="input"
                autoComplete="off"
                value={codes[r.domain] ?? ''}
                onChange={(e) => setCodes((c) => ({ ...c, [r.domain]: e.target.value }))}
              />
            </div>
          ))}
          <div className="button-row">
            <button type="button" className="btn btn-spot" onClick={checkOut} disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              Check Out
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => reset(false)} disabled={busy}>
              Go Back
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * WHOIS lookup (public-pages spec §2, §7, §8): a required domain input, a spinner while the request runs, then
 * 'Whois output for <name>' with the raw text, or the not-found message (which depends on whether the input has
 * a dot). The bot-check token is fetched at submit; without one nothing happens.
 */
import { useEffect, useRef, useState } from 'react';
import { useTypedValue } from '../../lib/use-typed-value.ts';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { getBotToken } from '../../lib/bot-check.ts';

type Messages = { notFound: string; noTld: string };
type Props = { inputLabel: string; placeholder: string; buttonLabel: string; resultHeading: string; messages: Messages };
type State = { phase: 'idle' } | { phase: 'loading' } | { phase: 'result'; name: string; whois: string } | { phase: 'error'; message: string };

export default function WhoisLookup({ inputLabel, placeholder, buttonLabel, resultHeading, messages }: Props) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const inputId = 'whois-domain';
  const [name, setName] = useTypedValue(inputId);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const prefill = new URLSearchParams(window.location.search).get('domain');
    if (prefill) setName(prefill);
  }, []);

  useEffect(() => {
    if (state.phase === 'result') resultRef.current?.focus();
  }, [state]);

  async function lookup(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const domain = name.trim();
    if (!domain || state.phase === 'loading') return;
    const previous = state;
    setState({ phase: 'loading' });
    const token = await getBotToken();
    if (!token) {
      // Bot check unavailable: nothing happens for the visitor (spec §8).
      setState(previous);
      return;
    }
    const notFound = domain.includes('.') ? messages.notFound : messages.noTld;
    const answer = await apiClient.GET('/whois/{domain}', { params: { path: { domain }, query: { nonAuthoritative: 'true', token } }, toast: false });
    if (!isFailure(answer) && answer?.whois) return setState({ phase: 'result', name: domain, whois: answer.whois });
    // A rate-limit answer says when to try again, which the visitor needs more than "not found".
    if (isFailure(answer) && answer.status === 429 && answer.name) return setState({ phase: 'error', message: answer.message });
    setState({ phase: 'error', message: notFound });
  }

  const loading = state.phase === 'loading';
  return (
    <div className="whois-lookup">
      <form className="whois-form" onSubmit={lookup} aria-busy={loading}>
        <div className="field">
          <label htmlFor={inputId}>{inputLabel}</label>
          <input
            id={inputId}
            className="input"
            name="domain"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
            placeholder={placeholder}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button className="btn btn-primary" type="submit" disabled={loading}>
          {loading ? (
            <>
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Looking up…</span>
            </>
          ) : (
            buttonLabel
          )}
        </button>
      </form>
      <div aria-live="polite">
        {loading && <p className="visually-hidden">Looking up {name.trim()}</p>}
        {state.phase === 'error' && (
          <div className="notice notice-error" role="alert">
            <p>{state.message}</p>
          </div>
        )}
        {state.phase === 'result' && (
          <div className="whois-result">
            <h2 ref={resultRef} tabIndex={-1}>
              {resultHeading} {state.name}
            </h2>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the output scrolls sideways, so keyboard users must be able to focus it. */}
            <div className="whois-output" role="region" tabIndex={0} aria-label={`WHOIS record for ${state.name}`}>
              <pre>{state.whois}</pre>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The "Prices for Netherlands, incl. 21% VAT · Change" line above search results and the price table: which country
 * the prices are for, what tax they hold, and a country picker (its list loads when opened). A signed-in customer's
 * prices follow their billing address, so they get no picker.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { $pricesFor, choosePricesCountry, describePricesFor, type PricesFor, pricesCountry } from '../../stores/prices-for.ts';
import './prices-for.css';

type CountryOption = { code: string; name: string };

/** The prices country once the island runs: the server's HTML (and so the first render) shows net prices. */
export function usePricesFor(): PricesFor | null {
  const pricesFor = useStore($pricesFor);
  return useHydrated() ? pricesFor : null;
}

export default function PricesForLine() {
  const pricesFor = usePricesFor();
  // The picker works once the island runs: the server's HTML shows the sentence alone.
  const hydrated = useHydrated();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [countries, setCountries] = useState<CountryOption[] | null>(null);
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const changeButton = useRef<HTMLButtonElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) select.current?.focus();
    else if (returnFocus.current) changeButton.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  const open = () => {
    setPicked(pricesCountry() ?? 'US');
    setProblem('');
    setEditing(true);
    if (!countries) void import('../../../api/contract/countries.ts').then(({ countryOptions }) => setCountries(countryOptions));
  };
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const known = await choosePricesCountry(picked);
    setBusy(false);
    if (known) close();
    else setProblem('Prices for that country could not be loaded. Please try again.');
  };

  const { place, tax } = describePricesFor(pricesFor);
  const canChange = hydrated && pricesFor?.source !== 'account';
  return (
    <div className="prices-for" data-testid="prices-for">
      {editing ? (
        <form className="prices-for-form" onSubmit={apply} onKeyDown={(event) => event.key === 'Escape' && close()}>
          <label htmlFor={`${id}-country`}>Show prices for</label>
          <select
            id={`${id}-country`}
            ref={select}
            className="select"
            value={picked}
            autoComplete="country"
            onChange={(event) => setPicked(event.target.value)}
          >
            {(countries ?? [{ code: picked, name: place ?? picked }]).map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !countries}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null} Show prices
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
            Cancel
          </button>
          {problem && (
            <p className="field-error prices-for-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <p className="prices-for-line">
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
          </svg>
          <span>
            <span aria-live="polite" data-testid="prices-for-text">
              {place ? (
                <>
                  Prices for <strong>{place}</strong>
                  {pricesFor?.source === 'account' ? ' (your billing address)' : ''}, {tax}
                </>
              ) : (
                tax
              )}
            </span>
            {canChange && (
              <>
                {' '}
                <button ref={changeButton} type="button" className="prices-for-change" onClick={open}>
                  {place ? 'Change' : 'Choose your country'}
                  {place && <span className="visually-hidden"> the country prices are shown for</span>}
                </button>
              </>
            )}
          </span>
        </p>
      )}
    </div>
  );
}

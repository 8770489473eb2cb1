/** The /search island: the search box (debounced 1000 ms), the socket conversation, and the idle/pending/results states. */
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTypedValue } from '../../lib/use-typed-value.ts';
import type { DomainSearchResult, PremiumPage, SearchMoreReply, SearchSession } from '../../../api/contract/search/domain-search.ts';
import { searchDebounceMs } from '../../../api/contract/search/domain-search.ts';
import { minLabelLength, normaliseDomainInput } from '../../../api/contract/domain-name.ts';
import { prepareBotCheck, solveBotCheck } from '../../lib/bot-check-retry.ts';
import { createSearchSocket, type SearchSocket, SocketReplyError } from './search-socket.ts';
import PricesForLine, { usePricesFor } from '../prices/PricesFor.tsx';
import { SearchResults } from './SearchResults.tsx';
import './search.css';

type Copy = { heading: string; subheading: string; label: string; placeholder: string; transferLabel: string; transferHref: string };
type Phase = 'idle' | 'pending' | 'results';

/** Bot-check tokens are solved ahead of time so a search does not wait for the proof of work. */

export default function SearchApp({ copy }: { copy: Copy }) {
  const [query, setQuery] = useTypedValue('domain-search');
  const [phase, setPhase] = useState<Phase>('idle');
  const [session, setSession] = useState<SearchSession | null>(null);
  const [results, setResults] = useState<ReadonlyMap<string, DomainSearchResult>>(new Map());
  const [done, setDone] = useState(false);
  /** Names of the current search asked to be checked: its first screen, then rows and categories the visitor reached. */
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const socketRef = useRef<SearchSocket | null>(null);
  const sequence = useRef(0);
  const currentUuid = useRef<string | null>(null);
  const lastSearch = useRef<string | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const doneRef = useRef(false);
  doneRef.current = done;

  // Each search takes the token solved while the visitor typed and starts solving the next one.
  const takeToken = useCallback(async () => {
    const value = await solveBotCheck();
    prepareBotCheck();
    return value;
  }, []);

  const socket = useCallback(() => {
    socketRef.current ??= createSearchSocket();
    return socketRef.current;
  }, []);

  const reset = useCallback(() => {
    sequence.current++;
    currentUuid.current = null;
    lastSearch.current = null;
    if (debounce.current) clearTimeout(debounce.current);
    setSession(null);
    setResults(new Map());
    setRequested(new Set());
    setDone(false);
    setError(null);
  }, []);

  const run = useCallback(
    async (text: string) => {
      if (debounce.current) clearTimeout(debounce.current);
      const name = normaliseDomainInput(text);
      if (!name.ok) return;
      const mine = ++sequence.current;
      lastSearch.current = text;
      setPhase('pending');
      setError(null);
      setAnnouncement(`Searching for ${name.unicode}`);
      const url = new URL(location.href);
      url.searchParams.set('q', text.trim());
      history.replaceState(null, '', url);
      const value = await takeToken();
      if (mine !== sequence.current) return;
      if (!value) {
        setPhase('idle');
        setError('Human verification is unavailable right now. Please try again.');
        return;
      }
      try {
        const answer = await socket().request<SearchSession>('domainSearch', { search: text, token: value });
        if (mine !== sequence.current) return;
        currentUuid.current = answer.uuid;
        setSession(answer);
        setResults(new Map());
        setRequested(new Set(answer.firstScreen));
        setDone(false);
        setPhase('results');
      } catch (failure) {
        if (mine !== sequence.current) return;
        // A dropped connection re-runs the search when the socket is back (onReconnect).
        if (failure instanceof SocketReplyError && failure.code === 0) return;
        setPhase('idle');
        setError((failure as Error).message);
        setAnnouncement((failure as Error).message);
      }
    },
    [socket, takeToken],
  );

  // Results arrive as events; late ones from a replaced search are ignored.
  useEffect(() => {
    const s = socket();
    s.onResults((data) => {
      if (data.uuid !== currentUuid.current) return;
      if (data.error) {
        currentUuid.current = null;
        setSession(null);
        setPhase('idle');
        setError(data.error.message);
        setAnnouncement(data.error.message);
        return;
      }
      setResults((previous) => {
        const next = new Map(previous);
        for (const r of data.results) next.set(r.domain, r);
        return next;
      });
      setDone(data.done);
    });
    s.onReconnect(() => {
      if (lastSearch.current && (currentUuid.current === null || !doneRef.current)) void run(lastSearch.current);
    });
    const initial = new URLSearchParams(location.search).get('q');
    if (initial) {
      setQuery(initial);
      void run(initial);
    }
    return () => s.close();
  }, [socket, run]);

  // Announce the exact match as soon as it is known, and again with a count when the stream ends.
  const pricesFor = usePricesFor();
  const exact = session ? results.get(session.exact) : undefined;
  const price = (cents: number) => formatMoney(shownPrice(cents, pricesFor));
  const renewal = exact && exact.renewPrice !== exact.newPrice ? ` the first year, then ${price(exact.renewPrice)} a year` : ' per year';
  const exactText = exact ? `${exact.unicode ?? exact.domain} ${exact.available ? `is available for ${price(exact.newPrice)}${renewal}` : 'is taken'}.` : '';
  useEffect(() => {
    if (exactText) setAnnouncement(exactText);
  }, [exactText]);
  useEffect(() => {
    if (done && session) {
      const available = [...results.values()].filter((r) => r.available).length;
      setAnnouncement(`${exactText} Search complete: ${available} names available.`.trim());
    }
  }, [done, session, results, exactText]);

  const onChange = (value: string) => {
    setQuery(value);
    reset();
    if (!value.trim()) {
      setPhase('idle');
      setAnnouncement('');
      const url = new URL(location.href);
      url.searchParams.delete('q');
      history.replaceState(null, '', url);
      return;
    }
    prepareBotCheck();
    const name = normaliseDomainInput(value);
    if (!name.ok) {
      setPhase('idle');
      return;
    }
    setPhase('pending');
    debounce.current = setTimeout(() => void run(value), searchDebounceMs);
  };

  const loadMorePremium = useCallback(
    async (skip: number): Promise<PremiumPage | null> => {
      if (!session) return null;
      try {
        return await socket().request<PremiumPage>('domainSearchPremium', { uuid: session.uuid, skip });
      } catch {
        return null;
      }
    },
    [session, socket],
  );

  /** The visitor reached names not checked yet: a few rows on screen (`domains`), or a whole category (`category`). */
  const checkMore = useCallback(
    (names: readonly string[], ask: { domains: readonly string[] } | { category: string }) => {
      if (!session) return;
      setRequested((previous) => {
        const next = new Set(previous);
        for (const domain of names) next.add(domain);
        return next;
      });
      // Not done until these answer: a socket dropped meanwhile re-runs the search (onReconnect) so none stays unresolved.
      setDone(false);
      socket()
        .request<SearchMoreReply>('domainSearchMore', { uuid: session.uuid, ...ask })
        .catch(() => {});
    },
    [session, socket],
  );

  const name = query.trim() ? normaliseDomainInput(query) : null;
  const hint =
    name && !name.ok
      ? name.message === `The name must have at least ${minLabelLength} characters`
        ? `Type at least ${minLabelLength} characters to search.`
        : name.message
      : null;

  return (
    <>
      <section className="page-hero search-hero">
        <div className="container">
          <h1>{copy.heading}</h1>
          <p>{copy.subheading}</p>
          <form
            className="sr-form"
            role="search"
            action="/search"
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              void run(query);
            }}
          >
            <label htmlFor="domain-search" className="visually-hidden">
              {copy.label}
            </label>
            <div className="search-field">
              <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-4-4" />
              </svg>
              <input
                id="domain-search"
                name="q"
                type="search"
                className="sr-input"
                placeholder={copy.placeholder}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={query}
                onChange={(event) => onChange(event.target.value)}
                onFocus={prepareBotCheck}
                aria-describedby="search-hint"
                aria-invalid={hint && name && !name.ok && !hint.startsWith('Type at least') ? true : undefined}
              />
              <button className="btn btn-spot search-submit" type="submit">
                Search
              </button>
            </div>
            <p id="search-hint" className="search-hint">
              {hint ?? 'Try a name, a few words, or a full domain like mybakery.shop'}
            </p>
          </form>
          <a className="search-transfer" href={copy.transferHref}>
            {copy.transferLabel} <span aria-hidden="true">→</span>
          </a>
        </div>
      </section>
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      {(phase !== 'idle' || error) && (
        <section className="search-results-section" aria-label="Search results">
          <div className="container">
            {error && (
              <p className="sr-error" role="alert">
                {error}
              </p>
            )}
            {phase === 'pending' && (
              <div className="sr-pending">
                <span className="spinner" aria-hidden="true" /> Searching…
              </div>
            )}
            {phase === 'results' && session && <PricesForLine />}
            {phase === 'results' && session && (
              <SearchResults session={session} results={results} done={done} requested={requested} checkMore={checkMore} loadMorePremium={loadMorePremium} />
            )}
          </div>
        </section>
      )}
    </>
  );
}

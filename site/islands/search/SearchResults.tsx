/** Search results: exact match, featured picks, premium picks with show more, and results by category. */
import { DomainName } from '@kit/DomainName.tsx';
import { useEffect, useId, useMemo, useState } from 'react';
import type { DomainSearchResult, PremiumPage, SearchSession } from '../../../api/contract/search/domain-search.ts';
import { collapsedRows, defaultCategories, featuredCount, premiumPageSize } from '../../../api/contract/search/domain-search.ts';
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { usePricesFor } from '../prices/PricesFor.tsx';
import { AddToCartButton } from './AddToCartButton.tsx';

type Results = ReadonlyMap<string, DomainSearchResult>;

const nameOf = (result: DomainSearchResult) => result.unicode ?? result.domain;
/** Asks for names the visitor reached: a few rows on screen, or a whole category. */
type CheckMore = (names: readonly string[], ask: { domains: readonly string[] } | { category: string }) => void;

function Checking({ domain, wide = false }: { domain: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sr-exact is-checking' : 'sr-row is-checking'}>
      <span className="sr-domain">
        <DomainName name={domain} />
      </span>
      <span className="sr-status sr-muted">
        <span className="spinner" aria-hidden="true" /> Checking…
      </span>
    </div>
  );
}

/** The first year's price and, beside it, what every later year costs (premium names included), so nobody is surprised at renewal. */
function Price({ result }: { result: DomainSearchResult }) {
  // With VAT in it where the visitor's country expects that, as their cart will show it.
  const pricesFor = usePricesFor();
  const differs = result.renewPrice !== result.newPrice;
  return (
    <span className="sr-price">
      <span className="sr-first">
        <strong>{formatMoney(shownPrice(result.newPrice, pricesFor))}</strong>
        <span className="sr-per">{differs ? ' first year' : '/yr'}</span>
      </span>
      <span className="sr-renew">{differs ? `renews at ${formatMoney(shownPrice(result.renewPrice, pricesFor))}/yr` : 'same price to renew'}</span>
    </span>
  );
}

function Row({ result }: { result: DomainSearchResult }) {
  const name = nameOf(result);
  const nameId = useId();
  if (result.unknown || result.notHere) {
    return (
      <li className="sr-row is-taken">
        <span className="sr-domain">
          <DomainName name={name} />
        </span>
        <span className="sr-status">
          <span className="badge">{result.unknown ? 'Unknown, try again' : 'Not available here'}</span>
        </span>
      </li>
    );
  }
  if (!result.available) {
    return (
      <li className="sr-row is-taken">
        <span className="sr-domain">
          <DomainName name={name} />
        </span>
        <span className="sr-status">
          <span className="badge">Taken</span>
          <a className="sr-whois" href={`/whois?domain=${encodeURIComponent(result.domain)}`} aria-label={`WHOIS lookup for ${name}`}>
            WHOIS
          </a>
        </span>
      </li>
    );
  }
  return (
    <li className="sr-row">
      <span className="sr-domain" id={nameId}>
        <DomainName name={name} />
        {result.isPremium && <span className="badge badge-warning">Premium</span>}
      </span>
      <span className="sr-status">
        <Price result={result} />
        <AddToCartButton result={result} nameId={nameId} />
      </span>
    </li>
  );
}

function ExactMatch({ session, result, done }: { session: SearchSession; result: DomainSearchResult | undefined; done: boolean }) {
  const nameId = useId();
  const display = session.displaySearch.includes('.') ? session.displaySearch : `${session.displaySearch}.${session.exact.split('.').slice(1).join('.')}`;
  if ((!result && done) || result?.unknown || result?.notHere) {
    return (
      <div className="sr-exact">
        <div>
          <p className="sr-eyebrow">Exact match</p>
          <p className="sr-exact-name">
            <DomainName name={display} />
          </p>
          <p className="sr-exact-note">
            {result?.notHere
              ? 'Names in this extension are not available here.'
              : 'The registry did not answer for this name. Please search again in a moment.'}
          </p>
        </div>
      </div>
    );
  }
  if (!result) return <Checking domain={display} wide />;
  const name = nameOf(result);
  if (!result.available) {
    return (
      <div className="sr-exact is-taken">
        <div>
          <p className="sr-eyebrow">Exact match</p>
          <p className="sr-exact-name">
            <DomainName name={name} />
          </p>
          <p className="sr-exact-note">Sorry, {name} is taken. Try one of the names below, or see who owns it.</p>
        </div>
        <div className="sr-exact-actions">
          <a className="btn btn-secondary btn-sm" href={`/whois?domain=${encodeURIComponent(result.domain)}`}>
            WHOIS lookup for {name}
          </a>
          <a className="sr-link" href="/transfer">
            Own it? Transfer it to us
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="sr-exact is-available">
      <div>
        <p className="sr-eyebrow">
          <span aria-hidden="true">✓</span> Exact match · Available{result.isPremium ? ' · Premium' : ''}
        </p>
        <p className="sr-exact-name" id={nameId}>
          <DomainName name={name} />
        </p>
        <p className="sr-exact-note">Free WHOIS privacy, parking and forwarding included.</p>
      </div>
      <div className="sr-exact-actions">
        <Price result={result} />
        <AddToCartButton result={result} nameId={nameId} />
      </div>
    </div>
  );
}

function Card({ result }: { result: DomainSearchResult }) {
  const name = nameOf(result);
  const nameId = useId();
  return (
    <li className="sr-card">
      <span className="sr-card-name" id={nameId}>
        <DomainName name={name} />
      </span>
      <Price result={result} />
      <AddToCartButton result={result} nameId={nameId} />
    </li>
  );
}

function Featured({ session, results }: { session: SearchSession; results: Results }) {
  const candidates = session.domainsByCategory.featured ?? [];
  const resolved = candidates.filter((d) => results.has(d)).length;
  const picks = candidates.map((d) => results.get(d)).filter((r): r is DomainSearchResult => !!r?.categories.includes('featured'));
  const waiting = resolved < candidates.length;
  if (!waiting && picks.length === 0) return null;
  return (
    <section className="sr-block" aria-labelledby="sr-featured">
      <h2 id="sr-featured" className="sr-heading">
        Featured
      </h2>
      <ul className="sr-cards">
        {picks.map((r) => (
          <Card key={r.domain} result={r} />
        ))}
        {waiting &&
          Array.from({ length: featuredCount - picks.length }, (_, i) => (
            <li key={`wait-${i}`} className="sr-card is-checking" aria-hidden="true">
              <span className="sr-skeleton" />
              <span className="sr-skeleton sr-skeleton-short" />
            </li>
          ))}
      </ul>
    </section>
  );
}

function Premium({
  session,
  results,
  done,
  loadMore,
}: {
  session: SearchSession;
  results: Results;
  done: boolean;
  loadMore: (skip: number) => Promise<PremiumPage | null>;
}) {
  const [extra, setExtra] = useState<DomainSearchResult[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const premium = useMemo(() => {
    const rank = new Map(session.domainsByCategory.premium.map((d, i) => [d, i]));
    return [...results.values()].filter((r) => r.available && r.isPremium).sort((a, b) => (rank.get(a.domain) ?? 1e6) - (rank.get(b.domain) ?? 1e6));
  }, [results, session]);
  if (premium.length <= 1) return null;
  const shown = [...premium.slice(0, premiumPageSize)];
  for (const r of extra) if (!shown.some((s) => s.domain === r.domain)) shown.push(r);
  const known = total ?? premium.length;
  const hasMore = shown.length < known || (!done && total === null);
  const more = async () => {
    setLoading(true);
    const page = await loadMore(shown.length);
    setLoading(false);
    if (!page) return;
    setExtra((list) => [...list, ...page.data]);
    setTotal(page.done ? page.total : null);
  };
  return (
    <section className="sr-block" aria-labelledby="sr-premium">
      <h2 id="sr-premium" className="sr-heading">
        Premium domains
      </h2>
      <p className="sr-sub">Short, memorable names the registry prices above standard. The price shown is for the first year.</p>
      <ul className="sr-cards">
        {shown.map((r) => (
          <Card key={r.domain} result={r} />
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="btn btn-ghost btn-sm sr-more" onClick={more} disabled={loading}>
          {loading ? <span className="spinner" aria-hidden="true" /> : null} Show more premium domains
        </button>
      )}
    </section>
  );
}

function CategoryBlock({
  categoryKey,
  label,
  session,
  results,
  requested,
  checkMore,
  onHide,
}: {
  categoryKey: string;
  label: string;
  session: SearchSession;
  results: Results;
  requested: ReadonlySet<string>;
  checkMore: CheckMore;
  onHide: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  // The exact match has its own card above, so category lists leave it out.
  const domains = (session.domainsByCategory[categoryKey] ?? []).filter((d) => d !== session.exact);
  // Available names first, then those being checked, then taken ones, then names not asked for yet; list order otherwise.
  const weight = (d: string) => {
    const r = results.get(d);
    return r ? (r.available ? 0 : 2) : requested.has(d) ? 1 : 3;
  };
  const ordered = [...domains].sort((a, b) => weight(a) - weight(b));
  const visible = expanded ? ordered : ordered.slice(0, collapsedRows);
  // Rows on screen that nobody asked for yet are checked now (they show Checking… until they answer); "Show all"
  // asks for the whole category, behind every visitor's first screen.
  const unasked = visible.filter((d) => !requested.has(d));
  const unaskedKey = unasked.join(' ');
  useEffect(() => {
    if (unasked.length === 0) return;
    if (expanded) checkMore(domains, { category: categoryKey });
    else checkMore(unasked, { domains: unasked });
    // unaskedKey stands for the list: the effect runs when the rows needing a check change, not on every render.
  }, [unaskedKey, expanded]);
  const id = `sr-cat-${categoryKey}`;
  return (
    <section className="sr-block sr-category" aria-labelledby={id}>
      <div className="sr-category-head">
        <h3 id={id} className="sr-heading-sm">
          {label} <span className="sr-count">{domains.length}</span>
        </h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onHide} aria-label={`Hide ${label}`}>
          Hide
        </button>
      </div>
      <ul className="sr-list">
        {visible.map((d) => {
          const r = results.get(d);
          return r ? (
            <Row key={d} result={r} />
          ) : (
            <li key={d}>
              <Checking domain={d} />
            </li>
          );
        })}
      </ul>
      {domains.length > collapsedRows && (
        <button type="button" className="btn btn-ghost btn-sm sr-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? `Show fewer ${label} results` : `Show all ${domains.length} ${label} results`}
        </button>
      )}
    </section>
  );
}

function Categories({
  session,
  results,
  requested,
  checkMore,
}: {
  session: SearchSession;
  results: Results;
  requested: ReadonlySet<string>;
  checkMore: CheckMore;
}) {
  const counts = useMemo(
    () => Object.fromEntries(Object.entries(session.domainsByCategory).map(([key, list]) => [key, list.filter((d) => d !== session.exact).length])),
    [session],
  );
  const keys = Object.keys(session.categoryNames).filter((k) => k !== 'featured' && k !== 'premium' && (counts[k] ?? 0) > 0);
  const [chosen, setChosen] = useState<string[]>(defaultCategories.filter((k) => keys.includes(k)));
  const [open, setOpen] = useState(false);
  const toggle = (key: string) => setChosen((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  return (
    <section className="sr-block" aria-labelledby="sr-more-heading">
      <div className="sr-category-bar">
        <h2 id="sr-more-heading" className="sr-heading">
          More results by category
        </h2>
        <button type="button" className="btn btn-secondary btn-sm" aria-expanded={open} aria-controls="sr-chooser" onClick={() => setOpen(!open)}>
          {open ? 'Hide categories' : 'Choose categories'}
        </button>
      </div>
      {open && (
        <ul id="sr-chooser" className="sr-chooser" aria-label="Categories">
          {keys.map((key) => (
            <li key={key}>
              <button type="button" className="sr-chip" aria-pressed={chosen.includes(key)} onClick={() => toggle(key)}>
                {session.categoryNames[key]} <span className="sr-count">{counts[key]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length === 0 && <p className="sr-sub">No category chosen. Use Choose categories to see more names.</p>}
      {chosen.map((key) => (
        <CategoryBlock
          key={key}
          categoryKey={key}
          label={session.categoryNames[key] ?? key}
          session={session}
          results={results}
          requested={requested}
          checkMore={checkMore}
          onHide={() => toggle(key)}
        />
      ))}
    </section>
  );
}

export function SearchResults(props: {
  session: SearchSession;
  results: Results;
  done: boolean;
  requested: ReadonlySet<string>;
  checkMore: CheckMore;
  loadMorePremium: (skip: number) => Promise<PremiumPage | null>;
}) {
  const { session, results, done, requested, checkMore, loadMorePremium } = props;
  return (
    <div className="sr">
      {session.notice && <p className="sr-notice">{session.notice}</p>}
      <ExactMatch session={session} result={results.get(session.exact)} done={done} />
      <Featured session={session} results={results} />
      <Premium key={session.uuid} session={session} results={results} done={done} loadMore={loadMorePremium} />
      <Categories key={`c-${session.uuid}`} session={session} results={results} requested={requested} checkMore={checkMore} />
    </div>
  );
}

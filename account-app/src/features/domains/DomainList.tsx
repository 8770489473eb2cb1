/**
 * The My Domains list: search as you type, filters with their counts, sort by name or expiry, pages of 50, all kept in
 * the URL (domain-view.ts); a checkbox per row, "select all matching", and the bulk actions bar. The rows are
 * DomainRow; the bulk work runs in BulkDialog, loaded when first used.
 */
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Domain } from './api.ts';
import type { BulkAction } from './bulk-actions.ts';
import { downloadCsv } from './domain-csv.ts';
import type { OpenDomainModal } from './domain-props.ts';
import {
  applyView,
  type DomainFilter,
  type DomainSort,
  type DomainView,
  domainFilters,
  domainSorts,
  filterLabels,
  pageSize,
  readView,
  sortLabels,
  viewParams,
} from './domain-view.ts';
import { DomainRow, listColumns } from './DomainRow.tsx';
import './domains.css';

type Props = {
  domains: Domain[];
  advancedEnabled: boolean;
  openModal: OpenDomainModal;
  onBulk: (action: BulkAction, domains: Domain[]) => void;
  onRenew: (domains: Domain[]) => void;
};

export function DomainList({ domains, advancedEnabled, openModal, onBulk, onRenew }: Props) {
  const [params, setParams] = useSearchParams();
  const fromUrl = readView(params);
  // The search box keeps its own value: the URL catches up a moment after each key, and a box fed from the URL alone
  // would drop the keys typed in between. URL values the box wrote are recognised as they arrive (in order, some
  // skipped); any other (Back, a link) is taken in.
  const [q, setQ] = useState(fromUrl.q);
  const written = useRef<string[]>([]);
  useEffect(() => {
    const at = written.current.indexOf(fromUrl.q);
    if (at >= 0) written.current = written.current.slice(at + 1);
    else setQ(fromUrl.q);
  }, [fromUrl.q]);
  const search = (value: string, filter: DomainFilter | null = view.filter) => {
    written.current.push(value);
    setQ(value);
    setView({ q: value, filter }, { replace: true });
  };
  const view: DomainView = { ...fromUrl, q };
  // The day the list is judged by (expiring, expired): fixed while the page is open, so rows do not move under the pointer.
  const [now] = useState(() => new Date());
  const shown = useMemo(() => applyView(domains, view, now), [domains, view.q, view.filter, view.sort, view.page, now]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  const headerCheck = useRef<HTMLInputElement>(null);

  const setView = (next: Partial<DomainView>, options: { replace?: boolean } = {}) => {
    const nextParams = viewParams({ ...view, page: 1, ...next });
    // The order confirmation shown after checkout stays while the buyer searches or filters.
    const order = params.get('order');
    if (order) nextParams.set('order', order);
    setParams(nextParams, { replace: options.replace ?? false, preventScrollReset: true });
  };

  // A new search or filter is a new set of rows: a selection made for the old one must not ride along unseen.
  useEffect(() => {
    setSelected(new Set());
  }, [view.q, view.filter]);

  const byId = useMemo(() => new Map(domains.map((d) => [d.domainId, d])), [domains]);
  const chosen = [...selected].map((id) => byId.get(id)).filter((d): d is Domain => Boolean(d));
  const pageIds = shown.rows.map((d) => d.domainId);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  const allMatchingSelected = chosen.length === shown.matching.length && shown.matching.length > 0;

  useEffect(() => {
    if (headerCheck.current) headerCheck.current.indeterminate = pageSelected > 0 && pageSelected < pageIds.length;
  });

  const onSelect = useCallback((domainId: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(domainId);
      else next.delete(domainId);
      return next;
    });
  }, []);

  const onToggle = useCallback((domainId: number) => {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(domainId)) next.delete(domainId);
      else next.add(domainId);
      return next;
    });
  }, []);

  function selectPage(event: ChangeEvent<HTMLInputElement>) {
    const on = event.target.checked;
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) on ? next.add(id) : next.delete(id);
      return next;
    });
  }

  function sortBy(key: 'name' | 'expiry') {
    const next: DomainSort = view.sort === key ? (`-${key}` as DomainSort) : key;
    setView({ sort: next });
  }

  const ariaSort = (key: 'name' | 'expiry') => (view.sort === key ? 'ascending' : view.sort === `-${key}` ? 'descending' : undefined);
  const first = (shown.page - 1) * pageSize + 1;
  const last = Math.min(shown.page * pageSize, shown.matching.length);
  const viewName = view.filter ? filterLabels[view.filter].toLowerCase() : null;

  return (
    <div className="domain-list">
      <div className="list-tools">
        <div className="list-search">
          <label htmlFor="domain-search" className="label">
            Search your domains
          </label>
          <input
            id="domain-search"
            className="input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="Name or part of it"
            value={q}
            onChange={(event) => search(event.target.value)}
          />
        </div>
        <div className="list-sort">
          <label htmlFor="domain-sort" className="label">
            Sort by
          </label>
          <select id="domain-sort" className="select" value={view.sort} onChange={(event) => setView({ sort: event.target.value as DomainSort })}>
            {domainSorts.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="list-filters" role="group" aria-label="Show">
        <button type="button" className="filter-chip" aria-pressed={view.filter === null} onClick={() => setView({ filter: null })}>
          All <span className="chip-count">{shown.searchedCount}</span>
        </button>
        {domainFilters.map((f: DomainFilter) => (
          <button
            key={f}
            type="button"
            className="filter-chip"
            aria-pressed={view.filter === f}
            onClick={() => setView({ filter: view.filter === f ? null : f })}
          >
            {filterLabels[f]} <span className="chip-count">{shown.counts[f]}</span>
          </button>
        ))}
      </div>

      <p className="list-summary" role="status" aria-live="polite">
        {shown.matching.length === 0
          ? 'No domains match this view.'
          : `${shown.matching.length} ${shown.matching.length === 1 ? 'domain' : 'domains'}${viewName ? ` ${viewName}` : ''}${view.q ? ` matching “${view.q.trim()}”` : ''}${shown.pages > 1 ? `, showing ${first}–${last}` : ''}`}
      </p>

      {chosen.length > 0 && (
        <section className="bulk-bar" aria-label="Selected domains">
          <div className="bulk-count">
            <strong>{chosen.length} selected</strong>
            {!allMatchingSelected && shown.matching.length > chosen.length && (
              <button type="button" className="link-action" onClick={() => setSelected(new Set(shown.matching.map((d) => d.domainId)))}>
                Select all {shown.matching.length} matching
              </button>
            )}
            <button type="button" className="link-action" onClick={() => setSelected(new Set())}>
              Clear selection
            </button>
          </div>
          <div className="bulk-actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onBulk('autoRenewOn', chosen)}>
              Auto-renew on
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onBulk('autoRenewOff', chosen)}>
              Auto-renew off
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onBulk('lock', chosen)}>
              Lock
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onBulk('unlock', chosen)}>
              Unlock
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onBulk('nameservers', chosen)}>
              Set nameservers
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onRenew(chosen)}>
              Renew
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => downloadCsv(sortByView(chosen, shown.matching), new Date())}>
              Export CSV
            </button>
          </div>
        </section>
      )}

      {shown.matching.length === 0 ? (
        <div className="card list-empty">
          <p>No domains match this view.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => search('', null)}>
            Show all domains
          </button>
        </div>
      ) : (
        <table className="domain-table">
          <caption className="visually-hidden">Your domains</caption>
          <colgroup>
            <col className="w-select" />
            <col />
            <col className="w-status" />
            <col className="w-expiry" />
            <col className="w-renew" />
            <col className="w-service" />
            <col className="w-price" />
            <col className="w-actions" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="col-select">
                <label className="check-all">
                  <input
                    ref={headerCheck}
                    type="checkbox"
                    className="row-check"
                    checked={pageIds.length > 0 && pageSelected === pageIds.length}
                    onChange={selectPage}
                  />
                  <span className="check-all-text">Select all on this page</span>
                </label>
              </th>
              <th scope="col" aria-sort={ariaSort('name')}>
                <button type="button" className="sort-button" onClick={() => sortBy('name')}>
                  Domain
                  <SortMark state={ariaSort('name')} />
                </button>
              </th>
              <th scope="col">Status</th>
              <th scope="col" aria-sort={ariaSort('expiry')}>
                <button type="button" className="sort-button" onClick={() => sortBy('expiry')}>
                  Expires
                  <SortMark state={ariaSort('expiry')} />
                </button>
              </th>
              <th scope="col">Auto-renew</th>
              <th scope="col">Service</th>
              <th scope="col">Monthly</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {shown.rows.map((domain) => (
            <DomainRow
              key={domain.domainId}
              domain={domain}
              now={now}
              selected={selected.has(domain.domainId)}
              open={openIds.has(domain.domainId)}
              advancedEnabled={advancedEnabled}
              onSelect={onSelect}
              onToggle={onToggle}
              openModal={openModal}
            />
          ))}
          {shown.pages > 1 && (
            <tfoot>
              <tr>
                <td colSpan={listColumns}>
                  <nav className="list-pager" aria-label="Pages">
                    <button type="button" className="btn btn-ghost btn-sm" disabled={shown.page <= 1} onClick={() => setView({ page: shown.page - 1 })}>
                      Previous
                    </button>
                    <span>
                      Page {shown.page} of {shown.pages}
                    </span>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={shown.page >= shown.pages}
                      onClick={() => setView({ page: shown.page + 1 })}
                    >
                      Next
                    </button>
                  </nav>
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {chosen.length > 0 && <div className="bulk-bar-spacer" aria-hidden="true" />}
    </div>
  );
}

function SortMark({ state }: { state: 'ascending' | 'descending' | undefined }) {
  return (
    <span className={`sort-mark${state ? ' is-active' : ''}`} aria-hidden="true">
      {state === 'descending' ? '▼' : '▲'}
    </span>
  );
}

/** The export keeps the order the customer is looking at. */
function sortByView(chosen: Domain[], matching: Domain[]): Domain[] {
  const order = new Map(matching.map((d, i) => [d.domainId, i]));
  return [...chosen].sort((a, b) => (order.get(a.domainId) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.domainId) ?? Number.MAX_SAFE_INTEGER));
}

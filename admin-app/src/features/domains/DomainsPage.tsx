/** Domains: find one by name (as you type); the most recently changed ones when nothing is typed. */
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ListResult } from '../../../../api/contract/list.ts';
import type { StaffDomainRow } from '../../../../api/contract/support/customers.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { FetchError } from '../../swr.ts';
import { DomainsTable } from './DomainsTable.tsx';

export default function DomainsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const settled = useDebounced(q.trim().toLowerCase(), 250);
  const { data, error } = useSWR<ListResult<StaffDomainRow>>(`/admin/domains?q=${encodeURIComponent(settled)}`, { keepPreviousData: true });
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Domains</h1>
          <p>Every domain we hold for a customer, with its live registry state on its page.</p>
        </div>
      </div>
      <div className="panel">
        <form className="toolbar" role="search" aria-label="Domains" onSubmit={(event) => event.preventDefault()}>
          <div className="field field-grow">
            <label htmlFor={`${id}-q`}>Search domains</label>
            <input
              id={`${id}-q`}
              className="input input-lg"
              type="search"
              autoComplete="off"
              spellCheck={false}
              placeholder="example.com"
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                setParams(event.target.value ? { q: event.target.value } : {}, { replace: true });
              }}
            />
          </div>
        </form>
        <div aria-live="polite">
          {error instanceof FetchError ? (
            <p className="notice notice-danger panel-notice" role="alert">
              {error.failure.message}
            </p>
          ) : !data ? (
            <p className="empty" role="status">
              Loading…
            </p>
          ) : data.data.length === 0 ? (
            <p className="empty" role="status">
              No domain matches “{settled}”.
            </p>
          ) : (
            <>
              {!settled && <p className="panel-caption">Recently changed</p>}
              <DomainsTable rows={data.data} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

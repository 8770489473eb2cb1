/**
 * Customers: one box finds a customer by email, name, phone, domain, order or transaction number, with results as
 * you type (each search is logged: results show names and emails).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ListResult } from '../../../../api/contract/list.ts';
import type { CustomerHit, CustomerMatch } from '../../../../api/contract/support/customers.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDate } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { FetchError } from '../../swr.ts';
import { Address } from '../../lib/Address.tsx';

const matchLabels: Record<CustomerMatch, string> = {
  account: 'Account number',
  email: 'Email',
  name: 'Name',
  phone: 'Phone',
  domain: 'Domain',
  order: 'Order',
  transaction: 'Transaction',
  payment: 'Payment',
};

function searchable(q: string): boolean {
  return /^#?\d+$/.test(q) || q.length >= 2;
}

export default function CustomersPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const input = useRef<HTMLInputElement>(null);
  // The box is what this page is for: ready to type in when it opens.
  useEffect(() => input.current?.focus(), []);
  const settled = useDebounced(q.trim(), 300);
  const { data, error, isLoading } = useSWR<ListResult<CustomerHit>>(searchable(settled) ? `/admin/customers?q=${encodeURIComponent(settled)}` : null, {
    keepPreviousData: true,
  });

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Customers</h1>
          <p>Find a customer by email, name, phone, domain, order or transaction number.</p>
        </div>
      </div>
      <div className="panel">
        <form className="toolbar" role="search" aria-label="Customers" onSubmit={(event) => event.preventDefault()}>
          <div className="field field-grow">
            <label htmlFor={`${id}-q`}>Search customers</label>
            <input
              id={`${id}-q`}
              className="input input-lg"
              type="search"
              autoComplete="off"
              spellCheck={false}
              placeholder="jane@example.com, Jane Doe, +1 415…, example.com, #1042"
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                const next = new URLSearchParams(params);
                if (event.target.value) next.set('q', event.target.value);
                else next.delete('q');
                setParams(next, { replace: true });
              }}
              ref={input}
            />
          </div>
        </form>
        <div aria-live="polite" aria-busy={isLoading}>
          {!searchable(settled) ? (
            <p className="empty">Type at least two characters, or a number.</p>
          ) : error instanceof FetchError ? (
            <p className="notice notice-danger panel-notice" role="alert">
              {error.failure.message}
            </p>
          ) : !data ? (
            <p className="empty" role="status">
              Searching…
            </p>
          ) : (
            <DataTable
              rows={data.data}
              rowKey={(hit) => hit.accountId}
              caption={`Customers matching “${settled}”`}
              empty={`No customer matches “${settled}”.`}
              emptyIsStatus
              columns={[
                {
                  key: 'customer',
                  label: 'Customer',
                  render: (hit) => (
                    <>
                      <Link className="cell-main" to={`/admin/customers/${hit.accountId}`}>
                        {hit.name ?? hit.email}
                      </Link>
                      <span className="cell-sub">
                        <Address value={hit.email} />
                        {hit.company ? ` · ${hit.company}` : ''}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'matched',
                  label: 'Matched',
                  render: (hit) => (
                    <>
                      <span className="badge badge-info">{matchLabels[hit.matchedOn]}</span> <span className="mono">{hit.matched}</span>
                    </>
                  ),
                },
                { key: 'phone', label: 'Phone', className: 'nowrap', render: (hit) => hit.phone ?? '—' },
                { key: 'domains', label: 'Domains', className: 'num', sort: (hit) => hit.domains },
                { key: 'since', label: 'Since', className: 'nowrap', sort: (hit) => hit.createDate, render: (hit) => formatDate(hit.createDate) },
              ]}
            />
          )}
        </div>
      </div>
    </section>
  );
}

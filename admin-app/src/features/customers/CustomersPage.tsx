/**
 * Customers: one box finds a customer by email, name, phone, domain, order or transaction number, with results as
 * you type (each search is logged: results show names and emails).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ListResult } from '../../../../api/contract/list.ts';
import type { CustomerHit, CustomerMatch } from '../../../../api/contract/support/customers.ts';
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
          ) : data.data.length === 0 ? (
            <p className="empty" role="status">
              No customer matches “{settled}”.
            </p>
          ) : (
            <div className="table-wrap">
              <table className="data-table">
                <caption className="visually-hidden">Customers matching “{settled}”</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Matched</th>
                    <th scope="col">Phone</th>
                    <th scope="col" className="num">
                      Domains
                    </th>
                    <th scope="col">Since</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((hit) => (
                    <tr key={hit.accountId}>
                      <td data-label="Customer">
                        <Link className="cell-main" to={`/admin/customers/${hit.accountId}`}>
                          {hit.name ?? hit.email}
                        </Link>
                        <span className="cell-sub">
                          <Address value={hit.email} />
                          {hit.company ? ` · ${hit.company}` : ''}
                        </span>
                      </td>
                      <td data-label="Matched">
                        <span className="badge badge-info">{matchLabels[hit.matchedOn]}</span> <span className="mono">{hit.matched}</span>
                      </td>
                      <td data-label="Phone" className="nowrap">
                        {hit.phone ?? '—'}
                      </td>
                      <td data-label="Domains" className="num">
                        {hit.domains}
                      </td>
                      <td data-label="Since" className="nowrap">
                        {formatDate(hit.createDate)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

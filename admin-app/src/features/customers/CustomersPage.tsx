/**
 * Customers: one box finds a customer by email, name, phone, domain, order or transaction number, with results as
 * you type (each search is logged: results show names and emails).
 */
import { Toolbar } from '../../lib/Toolbar.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import type { CustomerMatch } from '../../../../api/contract/support/customers.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDate } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { FetchError, useApi } from '../../swr.ts';
import { Address } from '../../lib/Address.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { useFilterParams } from '../../lib/use-filter-params.ts';
import { ToolbarInput } from '../../lib/ToolbarField.tsx';

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
  const { params, remember } = useFilterParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const input = useRef<HTMLInputElement>(null);
  // The box is what this page is for: ready to type in when it opens.
  useEffect(() => input.current?.focus(), []);
  const settled = useDebounced(q.trim(), 300);
  const { data, error, isLoading } = useApi(searchable(settled) ? apiKey('/admin/customers', { params: { query: { q: settled } } }) : null, {
    keepPreviousData: true,
  });

  return (
    <section className="page">
      <PageHeader title="Customers" intro="Find a customer by email, name, phone, domain, order or transaction number." />
      <div className="panel">
        <Toolbar label="Customers">
          <ToolbarInput
            label="Search customers"
            grow
            large
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="jane@example.com, Jane Doe, +1 415…, example.com, #1042"
            value={q}
            onValue={(value) => {
              setQ(value);
              remember('q', value);
            }}
            inputRef={input}
          />
        </Toolbar>
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
                    <Link className="cell-main" to={`/admin/customers/${hit.accountId}`}>
                      {hit.name ?? hit.email}
                    </Link>
                  ),
                  sub: (hit) => (
                    <>
                      <Address value={hit.email} />
                      {hit.company ? ` · ${hit.company}` : ''}
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

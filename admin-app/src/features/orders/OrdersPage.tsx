/** Orders: found by number, domain or customer email (as you type), or one account's; each opens its lines and payment. */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import type { OrderListQuery } from '../../../../api/contract/billing/refunds.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { FetchError, useApi } from '../../swr.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { Pager } from '../../lib/Pager.tsx';
import { sinceWords } from '../../lib/since-day.ts';

const pageSize = 50;
const statuses = ['completed', 'unconfirmed', 'failed', 'pending', 'authorized', 'requiresAction'] as const;
const lineNames = { registration: ['registration', 'registrations'], transfer: ['transfer', 'transfers'] } as const;

/** What a dashboard figure's list holds: "5 registrations delivered since November 24, 2026 (UTC), in 3 orders." */
function filterSentence(line: keyof typeof lineNames | undefined, since: string | undefined, lineCount: number | undefined, total: number | undefined) {
  const when = since ? ` ${sinceWords(since)}` : '';
  if (!line) return `Orders placed${when}.`;
  if (lineCount == null || total == null) return `Orders with a ${lineNames[line][0]} delivered${when}.`;
  const orders = `${total.toLocaleString('en-US')} order${total === 1 ? '' : 's'}`;
  return `${lineCount.toLocaleString('en-US')} ${lineNames[line][lineCount === 1 ? 0 : 1]} delivered${when}, in ${orders}.`;
}

export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [status, setStatus] = useState(params.get('status') ?? '');
  const [skip, setSkip] = useState(0);
  const accountId = params.get('accountId');
  // Opened from a dashboard figure: orders placed since a UTC day, or holding a registration or transfer delivered since it.
  const lineParam = params.get('line') ?? '';
  const line = Object.hasOwn(lineNames, lineParam) ? (lineParam as keyof typeof lineNames) : undefined;
  const since = sinceWords(params.get('since')) ? (params.get('since') as string) : undefined;
  const ids = useId();
  const words = useDebounced(q.trim());
  const query = {
    q: words || undefined,
    status: (status || undefined) as OrderListQuery['status'],
    accountId: accountId ? Number(accountId) : undefined,
    line,
    since,
    limit: pageSize,
    skip,
  };
  const { data, error, isLoading } = useApi(apiKey('/admin/orders', { params: { query } }), { keepPreviousData: true });

  function remember(name: string, value: string) {
    setSkip(0);
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Orders</h1>
          <p>Checkouts and what they registered, with their payments and refunds.{accountId ? ` Account ${accountId} only.` : ''}</p>
        </div>
        {accountId && (
          <div className="page-actions">
            <Link className="btn btn-secondary" to={`/admin/credit?accountId=${accountId}`}>
              Account credit and payments
            </Link>
            <button type="button" className="btn btn-ghost" onClick={() => remember('accountId', '')}>
              All accounts
            </button>
          </div>
        )}
      </div>
      <div className="panel">
        <form className="toolbar" role="search" aria-label="Orders" onSubmit={(event) => event.preventDefault()}>
          <div className="field field-grow">
            <label htmlFor={`${ids}-q`}>Search</label>
            <input
              id={`${ids}-q`}
              className="input"
              type="search"
              placeholder="Order number, domain or email"
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                remember('q', event.target.value.trim());
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-status`}>Status</label>
            <select
              id={`${ids}-status`}
              className="select"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                remember('status', event.target.value);
              }}
            >
              <option value="">Any</option>
              {statuses.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        </form>
        {(line || since) && (
          <p className="notice panel-notice" role="status">
            {filterSentence(line, since, data?.lineCount, data?.total)}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setSkip(0);
                const next = new URLSearchParams(params);
                next.delete('line');
                next.delete('since');
                setParams(next, { replace: true });
              }}
            >
              Show all orders
            </button>
          </p>
        )}
        {error instanceof FetchError && error.failure.status !== 401 ? (
          <p className="notice notice-danger panel-notice" role="alert">
            {error.failure.message}
          </p>
        ) : !data ? (
          <p className="empty" role="status">
            {isLoading ? 'Loading…' : ''}
          </p>
        ) : data.data.length === 0 ? (
          <p className="empty">No orders match.</p>
        ) : (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Domains</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Total
                    </th>
                    <th scope="col" className="num">
                      Refunded
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((order) => (
                    <tr key={order.orderId}>
                      <td data-label="Order">
                        <Link className="cell-main" to={`/admin/orders/${order.orderId}`}>
                          Order #{order.orderId}
                        </Link>
                        <span className="cell-sub">{formatDateTime(order.createDate)}</span>
                      </td>
                      <td data-label="Customer">
                        {order.email ?? <span className="muted">Visitor</span>}
                        {order.accountId && <span className="cell-sub">Account {order.accountId}</span>}
                      </td>
                      <td data-label="Domains">{order.domains.join(', ')}</td>
                      <td data-label="Status">
                        <OrderStatus status={order.status} />
                      </td>
                      <td data-label="Total" className="num">
                        {formatMoney(order.totalPrice)}
                      </td>
                      <td data-label="Refunded" className="num">
                        {order.refunded > 0 ? formatMoney(order.refunded) : <span className="muted">—</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager skip={data.skip} shown={data.data.length} total={data.total} pageSize={pageSize} onSkip={setSkip} />
          </>
        )}
      </div>
    </section>
  );
}

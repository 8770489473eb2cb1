/** Orders: found by number, domain or customer email (as you type), or one account's; each opens its lines and payment. */
import { Toolbar } from '../../lib/Toolbar.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import type { OrderListQuery } from '../../../../api/contract/billing/refunds.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useApi } from '../../swr.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { Loaded } from '../../lib/Loaded.tsx';
import { useFilterParams } from '../../lib/use-filter-params.ts';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { ToolbarInput, ToolbarSelect } from '../../lib/ToolbarField.tsx';
import { newestFirst } from '../../lib/newest-first.ts';
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
  const [skip, setSkip] = useState(0);
  const { params, remember, forget } = useFilterParams(() => setSkip(0));
  const [q, setQ] = useState(params.get('q') ?? '');
  const [status, setStatus] = useState(params.get('status') ?? '');
  const accountId = params.get('accountId');
  // Opened from a dashboard figure: orders placed since a UTC day, or holding a registration or transfer delivered since it.
  const lineParam = params.get('line') ?? '';
  const line = Object.hasOwn(lineNames, lineParam) ? (lineParam as keyof typeof lineNames) : undefined;
  const since = sinceWords(params.get('since')) ? (params.get('since') as string) : undefined;
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

  return (
    <section className="page">
      <PageHeader
        title="Orders"
        intro={`Checkouts and what they registered, with their payments and refunds.${accountId ? ` Account ${accountId} only.` : ''}`}
        actions={
          accountId && (
            <>
              <Link className="btn btn-secondary" to={`/admin/credit?accountId=${accountId}`}>
                Account credit and payments
              </Link>
              <button type="button" className="btn btn-ghost" onClick={() => remember('accountId', '')}>
                All accounts
              </button>
            </>
          )
        }
      />
      <div className="panel">
        <Toolbar label="Orders">
          <ToolbarInput
            label="Search"
            grow
            type="search"
            placeholder="Order number, domain or email"
            value={q}
            onValue={(value) => {
              setQ(value);
              remember('q', value.trim());
            }}
          />
          <ToolbarSelect
            label="Status"
            value={status}
            onValue={(value) => {
              setStatus(value);
              remember('status', value);
            }}
            options={[['', 'Any'], ...statuses.map((value) => [value, value] as const)]}
          />
        </Toolbar>
        {(line || since) && (
          <p className="notice panel-notice" role="status">
            {filterSentence(line, since, data?.lineCount, data?.total)}{' '}
            <button type="button" className="link-button" onClick={() => forget('line', 'since')}>
              Show all orders
            </button>
          </p>
        )}
        <Loaded data={data} error={error} loading={isLoading ? 'Loading…' : ''}>
          {(list) => (
            <DataTable
              rows={list.data}
              rowKey={(order) => order.orderId}
              empty="No orders match."
              pager={{ skip: list.skip, total: list.total, pageSize, onSkip: setSkip, ...newestFirst }}
              columns={[
                {
                  key: 'order',
                  label: 'Order',
                  render: (order) => (
                    <Link className="cell-main" to={`/admin/orders/${order.orderId}`}>
                      Order #{order.orderId}
                    </Link>
                  ),
                  sub: (order) => formatDateTime(order.createDate),
                },
                {
                  key: 'customer',
                  label: 'Customer',
                  render: (order) => (
                    <>
                      {order.email ?? <span className="muted">Visitor</span>}
                      {order.accountId && <span className="cell-sub">Account {order.accountId}</span>}
                    </>
                  ),
                },
                { key: 'domains', label: 'Domains', render: (order) => order.domains.join(', ') },
                { key: 'status', label: 'Status', render: (order) => <OrderStatus status={order.status} /> },
                { key: 'total', label: 'Total', className: 'num', render: (order) => formatMoney(order.totalPrice) },
                {
                  key: 'refunded',
                  label: 'Refunded',
                  className: 'num',
                  render: (order) => (order.refunded > 0 ? formatMoney(order.refunded) : <span className="muted">—</span>),
                },
              ]}
            />
          )}
        </Loaded>
      </div>
    </section>
  );
}

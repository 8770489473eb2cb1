/** Card payments taken and sellers' shares since a UTC day: the list the dashboard's Revenue figures open (?since=2026-11-24). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDateTime } from '@kit/dates.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { newestFirst } from '../../lib/newest-first.ts';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { sinceWords, utcDayBefore } from '../../lib/since-day.ts';
import { useApi } from '../../swr.ts';

const pageSize = 50;

export default function Revenue() {
  const [params] = useSearchParams();
  const since = params.get('since') ?? utcDayBefore(new Date().toISOString(), 29);
  const [skip, setSkip] = useState(0);
  const { data, error, isLoading } = useApi(apiKey('/admin/revenue', { params: { query: { since, limit: pageSize, skip } } }), { keepPreviousData: true });
  const when = sinceWords(since);

  return (
    <section className="page">
      <PageHeader
        title="Revenue"
        intro="Card payments taken, less sellers' shares of market sales (owed to them), newest first: what the dashboard's Revenue adds up."
        actions={
          <Link className="btn btn-secondary" to="/admin/orders">
            Orders
          </Link>
        }
      />
      <div className="panel">
        <Loaded data={data} error={error} loading={isLoading ? 'Loading…' : ''}>
          {(list) => (
            <>
              <p className="notice panel-notice" role="status">
                {list.total === 0
                  ? `No payments ${when}.`
                  : `${formatMoney(list.net)} from ${list.total.toLocaleString('en-US')} payment${list.total === 1 ? '' : 's'} ${when}.`}
              </p>
              <DataTable
                rows={list.data}
                rowKey={(row) => row.transactionId}
                empty={null}
                pager={{ skip: list.skip, total: list.total, pageSize, onSkip: setSkip, ...newestFirst }}
                columns={[
                  {
                    key: 'what',
                    label: 'Payment',
                    render: (row) => <span className="cell-main">{row.description}</span>,
                    // The ledger's description names the card; what is left to say is whose money and which order.
                    sub: (row) => (
                      <>
                        {row.type === 'payout' ? "Seller's share, owed to them" : null}
                        {row.type === 'payout' && row.orderId != null ? ' · ' : null}
                        {row.orderId != null && <Link to={`/admin/orders/${row.orderId}`}>Order {row.orderId}</Link>}
                      </>
                    ),
                  },
                  {
                    key: 'customer',
                    label: 'Customer',
                    render: (row) => row.email ?? <span className="muted">No login</span>,
                    sub: (row) => <>Account {row.accountId}</>,
                  },
                  { key: 'date', label: 'Taken', render: (row) => formatDateTime(row.date) },
                  { key: 'amount', label: 'Amount', className: 'num', render: (row) => formatMoney(row.amount) },
                ]}
              />
            </>
          )}
        </Loaded>
      </div>
    </section>
  );
}

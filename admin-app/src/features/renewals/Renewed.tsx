/** Renewals that went through since a UTC day: the list the dashboard's Renewals figures open (?since=2026-11-24). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDate, formatDateTime } from '@kit/dates.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { newestFirst } from '../../lib/newest-first.ts';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { sinceWords, utcDayBefore } from '../../lib/since-day.ts';
import { useApi } from '../../swr.ts';

const pageSize = 50;

export default function Renewed() {
  const [params] = useSearchParams();
  const since = params.get('since') ?? utcDayBefore(new Date().toISOString(), 29);
  const [skip, setSkip] = useState(0);
  const { data, error, isLoading } = useApi(apiKey('/admin/renewed', { params: { query: { since, limit: pageSize, skip } } }), { keepPreviousData: true });
  const when = sinceWords(since);

  return (
    <section className="page">
      <PageHeader
        title="Renewals"
        intro="Renewals that went through, by the customer or automatically, newest first."
        actions={
          <Link className="btn btn-secondary" to="/admin/renewals">
            Failed auto-renewals
          </Link>
        }
      />
      <div className="panel">
        <Loaded data={data} error={error} loading={isLoading ? 'Loading…' : ''}>
          {(list) => (
            <>
              <p className="notice panel-notice" role="status">
                {list.total === 0 ? `No renewals ${when}.` : `${list.total.toLocaleString('en-US')} renewed ${when}.`}
              </p>
              <DataTable
                rows={list.data}
                rowKey={(row) => row.renewalId}
                empty={null}
                pager={{ skip: list.skip, total: list.total, pageSize, onSkip: setSkip, ...newestFirst }}
                columns={[
                  {
                    key: 'domain',
                    label: 'Domain',
                    render: (row) => (
                      <Link className="cell-main" to={`/admin/domains/${row.domainId}`}>
                        {row.domain}
                      </Link>
                    ),
                    sub: (row) => (
                      <>
                        {row.years} year{row.years === 1 ? '' : 's'} · {row.kind === 'auto' ? 'Auto-renewal' : 'By the customer'}
                      </>
                    ),
                  },
                  {
                    key: 'customer',
                    label: 'Customer',
                    render: (row) => row.email ?? <span className="muted">No login</span>,
                    sub: (row) => <>Account {row.accountId}</>,
                  },
                  { key: 'renewed', label: 'Renewed', render: (row) => formatDateTime(row.createDate) },
                  { key: 'expiry', label: 'New expiry', render: (row) => formatDate(row.newExpireDate) },
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

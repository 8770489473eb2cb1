/** Renewals that went through since a UTC day: the list the dashboard's Renewals figures open (?since=2026-11-24). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { formatDate, formatDateTime } from '@kit/dates.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { Pager } from '../../lib/Pager.tsx';
import { sinceWords, utcDayBefore } from '../../lib/since-day.ts';
import { FetchError, useApi } from '../../swr.ts';

const pageSize = 50;

export default function Renewed() {
  const [params] = useSearchParams();
  const since = params.get('since') ?? utcDayBefore(new Date().toISOString(), 29);
  const [skip, setSkip] = useState(0);
  const { data, error, isLoading } = useApi(apiKey('/admin/renewed', { params: { query: { since, limit: pageSize, skip } } }), { keepPreviousData: true });
  const when = sinceWords(since);

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Renewals</h1>
          <p>Renewals that went through, by the customer or automatically, newest first.</p>
        </div>
        <div className="page-actions">
          <Link className="btn btn-secondary" to="/admin/renewals">
            Failed auto-renewals
          </Link>
        </div>
      </div>
      <div className="panel">
        {error instanceof FetchError && error.failure.status !== 401 ? (
          <p className="notice notice-danger panel-notice" role="alert">
            {error.failure.message}
          </p>
        ) : !data ? (
          <p className="empty" role="status">
            {isLoading ? 'Loading…' : ''}
          </p>
        ) : (
          <>
            <p className="notice panel-notice" role="status">
              {data.total === 0 ? `No renewals ${when}.` : `${data.total.toLocaleString('en-US')} renewed ${when}.`}
            </p>
            {data.total > 0 && (
              <div className="table-wrap">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Domain</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Renewed</th>
                      <th scope="col">New expiry</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.data.map((row) => (
                      <tr key={row.renewalId}>
                        <td data-label="Domain">
                          <Link className="cell-main" to={`/admin/domains/${row.domainId}`}>
                            {row.domain}
                          </Link>
                          <span className="cell-sub">
                            {row.years} year{row.years === 1 ? '' : 's'} · {row.kind === 'auto' ? 'Auto-renewal' : 'By the customer'}
                          </span>
                        </td>
                        <td data-label="Customer">
                          {row.email ?? <span className="muted">No login</span>}
                          <span className="cell-sub">Account {row.accountId}</span>
                        </td>
                        <td data-label="Renewed">{formatDateTime(row.createDate)}</td>
                        <td data-label="New expiry">{formatDate(row.newExpireDate)}</td>
                        <td data-label="Amount" className="num">
                          {formatMoney(row.amount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {data.total > 0 && <Pager skip={data.skip} shown={data.data.length} total={data.total} pageSize={pageSize} onSkip={setSkip} />}
          </>
        )}
      </div>
    </section>
  );
}

/** Auto-renewals whose charge failed: who, which name, why, when it is tried next; Retry now once the card is fixed. */
import { useState } from 'react';
import { Link } from 'react-router';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { showToast } from '@kit/toasts.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import type { FailedAutoRenewal } from '../../../../api/contract/renewals/failed-auto-renewals.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';
import { Address } from '../../lib/Address.tsx';

const key = apiKey('/admin/failedRenewals', { params: { query: { limit: 100 } } });

export default function FailedRenewals() {
  const { can } = useStaffSession();
  const { data, error, mutate } = useApi(key);
  const [busy, setBusy] = useState<number | null>(null);

  async function retry(row: FailedAutoRenewal) {
    setBusy(row.renewalOrderId);
    const answer = await apiClient.POST('/admin/failedRenewals/{id}/retry', { params: { path: { id: row.renewalOrderId } }, toast: false });
    setBusy(null);
    if (isFailure(answer)) showToast(answer.message, 'error');
    else if (answer.renewed) showToast(`${row.domain} is renewed and the card was charged.`, 'success');
    else showToast(`${row.domain}: ${answer.lastError ?? 'the charge failed again'}`, 'warning');
    void mutate();
  }

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Failed auto-renewals</h1>
          <p>Charges the nightly auto-renewal could not make. Each is tried again daily, three times, and the customer is emailed.</p>
        </div>
      </div>
      <div className="panel">
        {error instanceof FetchError ? (
          <p className="notice notice-danger panel-notice" role="alert">
            {error.failure.message}
          </p>
        ) : !data ? (
          <p className="empty" role="status">
            Loading…
          </p>
        ) : data.data.length === 0 ? (
          <p className="empty">No failed auto-renewals. Everything due was charged.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col" className="col-wide">
                    Domain
                  </th>
                  <th scope="col" className="col-wide">
                    Customer
                  </th>
                  <th scope="col">Why</th>
                  <th scope="col">Next try</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => (
                  <tr key={row.renewalOrderId}>
                    <td data-label="Domain">
                      <span className="cell-main">
                        <Address value={row.domain} />
                      </span>
                      <span className="cell-sub">Expires {formatDateTime(row.expireDate)}</span>
                    </td>
                    <td data-label="Customer">
                      {row.email ?? '—'}
                      <span className="cell-sub">
                        <Link to={`/admin/credit?accountId=${row.accountId}`}>Account {row.accountId}</Link>
                      </span>
                    </td>
                    <td data-label="Why">
                      {row.lastError ?? '—'}
                      <span className="cell-sub">
                        {row.attempts} attempt{row.attempts === 1 ? '' : 's'}
                      </span>
                    </td>
                    <td data-label="Next try">
                      {row.nextAttemptDate ? formatDateTime(row.nextAttemptDate) : <span className="badge badge-danger">Retries used up</span>}
                      {!row.isRenewable && <span className="cell-sub">No longer renewable this way</span>}
                    </td>
                    <td data-label="Amount" className="num">
                      {row.amount ? formatMoney(row.amount) : '—'}
                    </td>
                    <td data-label="" className="actions">
                      {can('billing:retry-renewals') && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          disabled={busy !== null || !row.isRenewable}
                          onClick={() => void retry(row)}
                          aria-label={`Retry now: ${row.domain}`}
                        >
                          {busy === row.renewalOrderId ? 'Charging…' : 'Retry now'}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** Auto-renewals whose charge failed: who, which name, why, when it is tried next; Retry now once the card is fixed. */
import { actionsColumn } from '@kit/DataTable.tsx';
import { ListTable } from '../../lib/ListTable.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { showToast } from '@kit/toasts.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import type { FailedAutoRenewal } from '../../../../api/contract/renewals/failed-auto-renewals.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';
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
      <PageHeader
        title="Failed auto-renewals"
        intro="Charges the nightly auto-renewal could not make. Each is tried again daily, three times, and the customer is emailed."
      />
      <div className="panel">
        <ListTable
          data={data}
          error={error}
          rowKey={(row) => row.renewalOrderId}
          empty="No failed auto-renewals. Everything due was charged."
          columns={[
            {
              key: 'domain',
              label: 'Domain',
              headClassName: 'col-wide',
              sort: (row) => row.domain,
              main: true,
              render: (row) => <Address value={row.domain} />,
              sub: (row) => <>Expires {formatDateTime(row.expireDate)}</>,
            },
            {
              key: 'customer',
              label: 'Customer',
              headClassName: 'col-wide',
              render: (row) => row.email ?? '—',
              sub: (row) => (
                <>
                  <Link to={`/admin/credit?accountId=${row.accountId}`}>Account {row.accountId}</Link>
                </>
              ),
            },
            {
              key: 'why',
              label: 'Why',
              render: (row) => row.lastError ?? '—',
              sub: (row) => (
                <>
                  {row.attempts} attempt{row.attempts === 1 ? '' : 's'}
                </>
              ),
            },
            {
              key: 'next',
              label: 'Next try',
              sort: (row) => row.nextAttemptDate,
              render: (row) => (
                <>
                  {row.nextAttemptDate ? formatDateTime(row.nextAttemptDate) : <span className="badge badge-danger">Retries used up</span>}
                  {!row.isRenewable && <span className="cell-sub">No longer renewable this way</span>}
                </>
              ),
            },
            { key: 'amount', label: 'Amount', className: 'num', sort: (row) => row.amount, render: (row) => (row.amount ? formatMoney(row.amount) : '—') },
            actionsColumn(
              (row: FailedAutoRenewal) =>
                can('billing:retry-renewals') && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={busy !== null || !row.isRenewable}
                    onClick={() => void retry(row)}
                    aria-label={`Retry now: ${row.domain}`}
                  >
                    {busy === row.renewalOrderId ? 'Charging…' : 'Retry now'}
                  </button>
                ),
            ),
          ]}
        />
      </div>
    </section>
  );
}

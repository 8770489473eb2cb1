/**
 * Registrant verification (WAPS) for staff: who is waiting and by when, whose domains are suspended for it, what the
 * format checks found, a resend, and "Mark verified" (by other means: the evidence and a reason go in the audit log).
 * Each search shows registrants' addresses, so each is in the audit log.
 */
import { actionsColumn } from '@kit/DataTable.tsx';
import { Toolbar } from '../../lib/Toolbar.tsx';
import { ListTable } from '../../lib/ListTable.tsx';
import { useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { showToast } from '@kit/toasts.ts';
import type { VerificationRow } from '../../../../api/contract/compliance/abuse-desk.ts';
import { formatAgo, formatDateTime } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useApi } from '../../swr.ts';
import { Address } from '../../lib/Address.tsx';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { ToolbarInput, ToolbarSelect } from '../../lib/ToolbarField.tsx';
import { Field } from '@kit/Field.tsx';

/** The select's options are the query's statuses. */
type VerificationStatusFilter = 'pending' | 'verified' | 'all';

function VerificationStatus({ row }: { row: VerificationRow }) {
  if (row.status === 'verified')
    return (
      <>
        <span className="clock-done">Verified {formatDateTime(row.verifiedAt)}</span>
        {row.heldDomains.map((held) => (
          <span key={held.domain} className="cell-sub clock-overdue">
            {held.domain} still on hold at the registry (retried automatically): {held.error}
          </span>
        ))}
      </>
    );
  if (row.suspendedAt) return <span className="clock-overdue">Domains suspended since {formatDateTime(row.suspendedAt)}</span>;
  return <>Waiting</>;
}

export default function Verifications() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<VerificationStatusFilter>('pending');
  const [sending, setSending] = useState<number | null>(null);
  const [marking, setMarking] = useState<VerificationRow | null>(null);
  const [evidence, setEvidence] = useState('');
  const query = useDebounced(q.trim());
  const key = apiKey('/admin/verifications', { params: { query: { status, ...(query ? { q: query } : {}), limit: 100 } } });
  const { data, error, mutate } = useApi(key, { keepPreviousData: true });

  async function resend(row: VerificationRow) {
    setSending(row.verificationId);
    const answer = await apiClient.POST('/admin/verifications/{id}/resend', { params: { path: { id: row.verificationId } }, toast: false });
    setSending(null);
    if (isFailure(answer)) return showToast(answer.message, 'error');
    showToast(`The verification email was sent again to ${row.email}`, 'success');
    void mutate();
  }

  return (
    <section className="page">
      <PageHeader
        title="Registrant verification"
        intro="Registrant emails asked to verify (ICANN WAPS). Unverified after 15 days, the account's domains are suspended until the link is clicked."
      />
      <section className="panel">
        <Toolbar label="Verifications">
          <ToolbarInput label="Registrant email" grow type="search" value={q} onValue={setQ} />
          <ToolbarSelect
            label="Status"
            value={status}
            onValue={(value) => setStatus(value as VerificationStatusFilter)}
            options={[
              ['pending', 'Waiting'],
              ['verified', 'Verified'],
              ['all', 'All'],
            ]}
          />
        </Toolbar>
        <ListTable
          data={data}
          error={error}
          rowKey={(row) => row.verificationId}
          empty="Nobody matches."
          columns={[
            {
              key: 'registrant',
              label: 'Registrant',
              render: (row) => (
                <>
                  <span className="cell-main">
                    <Address value={row.email} />
                  </span>
                  <span className="cell-sub">
                    {row.registrantName} · account {row.accountId} · after {row.trigger.replace('-', ' ')}
                  </span>
                  {row.problems.map((problem) => (
                    <span key={problem} className="cell-sub clock-overdue">
                      {problem}
                    </span>
                  ))}
                </>
              ),
            },
            { key: 'status', label: 'Status', render: (row) => <VerificationStatus row={row} /> },
            {
              key: 'deadline',
              label: 'Deadline',
              className: 'nowrap',
              render: (row) => (row.status === 'pending' ? formatDateTime(row.deadline) : '—'),
            },
            {
              key: 'lastSent',
              label: 'Last sent',
              className: 'nowrap',
              render: (row) => `${formatAgo(row.lastSentAt)} (${row.sendCount}×)`,
            },
            actionsColumn(
              (row: VerificationRow) =>
                row.status === 'pending' && (
                  <>
                    <button type="button" className="btn btn-secondary btn-sm" disabled={sending === row.verificationId} onClick={() => void resend(row)}>
                      Resend email
                    </button>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMarking(row)}>
                      Mark verified
                    </button>
                  </>
                ),
            ),
          ]}
        />
      </section>
      <ActionModal<{ message: string }>
        open={marking !== null}
        title="Mark verified"
        description={`${marking?.email ?? ''} is confirmed to reach the registrant by other means. The account's domains suspended for verification work again.`}
        fields={
          <Field label="Evidence" hint="What shows the registrant is reachable at this address: a call, a reply, a document">
            {(control) => <textarea className="textarea" {...control} value={evidence} onChange={(event) => setEvidence(event.target.value)} />}
          </Field>
        }
        reason="required"
        ready={evidence.trim().length >= 5}
        confirm="Mark verified"
        onClose={() => setMarking(null)}
        run={(reason) =>
          apiClient.POST('/admin/verifications/{id}/mark-verified', {
            params: { path: { id: marking?.verificationId ?? 0 } },
            body: { evidence, reason },
            toast: false,
          })
        }
        onDone={(answer) => {
          showToast(answer.message, 'success');
          setMarking(null);
          setEvidence('');
          void mutate();
        }}
      />
    </section>
  );
}

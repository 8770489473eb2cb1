/**
 * Registrant verification (WAPS) for staff: who is waiting and by when, whose domains are suspended for it, what the
 * format checks found, a resend, and "Mark verified" (by other means: the evidence and a reason go in the audit log).
 * Each search shows registrants' addresses, so each is in the audit log.
 */
import { actionsColumn } from '@kit/DataTable.tsx';
import { Toolbar } from '../../lib/Toolbar.tsx';
import { ListTable } from '../../lib/ListTable.tsx';
import { useState } from 'react';
import useSWR from 'swr';
import { api, isFailure } from '@kit/api.ts';
import { showToast } from '@kit/toasts.ts';
import type { VerificationRow } from '../../../../api/contract/compliance/abuse-desk.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import { formatAgo, formatDateTime } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Address } from '../../lib/Address.tsx';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { ToolbarInput, ToolbarSelect } from '../../lib/ToolbarField.tsx';
import { Field } from '@kit/Field.tsx';

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
  const [status, setStatus] = useState('pending');
  const [sending, setSending] = useState<number | null>(null);
  const [marking, setMarking] = useState<VerificationRow | null>(null);
  const [evidence, setEvidence] = useState('');
  const query = useDebounced(q.trim());
  const key = `/admin/verifications?status=${status}${query ? `&q=${encodeURIComponent(query)}` : ''}&limit=100`;
  const { data, error, mutate } = useSWR<ListResult<VerificationRow>>(key, { keepPreviousData: true });

  async function resend(row: VerificationRow) {
    setSending(row.verificationId);
    const answer = await api(`/admin/verifications/${row.verificationId}/resend`, { method: 'POST', body: {}, toast: false });
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
            onValue={setStatus}
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
          api<{ message: string }>(`/admin/verifications/${marking?.verificationId}/mark-verified`, {
            method: 'POST',
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

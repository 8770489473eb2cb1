/**
 * Registrant verification (WAPS) for staff: who is waiting and by when, whose domains are suspended for it, what the
 * format checks found, a resend, and "Mark verified" (by other means: the evidence and a reason go in the audit log).
 * Each search shows registrants' addresses, so each is in the audit log.
 */
import { useId, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { showToast } from '@kit/toasts.ts';
import type { VerificationRow } from '../../../../api/contract/compliance/abuse-desk.ts';
import { formatAgo, formatDateTime } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { FetchError, useApi } from '../../swr.ts';
import { Address } from '../../lib/Address.tsx';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { Field } from '@kit/Field.tsx';

/** The select's options are the query's statuses. */
type VerificationStatusFilter = 'pending' | 'verified' | 'all';

export default function Verifications() {
  const ids = useId();
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
      <div className="page-header">
        <div>
          <h1>Registrant verification</h1>
          <p>Registrant emails asked to verify (ICANN WAPS). Unverified after 15 days, the account's domains are suspended until the link is clicked.</p>
        </div>
      </div>
      <section className="panel">
        <form className="toolbar" role="search" aria-label="Verifications" onSubmit={(event) => event.preventDefault()}>
          <div className="field field-grow">
            <label htmlFor={`${ids}-q`}>Registrant email</label>
            <input id={`${ids}-q`} className="input" type="search" value={q} onChange={(event) => setQ(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-status`}>Status</label>
            <select id={`${ids}-status`} className="input" value={status} onChange={(event) => setStatus(event.target.value as VerificationStatusFilter)}>
              <option value="pending">Waiting</option>
              <option value="verified">Verified</option>
              <option value="all">All</option>
            </select>
          </div>
        </form>
        {error instanceof FetchError && error.failure.status !== 401 ? (
          <p className="notice notice-danger panel-notice" role="alert">
            {error.failure.message}
          </p>
        ) : !data ? (
          <p className="empty" role="status">
            Loading…
          </p>
        ) : data.data.length === 0 ? (
          <p className="empty">Nobody matches.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Registrant</th>
                  <th scope="col">Status</th>
                  <th scope="col">Deadline</th>
                  <th scope="col">Last sent</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => (
                  <tr key={row.verificationId}>
                    <td data-label="Registrant">
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
                    </td>
                    <td data-label="Status">
                      {row.status === 'verified' ? (
                        <>
                          <span className="clock-done">Verified {formatDateTime(row.verifiedAt)}</span>
                          {row.heldDomains.map((held) => (
                            <span key={held.domain} className="cell-sub clock-overdue">
                              {held.domain} still on hold at the registry (retried automatically): {held.error}
                            </span>
                          ))}
                        </>
                      ) : row.suspendedAt ? (
                        <span className="clock-overdue">Domains suspended since {formatDateTime(row.suspendedAt)}</span>
                      ) : (
                        'Waiting'
                      )}
                    </td>
                    <td data-label="Deadline" className="nowrap">
                      {row.status === 'pending' ? formatDateTime(row.deadline) : '—'}
                    </td>
                    <td data-label="Last sent" className="nowrap">
                      {formatAgo(row.lastSentAt)} ({row.sendCount}×)
                    </td>
                    <td data-label="" className="actions">
                      {row.status === 'pending' && (
                        <>
                          <button type="button" className="btn btn-secondary btn-sm" disabled={sending === row.verificationId} onClick={() => void resend(row)}>
                            Resend email
                          </button>
                          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMarking(row)}>
                            Mark verified
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
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

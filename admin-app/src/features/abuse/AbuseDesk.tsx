/**
 * The abuse desk (RAA §3.18): this month's figures (median time to acknowledge and to first action, cases by
 * category and outcome), the first-action clock staff set, and the cases with their clocks, overdue ones in red.
 */
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { api, isFailure } from '@kit/api.ts';
import { Field, TextField } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { showToast } from '@kit/toasts.ts';
import { minReasonLength } from '../../../../api/contract/audit/audit.ts';
import type { AbuseCaseSummary, AbuseFigures } from '../../../../api/contract/compliance/abuse-desk.ts';
import { abuseOutcomeLabels } from '../../../../api/contract/compliance/abuse-desk.ts';
import { abuseCategoryLabels } from '../../../../api/contract/compliance/abuse.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError } from '../../swr.ts';
import { casesKey, figuresKey, formatHours } from './api.ts';
import { CaseClocks } from './Clock.tsx';
import './abuse.css';
import { Address } from '../../lib/Address.tsx';

function Bars({ items }: { items: { label: string; value: number }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  if (items.length === 0) return <p className="muted small">None yet.</p>;
  return (
    <ul className="bars">
      {items.map((item) => (
        <li key={item.label} className="bar">
          <span>{item.label}</span>
          <span className="bar-track" aria-hidden="true">
            <span className="bar-fill" style={{ width: `${(item.value / max) * 100}%` }} />
          </span>
          <span className="bar-count">{item.value}</span>
        </li>
      ))}
    </ul>
  );
}

function ClockSettings({ hours, onClose, onSaved }: { hours: number; onClose: () => void; onSaved: () => void }) {
  const [value, setValue] = useState(String(hours));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await api('/admin/abuse/settings', { method: 'PATCH', body: { firstActionHours: Number(value), reason }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    showToast('The first-action clock is changed', 'success');
    onSaved();
  }
  return (
    <Modal open title="First-action clock" onClose={onClose} dismissible={!busy}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Hours from report to the desk's first action"
          type="number"
          min={1}
          max={720}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          data-autofocus
        />
        <Field label="Reason" hint="Kept in the audit log">
          {(control) => <textarea className="textarea" {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || reason.trim().length < minReasonLength}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function AbuseDesk() {
  const { can } = useStaffSession();
  const ids = useId();
  const [status, setStatus] = useState('open');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState(false);
  const query = useDebounced(q.trim());
  const { data: figures, mutate: refreshFigures } = useSWR<AbuseFigures>(figuresKey);
  const { data, error, mutate } = useSWR<ListResult<AbuseCaseSummary>>(casesKey(status, query), { keepPreviousData: true });

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Abuse desk</h1>
          <p>Reports from the Report abuse page and the abuse mailbox. Acknowledge within 24 hours; act within {figures?.firstActionHours ?? 48} hours.</p>
        </div>
        {can('abuse:manage') && figures && (
          <div className="page-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              First-action clock: {figures.firstActionHours} h
            </button>
          </div>
        )}
      </div>

      <section className="panel" aria-labelledby={`${ids}-figures`}>
        <div className="panel-header">
          <h2 id={`${ids}-figures`}>Last {figures?.days ?? 30} days</h2>
        </div>
        <div className="panel-body">
          {figures ? (
            <div className="figures">
              <div className="figure">
                <span className="figure-label">Median time to acknowledge</span>
                <span className="figure-value" data-testid="median-acknowledge">
                  {formatHours(figures.medianHoursToAcknowledge)}
                </span>
              </div>
              <div className="figure">
                <span className="figure-label">Median time to first action</span>
                <span className="figure-value" data-testid="median-first-action">
                  {formatHours(figures.medianHoursToFirstAction)}
                </span>
              </div>
              <div className="figure">
                <span className="figure-label">Cases reported</span>
                <span className="figure-value">{figures.cases}</span>
              </div>
              <div className="figure">
                <span className="figure-label">Open now</span>
                <span className="figure-value">{figures.open}</span>
              </div>
              <div className="figure">
                <span className="figure-label">Overdue now</span>
                <span className={`figure-value${figures.overdue ? ' is-danger' : ''}`}>{figures.overdue}</span>
              </div>
            </div>
          ) : (
            <p role="status">Loading…</p>
          )}
        </div>
      </section>

      {figures && (
        <div className="panel-grid">
          <section className="panel" aria-labelledby={`${ids}-category`}>
            <div className="panel-header">
              <h2 id={`${ids}-category`}>Cases by category</h2>
            </div>
            <div className="panel-body">
              <Bars items={figures.byCategory.map((c) => ({ label: abuseCategoryLabels[c.category], value: c.cases }))} />
            </div>
          </section>
          <section className="panel" aria-labelledby={`${ids}-outcome`}>
            <div className="panel-header">
              <h2 id={`${ids}-outcome`}>Cases by outcome</h2>
            </div>
            <div className="panel-body">
              <Bars items={figures.byOutcome.map((o) => ({ label: abuseOutcomeLabels[o.outcome], value: o.cases }))} />
            </div>
          </section>
        </div>
      )}

      <section className="panel" aria-labelledby={`${ids}-cases`}>
        <div className="panel-header">
          <h2 id={`${ids}-cases`}>Cases</h2>
        </div>
        <form className="toolbar" role="search" aria-label="Abuse cases" onSubmit={(event) => event.preventDefault()}>
          <div className="field field-grow">
            <label htmlFor={`${ids}-q`}>Domain or case number</label>
            <input
              id={`${ids}-q`}
              className="input"
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              placeholder="example.com or AC-10001"
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-status`}>Status</label>
            <select id={`${ids}-status`} className="input" value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="open">Open</option>
              <option value="closed">Closed</option>
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
          <p className="empty">{status === 'open' ? 'No open cases.' : 'No cases match.'}</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Case</th>
                  <th scope="col">Category</th>
                  <th scope="col">Reported</th>
                  <th scope="col">Clocks</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => {
                  const overdue = row.acknowledgeOverdue || row.firstActionOverdue;
                  return (
                    <tr key={row.caseId} className={overdue ? 'row-overdue' : undefined}>
                      <td data-label="Case">
                        <Link className="cell-main" to={`/admin/abuse/${row.caseId}`}>
                          <Address value={row.domain} />
                        </Link>
                        <span className="cell-sub">
                          {row.caseNumber} · {row.reports} report{row.reports === 1 ? '' : 's'}
                        </span>
                      </td>
                      <td data-label="Category">{abuseCategoryLabels[row.category]}</td>
                      <td data-label="Reported" className="nowrap">
                        {formatDateTime(row.createDate)}
                      </td>
                      <td data-label="Clocks">
                        <CaseClocks row={row} />
                      </td>
                      <td data-label="Status">
                        <span className={`status-pill${row.status === 'closed' ? ' is-closed' : overdue ? ' is-overdue' : ''}`}>
                          {row.status === 'closed' ? (row.outcome ? abuseOutcomeLabels[row.outcome] : 'Closed') : overdue ? 'Overdue' : 'Open'}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing && figures && (
        <ClockSettings
          hours={figures.firstActionHours}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void refreshFigures();
            void mutate();
          }}
        />
      )}
    </section>
  );
}

/**
 * The abuse desk (RAA §3.18): this month's figures (median time to acknowledge and to first action, cases by
 * category and outcome), the first-action clock staff set, and the cases with their clocks, overdue ones in red.
 */
import { Toolbar } from '../../lib/Toolbar.tsx';
import { ListTable } from '../../lib/ListTable.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import { showToast } from '@kit/toasts.ts';
import type { AbuseCaseSummary } from '../../../../api/contract/compliance/abuse-desk.ts';
import { abuseOutcomeLabels } from '../../../../api/contract/compliance/abuse-desk.ts';
import { abuseCategoryLabels } from '../../../../api/contract/compliance/abuse.ts';
import { formatDateTime } from '@kit/dates.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { ToolbarInput, ToolbarSelect } from '../../lib/ToolbarField.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';
import { type CaseStatusFilter, casesKey, figuresKey, formatHours } from './api.ts';
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
  return (
    <ActionModal
      open
      title="First-action clock"
      fields={
        <TextField
          label="Hours from report to the desk's first action"
          type="number"
          min={1}
          max={720}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          data-autofocus
        />
      }
      reason="required"
      reasonHint="Kept in the audit log"
      confirm="Save"
      onClose={onClose}
      run={(reason) => apiClient.PATCH('/admin/abuse/settings', { body: { firstActionHours: Number(value), reason }, toast: false })}
      onDone={() => {
        showToast('The first-action clock is changed', 'success');
        onSaved();
      }}
    />
  );
}

function CaseStatus({ row }: { row: AbuseCaseSummary }) {
  const overdue = row.acknowledgeOverdue || row.firstActionOverdue;
  return (
    <span className={`status-pill${row.status === 'closed' ? ' is-closed' : overdue ? ' is-overdue' : ''}`}>
      {row.status === 'closed' ? (row.outcome ? abuseOutcomeLabels[row.outcome] : 'Closed') : overdue ? 'Overdue' : 'Open'}
    </span>
  );
}

export default function AbuseDesk() {
  const { can } = useStaffSession();
  const [status, setStatus] = useState<CaseStatusFilter>('open');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState(false);
  const query = useDebounced(q.trim());
  const { data: figures, mutate: refreshFigures } = useApi(figuresKey);
  const { data, error, mutate } = useApi(casesKey(status, query), { keepPreviousData: true });

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

      <Panel title={<>Last {figures?.days ?? 30} days</>}>
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
      </Panel>

      {figures && (
        <div className="panel-grid">
          <Panel title="Cases by category">
            <div className="panel-body">
              <Bars items={figures.byCategory.map((c) => ({ label: abuseCategoryLabels[c.category], value: c.cases }))} />
            </div>
          </Panel>
          <Panel title="Cases by outcome">
            <div className="panel-body">
              <Bars items={figures.byOutcome.map((o) => ({ label: abuseOutcomeLabels[o.outcome], value: o.cases }))} />
            </div>
          </Panel>
        </div>
      )}

      <Panel title="Cases">
        <Toolbar label="Abuse cases">
          <ToolbarInput label="Domain or case number" grow type="search" value={q} onValue={setQ} placeholder="example.com or AC-10001" />
          <ToolbarSelect
            label="Status"
            value={status}
            onValue={(value) => setStatus(value as CaseStatusFilter)}
            options={[
              ['open', 'Open'],
              ['closed', 'Closed'],
              ['all', 'All'],
            ]}
          />
        </Toolbar>
        <ListTable
          data={data}
          error={error}
          rowKey={(row) => row.caseId}
          empty={status === 'open' ? 'No open cases.' : 'No cases match.'}
          rowClassName={(row) => (row.acknowledgeOverdue || row.firstActionOverdue ? 'row-overdue' : undefined)}
          columns={[
            {
              key: 'case',
              label: 'Case',
              render: (row) => (
                <Link className="cell-main" to={`/admin/abuse/${row.caseId}`}>
                  <Address value={row.domain} />
                </Link>
              ),
              sub: (row) => (
                <>
                  {row.caseNumber} · {row.reports} report{row.reports === 1 ? '' : 's'}
                </>
              ),
            },
            { key: 'category', label: 'Category', render: (row) => abuseCategoryLabels[row.category] },
            { key: 'reported', label: 'Reported', className: 'nowrap', sort: (row) => row.createDate, render: (row) => formatDateTime(row.createDate) },
            { key: 'clocks', label: 'Clocks', render: (row) => <CaseClocks row={row} /> },
            { key: 'status', label: 'Status', render: (row) => <CaseStatus row={row} /> },
          ]}
        />
      </Panel>
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

/** Audit entries as a table (the Audit log screen, and the entries about one customer or domain on their pages). */
import { Link } from 'react-router';
import type { AuditEntry } from '../../../api/contract/audit/audit.ts';
import { type StaffRole, staffRoleLabels } from '../../../api/contract/staff/roles.ts';
import { DataTable, type Paging } from '@kit/DataTable.tsx';
import { formatDateTime } from '@kit/dates.ts';
import { Address } from './Address.tsx';

/** "customer.reset-factors" → "Customer · reset factors". */
export function actionLabel(action: string): string {
  const [area, verb = ''] = action.split('.');
  return `${area.charAt(0).toUpperCase()}${area.slice(1)} · ${verb.replace(/-/g, ' ')}`;
}

function Change({ entry }: { entry: AuditEntry }) {
  if (entry.before == null && entry.after == null) return <span className="muted">—</span>;
  return (
    <details className="change">
      <summary>Details</summary>
      {entry.before != null && (
        <>
          <span className="cell-sub">Before</span>
          <pre className="json">{JSON.stringify(entry.before, null, 2)}</pre>
        </>
      )}
      {entry.after != null && (
        <>
          <span className="cell-sub">After</span>
          <pre className="json">{JSON.stringify(entry.after, null, 2)}</pre>
        </>
      )}
    </details>
  );
}

function StaffCell({ entry }: { entry: AuditEntry }) {
  if (!entry.staffEmail) return <span className="muted">System</span>;
  return (
    <>
      <span className="cell-main">
        <Address value={entry.staffEmail} />
      </span>
      {entry.staffRole && <span className="cell-sub">{staffRoleLabels[entry.staffRole as StaffRole]?.label ?? entry.staffRole}</span>}
    </>
  );
}

export function AuditTable({ entries, showTarget = true, empty, pager }: { entries: AuditEntry[]; showTarget?: boolean; empty?: string; pager?: Paging }) {
  return (
    <DataTable
      rows={entries}
      rowKey={(entry) => entry.auditId}
      empty={empty}
      pager={pager}
      columns={[
        { key: 'when', label: 'When', className: 'nowrap', render: (entry) => formatDateTime(entry.at) },
        { key: 'staff', label: 'Staff', render: (entry) => <StaffCell entry={entry} /> },
        {
          key: 'action',
          label: 'Action',
          render: (entry) => (
            <>
              <span className="cell-main">{actionLabel(entry.action)}</span>
              {showTarget && (entry.targetLabel || entry.targetId) && (
                <span className="cell-sub">
                  {entry.accountId ? (
                    <Link to={`/admin/customers/${entry.accountId}`}>
                      <Address value={entry.targetLabel ?? entry.targetId ?? ''} />
                    </Link>
                  ) : (
                    <Address value={entry.targetLabel ?? `${entry.targetType} ${entry.targetId}`} />
                  )}
                </span>
              )}
            </>
          ),
        },
        { key: 'reason', label: 'Reason', render: (entry) => entry.reason ?? <span className="muted">—</span> },
        { key: 'from', label: 'From', className: 'mono', render: (entry) => (entry.clientIp ? <Address value={entry.clientIp} /> : '—') },
        { key: 'change', label: 'Change', render: (entry) => <Change entry={entry} /> },
      ]}
    />
  );
}

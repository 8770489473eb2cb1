/** Audit entries as a table (the Audit log screen, and the entries about one customer or domain on their pages). */
import { Link } from 'react-router';
import type { AuditEntry } from '../../../api/contract/audit/audit.ts';
import { type StaffRole, staffRoleLabels } from '../../../api/contract/staff/roles.ts';
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

export function AuditTable({ entries, showTarget = true }: { entries: AuditEntry[]; showTarget?: boolean }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Staff</th>
            <th scope="col">Action</th>
            <th scope="col">Reason</th>
            <th scope="col">From</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.auditId}>
              <td data-label="When" className="nowrap">
                {formatDateTime(entry.at)}
              </td>
              <td data-label="Staff">
                {entry.staffEmail ? (
                  <>
                    <span className="cell-main">
                      <Address value={entry.staffEmail} />
                    </span>
                    {entry.staffRole && <span className="cell-sub">{staffRoleLabels[entry.staffRole as StaffRole]?.label ?? entry.staffRole}</span>}
                  </>
                ) : (
                  <span className="muted">System</span>
                )}
              </td>
              <td data-label="Action">
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
              </td>
              <td data-label="Reason">{entry.reason ?? <span className="muted">—</span>}</td>
              <td data-label="From" className="mono">
                {entry.clientIp ? <Address value={entry.clientIp} /> : '—'}
              </td>
              <td data-label="Change">
                <Change entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

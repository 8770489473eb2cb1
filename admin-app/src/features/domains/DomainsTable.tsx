/** Domains as staff list them: name, status (suspended, locked), expiry, owner. */
import { Link } from 'react-router';
import type { StaffDomainRow } from '../../../../api/contract/support/customers.ts';
import { formatDate } from '@kit/dates.ts';
import { Address } from '../../lib/Address.tsx';

const statusBadge: Record<string, string> = {
  active: 'badge-success',
  expired: 'badge-warning',
  redemption: 'badge-danger',
  pendingDelete: 'badge-danger',
  transfer: 'badge-info',
};

/** A domain's status in words (the database's values are for code). */
export const domainStatusWords: Record<string, string> = {
  active: 'Active',
  expired: 'Expired',
  redemption: 'In redemption',
  pendingDelete: 'Being deleted',
  deleted: 'Deleted',
  transfer: 'Transferring in',
};

/** A transfer away's state, in words. */
export const transferAwayWords: Record<string, string> = { pending: 'Requested', approved: 'Approved', completed: 'Completed', rejected: 'Refused' };

/** Who placed a hold, in words. */
export const holdKinds: Record<string, string> = {
  staff: 'Staff',
  abuse: 'Abuse case',
  verification: 'Registrant verification',
};

export function DomainStatus({ row }: { row: Pick<StaffDomainRow, 'status' | 'suspendedAt' | 'locked'> }) {
  return (
    <span className="badges">
      <span className={`badge ${statusBadge[row.status] ?? ''}`}>{domainStatusWords[row.status] ?? row.status}</span>
      {row.suspendedAt && <span className="badge badge-danger">Suspended</span>}
      {!row.locked && row.status === 'active' && <span className="badge badge-warning">Unlocked</span>}
    </span>
  );
}

export function DomainsTable({ rows, showOwner = true }: { rows: StaffDomainRow[]; showOwner?: boolean }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Status</th>
            <th scope="col">Expires</th>
            {showOwner && <th scope="col">Owner</th>}
            <th scope="col">Auto-renew</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.domainId}>
              <td data-label="Domain">
                <Link className="cell-main" to={`/admin/domains/${row.domainId}`}>
                  <Address value={row.domain} />
                </Link>
                {row.suspensionReason && <span className="cell-sub">{row.suspensionReason}</span>}
              </td>
              <td data-label="Status">
                <DomainStatus row={row} />
              </td>
              <td data-label="Expires" className="nowrap">
                {formatDate(row.expireDate)}
              </td>
              {showOwner && (
                <td data-label="Owner">
                  <Link to={`/admin/customers/${row.accountId}`}>
                    <Address value={row.ownerEmail} />
                  </Link>
                </td>
              )}
              <td data-label="Auto-renew">{row.autoRenewEnabled ? 'On' : 'Off'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

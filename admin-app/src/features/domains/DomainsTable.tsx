/** Domains as staff list them: name, status (suspended, locked), expiry, owner. */
import { Link } from 'react-router';
import type { StaffDomainRow } from '../../../../api/contract/support/customers.ts';
import { DataTable } from '@kit/DataTable.tsx';
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

export function DomainsTable({
  rows,
  showOwner = true,
  empty,
  emptyIsStatus,
}: {
  rows: StaffDomainRow[];
  showOwner?: boolean;
  empty?: string;
  emptyIsStatus?: boolean;
}) {
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.domainId}
      empty={empty}
      emptyIsStatus={emptyIsStatus}
      columns={[
        {
          key: 'domain',
          label: 'Domain',
          sort: (row) => row.domain,
          render: (row) => (
            <>
              <Link className="cell-main" to={`/admin/domains/${row.domainId}`}>
                <Address value={row.domain} />
              </Link>
              {row.suspensionReason && <span className="cell-sub">{row.suspensionReason}</span>}
            </>
          ),
        },
        { key: 'status', label: 'Status', render: (row) => <DomainStatus row={row} /> },
        { key: 'expires', label: 'Expires', className: 'nowrap', sort: (row) => row.expireDate, render: (row) => formatDate(row.expireDate) },
        showOwner && {
          key: 'owner',
          label: 'Owner',
          render: (row) => (
            <Link to={`/admin/customers/${row.accountId}`}>
              <Address value={row.ownerEmail} />
            </Link>
          ),
        },
        { key: 'autoRenew', label: 'Auto-renew', render: (row) => (row.autoRenewEnabled ? 'On' : 'Off') },
      ]}
    />
  );
}

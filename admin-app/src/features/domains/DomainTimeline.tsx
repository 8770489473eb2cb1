/** One domain's history in one table: staff actions, the customer's own changes and the registry's answers, newest first. */
import useSWR from 'swr';
import type { DomainTimelineEntry, TimelineSource } from '../../../../api/contract/support/domain-history.ts';
import { formatDateTime } from '@kit/dates.ts';
import { Address } from '../../lib/Address.tsx';

const sourceBadges: Record<TimelineSource, { label: string; tone: string }> = {
  staff: { label: 'Staff', tone: 'badge-info' },
  customer: { label: 'Customer', tone: 'badge-success' },
  registry: { label: 'Registry', tone: 'badge-warning' },
  system: { label: 'System', tone: '' },
};

export function DomainTimeline({ domainId, labelId }: { domainId: number; labelId: string }) {
  const { data } = useSWR<{ data: DomainTimelineEntry[] }>(`/admin/domains/${domainId}/timeline`);
  return (
    <section className="panel" aria-labelledby={labelId}>
      <div className="panel-header">
        <h2 id={labelId}>Timeline</h2>
      </div>
      {!data ? (
        <p className="empty" role="status">
          Loading…
        </p>
      ) : data.data.length === 0 ? (
        <p className="empty">No changes yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td data-label="When" className="nowrap">
                    {formatDateTime(entry.at)}
                  </td>
                  <td data-label="Who">
                    <span className={`badge ${sourceBadges[entry.source].tone}`}>{sourceBadges[entry.source].label}</span>
                    {entry.actor !== sourceBadges[entry.source].label && (
                      <span className="cell-sub">
                        <Address value={entry.actor} />
                      </span>
                    )}
                  </td>
                  <td data-label="What">{entry.summary}</td>
                  <td data-label="Reason">{entry.reason ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

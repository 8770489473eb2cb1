/** One domain's history in one table: staff actions, the customer's own changes and the registry's answers, newest first. */
import { ListTable } from '../../lib/ListTable.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { apiKey } from '@kit/api-client.ts';
import type { TimelineSource } from '../../../../api/contract/support/domain-history.ts';
import { formatDateTime } from '@kit/dates.ts';
import { Address } from '../../lib/Address.tsx';
import { useApi } from '../../swr.ts';

/** The timeline's SWR key: the domain page reloads it after each action. */
export const timelineKey = (domainId: number) => apiKey('/admin/domains/{id}/timeline', { params: { path: { id: domainId } } });

const sourceBadges: Record<TimelineSource, { label: string; tone: string }> = {
  staff: { label: 'Staff', tone: 'badge-info' },
  customer: { label: 'Customer', tone: 'badge-success' },
  registry: { label: 'Registry', tone: 'badge-warning' },
  system: { label: 'System', tone: '' },
};

export function DomainTimeline({ domainId }: { domainId: number }) {
  const { data } = useApi(timelineKey(domainId));
  return (
    <Panel title="Timeline">
      <ListTable
        data={data}
        error={undefined}
        rowKey={(entry, index) => `${entry.at}-${index}`}
        empty="No changes yet."
        columns={[
          { key: 'when', label: 'When', className: 'nowrap', render: (entry) => formatDateTime(entry.at) },
          {
            key: 'who',
            label: 'Who',
            render: (entry) => (
              <>
                <span className={`badge ${sourceBadges[entry.source].tone}`}>{sourceBadges[entry.source].label}</span>
                {entry.actor !== sourceBadges[entry.source].label && (
                  <span className="cell-sub">
                    <Address value={entry.actor} />
                  </span>
                )}
              </>
            ),
          },
          { key: 'what', label: 'What', render: (entry) => entry.summary },
          { key: 'reason', label: 'Reason', render: (entry) => entry.reason ?? <span className="muted">—</span> },
        ]}
      />
    </Panel>
  );
}

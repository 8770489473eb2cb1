/** A domain's registry commands, newest first, with the transaction ids a registry asks for in a dispute. */
import { ListTable } from '../../lib/ListTable.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { apiKey } from '@kit/api-client.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useApi } from '../../swr.ts';

export function RegistryCommands({ domain }: { domain: string }) {
  const { data } = useApi(apiKey('/admin/registries/commands', { params: { query: { domain } } }));
  return (
    <Panel title="Registry commands">
      <ListTable
        data={data}
        error={undefined}
        rowKey={(row) => `${row.clTRID}-${row.at}`}
        empty="None recorded (commands are recorded when the registry is reached over EPP)."
        columns={[
          { key: 'time', label: 'Time', render: (row) => formatDateTime(row.at) },
          { key: 'connection', label: 'Connection' },
          { key: 'command', label: 'Command' },
          {
            key: 'result',
            label: 'Result',
            render: (row) => (
              <>
                {row.resultCode ?? 'no answer'}
                {row.message && <span className="cell-sub">{row.message}</span>}
              </>
            ),
          },
          {
            key: 'trid',
            label: 'clTRID / svTRID',
            headClassName: 'col-wide',
            render: (row) => row.clTRID ?? '—',
            sub: (row) => row.svTRID ?? '—',
          },
        ]}
      />
    </Panel>
  );
}

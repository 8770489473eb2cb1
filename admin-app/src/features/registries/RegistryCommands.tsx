/** A domain's registry commands, newest first, with the transaction ids a registry asks for in a dispute. */
import { apiKey } from '@kit/api-client.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useApi } from '../../swr.ts';

export function RegistryCommands({ domain, labelId }: { domain: string; labelId: string }) {
  const { data } = useApi(apiKey('/admin/registries/commands', { params: { query: { domain } } }));
  return (
    <section className="panel" aria-labelledby={labelId}>
      <div className="panel-header">
        <h2 id={labelId}>Registry commands</h2>
      </div>
      {!data ? (
        <p className="empty" role="status">
          Loading…
        </p>
      ) : data.data.length === 0 ? (
        <p className="empty">None recorded (commands are recorded when the registry is reached over EPP).</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Connection</th>
                <th scope="col">Command</th>
                <th scope="col">Result</th>
                <th scope="col" className="col-wide">
                  clTRID / svTRID
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={`${row.clTRID}-${row.at}`}>
                  <td data-label="Time">{formatDateTime(row.at)}</td>
                  <td data-label="Connection">{row.connection}</td>
                  <td data-label="Command">{row.command}</td>
                  <td data-label="Result">
                    {row.resultCode ?? 'no answer'}
                    {row.message && <span className="cell-sub">{row.message}</span>}
                  </td>
                  <td data-label="clTRID / svTRID">
                    {row.clTRID ?? '—'}
                    <span className="cell-sub">{row.svTRID ?? '—'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

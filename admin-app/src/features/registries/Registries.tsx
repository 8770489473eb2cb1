/** Registries: each EPP connection with its extensions and health; which one serves an extension; the owner pauses and resumes one. */
import { PageHeader } from '../../lib/PageHeader.tsx';
import { type FormEvent, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { actionsColumn, DataTable } from '@kit/DataTable.tsx';
import { showToast } from '@kit/toasts.ts';
import type { ExtensionLookup, RegistriesOverview, RegistryConnectionView } from '../../../../api/contract/registries.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { Loaded } from '../../lib/Loaded.tsx';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';

const key = apiKey('/admin/registries');

function State({ conn }: { conn: RegistryConnectionView }) {
  if (conn.paused) return <span className="badge badge-warning">Paused</span>;
  if (conn.down) return <span className="badge badge-danger">Down</span>;
  if (conn.sessionsUp > 0) return <span className="badge badge-success">Up</span>;
  return <span className="badge">Idle</span>;
}

function ExtensionFinder() {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<ExtensionLookup | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await apiClient.GET('/admin/registries/extensions/{extension}', { params: { path: { extension: text.trim() || '-' } }, toast: false });
    if (isFailure(result)) {
      setAnswer(null);
      setError(result.message);
    } else {
      setError(null);
      setAnswer(result);
    }
  }
  return (
    <div className="panel">
      <form className="toolbar" role="search" aria-label="Extension lookup" onSubmit={(event) => void submit(event)}>
        <div className="field field-grow">
          <label htmlFor="registry-extension">Which registry serves an extension?</label>
          <input id="registry-extension" className="input" value={text} placeholder="com" onChange={(event) => setText(event.target.value)} />
        </div>
        <button type="submit" className="btn btn-secondary">
          Look up
        </button>
      </form>
      {error && (
        <p className="notice notice-danger panel-notice" role="alert">
          {error}
        </p>
      )}
      {answer && (
        <p className="panel-notice" role="status">
          .{answer.extension}:{' '}
          {answer.connection
            ? `served by ${answer.connection}${answer.paused ? ' (paused: not for sale until resumed)' : ''}`
            : 'no registry connection serves it, so it is not for sale'}
        </p>
      )}
    </div>
  );
}

export default function Registries() {
  const { can } = useStaffSession();
  const { data, error, mutate } = useApi(key, { refreshInterval: 10_000 });
  const [pausing, setPausing] = useState<RegistryConnectionView | null>(null);

  async function resume(conn: RegistryConnectionView) {
    const answer = await apiClient.POST('/admin/registries/{name}/resume', { params: { path: { name: conn.name } }, toast: false });
    if (isFailure(answer)) showToast(answer.message, 'error');
    else {
      showToast(`${conn.name} is resumed: its extensions sell again.`, 'success');
      void mutate(answer, { revalidate: false });
    }
  }

  return (
    <section className="page">
      <PageHeader title="Registries" intro="Each EPP connection of content/registries.csv, the extensions it serves, and how it is doing." />
      <ExtensionFinder />
      <div className="panel">
        <Loaded data={data} error={error}>
          {(overview) =>
            !overview.overEpp ? (
              <p className="empty">The in-process sandbox registry answers here: there are no EPP connections to show.</p>
            ) : (
              <>
                <DataTable
                  rows={overview.connections}
                  rowKey={(conn) => conn.name}
                  columns={[
                    {
                      key: 'connection',
                      label: 'Connection',
                      headClassName: 'col-wide',
                      sort: (conn) => conn.name,
                      render: (conn) => (
                        <>
                          <span className="cell-main">{conn.name}</span>
                          <span className="cell-sub">
                            {conn.extensions.includes('*') ? `* (${conn.servedExtensions} extensions)` : conn.extensions.map((ext) => `.${ext}`).join(' ')}
                          </span>
                          <span className="cell-sub">
                            {conn.username}@{conn.host}:{conn.port}, contacts {conn.contacts}
                          </span>
                        </>
                      ),
                    },
                    {
                      key: 'state',
                      label: 'State',
                      render: (conn) => (
                        <>
                          <State conn={conn} />
                          <span className="cell-sub">
                            {conn.sessionsUp} of {conn.sessions} sessions up
                          </span>
                          {conn.paused && <span className="cell-sub">{conn.paused.reason}</span>}
                        </>
                      ),
                    },
                    {
                      key: 'greeting',
                      label: 'Last greeting and error',
                      headClassName: 'col-wide',
                      render: (conn) => (
                        <>
                          {conn.lastGreetingAt ? `Greeting ${formatDateTime(conn.lastGreetingAt)}` : 'No greeting yet'}
                          {conn.lastError && (
                            <span className="cell-sub">
                              {formatDateTime(conn.lastError.at)}: {conn.lastError.message}
                            </span>
                          )}
                        </>
                      ),
                    },
                    {
                      key: 'activity',
                      label: 'Activity',
                      sort: (conn) => conn.commandsLastHour,
                      render: (conn) => <>{conn.commandsLastHour} commands in the last hour</>,
                      sub: (conn) => <>Poll queue: {conn.pollQueue ?? 'not read yet'}</>,
                    },
                    actionsColumn(
                      (conn: RegistryConnectionView) =>
                        can('registries:manage') &&
                        (conn.paused ? (
                          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void resume(conn)} aria-label={`Resume ${conn.name}`}>
                            Resume
                          </button>
                        ) : (
                          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setPausing(conn)} aria-label={`Pause ${conn.name}`}>
                            Pause
                          </button>
                        )),
                    ),
                  ]}
                />
                {overview.unserved.length > 0 && (
                  <p className="panel-notice">Not for sale, no registry connection: {overview.unserved.map((ext) => `.${ext}`).join(' ')}</p>
                )}
              </>
            )
          }
        </Loaded>
      </div>
      <ActionModal<RegistriesOverview>
        open={pausing !== null}
        title={`Pause ${pausing?.name ?? ''}`}
        description="Its extensions stop selling (search says try again, checkout refuses them) until it is resumed. Names already registered stay."
        reason="required"
        confirm="Pause"
        danger
        onClose={() => setPausing(null)}
        run={(reason) => apiClient.POST('/admin/registries/{name}/pause', { params: { path: { name: pausing?.name ?? '' } }, body: { reason }, toast: false })}
        onDone={(answer) => {
          showToast(`${pausing?.name} is paused.`, 'success');
          setPausing(null);
          void mutate(answer, { revalidate: false });
        }}
      />
    </section>
  );
}

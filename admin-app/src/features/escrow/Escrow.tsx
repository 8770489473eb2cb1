/** Escrow: the data escrow deposits made for the registrar (full and incremental), when the next runs, what is wrong, and "Deposit now". */
import { useState } from 'react';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDateTime } from '@kit/dates.ts';
import { showToast } from '@kit/toasts.ts';
import type { EscrowDepositSummary, EscrowScreen } from '../../../../api/contract/compliance/escrow.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { Loaded } from '../../lib/Loaded.tsx';
import { useApi } from '../../swr.ts';

const key = apiKey('/admin/escrow');
const kindLabels = { full: 'Full', inc: 'Incremental' } as const;

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Status({ deposit }: { deposit: EscrowDepositSummary }) {
  if (deposit.status === 'done') return <span className="badge badge-success">Done</span>;
  if (deposit.status === 'failed') return <span className="badge badge-danger">Failed</span>;
  return <span className="badge badge-warning">In progress</span>;
}

export default function Escrow() {
  const { data, error, mutate } = useApi(key, { refreshInterval: 15_000 });
  const [depositing, setDepositing] = useState(false);
  const [kind, setKind] = useState<'full' | 'inc'>('full');

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Escrow</h1>
          <p>Daily deposits of the registration data to the escrow agent: a full deposit each week, incremental ones between.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setDepositing(true)} disabled={!data?.configured}>
          Deposit now
        </button>
      </div>
      {data?.problem && (
        <p className="notice notice-danger" role="alert">
          {data.problem.message}
        </p>
      )}
      <div className="panel">
        <Loaded data={data} error={error}>
          {(screen) => (
            <>
              <p className="panel-notice">
                {screen.configured
                  ? `Next scheduled deposit: ${formatDateTime(screen.nextRun)}`
                  : 'Escrow keys are not configured (ESCROW_AGENT_KEY_FILE, ESCROW_SIGNING_KEY_FILE): no deposit is made.'}
              </p>
              <DataTable
                rows={screen.deposits}
                rowKey={(deposit) => deposit.depositId}
                caption="Escrow deposits, newest first"
                empty="No deposit yet. The first is made at the next scheduled run, or now with Deposit now."
                columns={[
                  {
                    key: 'deposit',
                    label: 'Deposit',
                    main: true,
                    render: (deposit) => (
                      <>
                        {kindLabels[deposit.kind]} of {deposit.day}, #{deposit.sequence}
                      </>
                    ),
                    sub: (deposit) => (
                      <>
                        {deposit.trigger === 'manual' ? 'Made by staff' : 'Scheduled'}, {formatDateTime(deposit.createDate)}
                      </>
                    ),
                  },
                  { key: 'status', label: 'Status', render: (deposit) => <Status deposit={deposit} /> },
                  {
                    key: 'contents',
                    label: 'Contents',
                    headClassName: 'col-wide',
                    render: (deposit) => (
                      <>
                        {deposit.rows.toLocaleString('en-US')} rows, {deposit.deletions.toLocaleString('en-US')} deletions, {sizeOf(deposit.bytes)}
                        {deposit.files.map((file) => (
                          <span key={file} className="cell-sub">
                            {file}
                          </span>
                        ))}
                      </>
                    ),
                  },
                  {
                    key: 'result',
                    label: 'Result',
                    headClassName: 'col-wide',
                    render: (deposit) => (
                      <>
                        {deposit.result}
                        {deposit.finishDate && <span className="cell-sub">Finished {formatDateTime(deposit.finishDate)}</span>}
                      </>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Loaded>
      </div>
      <ActionModal<EscrowScreen>
        open={depositing}
        title="Deposit now"
        description="A deposit is made at once, as the nightly run makes it, and the screen shows how it went. It is audited with your reason."
        fields={
          <fieldset className="refund-to">
            <legend>Kind</legend>
            <label>
              <input type="radio" name="escrow-kind" checked={kind === 'full'} onChange={() => setKind('full')} /> Full (every registration)
            </label>
            <label>
              <input type="radio" name="escrow-kind" checked={kind === 'inc'} onChange={() => setKind('inc')} /> Incremental (changes since the last deposit)
            </label>
          </fieldset>
        }
        reason="optional"
        confirm="Make the deposit"
        onClose={() => setDepositing(false)}
        run={(reason) => apiClient.POST('/admin/escrow/deposits', { body: { kind, ...(reason ? { reason } : {}) }, toast: false })}
        onDone={(answer) => {
          const made = answer.deposits[0];
          showToast(made?.status === 'failed' ? `The deposit failed: ${made.result}` : 'The deposit is made.', made?.status === 'failed' ? 'error' : 'success');
          setDepositing(false);
          void mutate(answer, { revalidate: false });
        }}
      />
    </section>
  );
}

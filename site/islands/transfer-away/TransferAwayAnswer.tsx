/**
 * The link in a transfer-away approval email (/transfer-away?token=…): shows which registrar asked for which domain,
 * and lets the registrant approve it now or cancel it. Nothing happens on opening: email scanners open links too.
 */
import { useEffect, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { formatDate } from '@kit/dates.ts';
import type { OutboundTransferView as Transfer } from '../../../api/contract/transfers/outbound-transfer.ts';
type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; transfer: Transfer; busy: boolean; error?: string };

export default function TransferAwayAnswer() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const token = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '');

  useEffect(() => {
    if (!token) return setState({ phase: 'error', message: 'This link is incomplete. Open the link in the email again.' });
    void apiClient.GET('/outboundTransfers/{token}', { params: { path: { token } }, toast: false }).then((answer) => {
      if (!isFailure(answer)) setState({ phase: 'ready', transfer: answer, busy: false });
      else if (answer.status === 0) setState({ phase: 'error', message: 'We could not reach the server. Please try again.' });
      else setState({ phase: 'error', message: answer.name ? answer.message : 'This link is no longer valid.' });
    });
  }, [token]);

  async function answer(action: 'approve' | 'cancel') {
    if (state.phase !== 'ready') return;
    setState({ ...state, busy: true, error: undefined });
    const answered = await apiClient.POST('/outboundTransfers/{token}', { params: { path: { token } }, body: { action }, toast: false });
    if (!isFailure(answered)) setState({ phase: 'ready', transfer: answered, busy: false });
    else setState({ ...state, busy: false, error: answered.name ? answered.message : 'That did not work. Please try again.' });
  }

  if (state.phase === 'loading') return <p role="status">Loading…</p>;
  if (state.phase === 'error')
    return (
      <p className="field-error" role="alert">
        {state.message}
      </p>
    );
  const { transfer } = state;
  const outcomes: Record<Transfer['status'], string> = {
    pending: '',
    approved: `You approved the transfer. ${transfer.domain} moves to ${transfer.gainingRegistrar} shortly.`,
    completed: `${transfer.domain} has moved to ${transfer.gainingRegistrar}.`,
    cancelled: `The transfer is cancelled. ${transfer.domain} stays with us, locked.`,
  };
  return (
    <div className="transfer-away-answer">
      <h1>Transfer of {transfer.domain}</h1>
      {transfer.status === 'pending' ? (
        <>
          <p>
            <strong>{transfer.gainingRegistrar}</strong> has asked to transfer <strong>{transfer.domain}</strong> away from us. If you do nothing, it completes
            on {formatDate(transfer.deadline)}.
          </p>
          {state.error && (
            <p className="field-error" role="alert">
              {state.error}
            </p>
          )}
          <div className="transfer-away-actions">
            <button type="button" className="btn btn-primary" disabled={state.busy} onClick={() => answer('approve')}>
              Approve Transfer
            </button>
            <button type="button" className="btn btn-secondary" disabled={state.busy} onClick={() => answer('cancel')}>
              Cancel Transfer
            </button>
          </div>
        </>
      ) : (
        <p role="status">{outcomes[transfer.status]}</p>
      )}
    </div>
  );
}

/**
 * The status views of one domain's transfer in (control-panel spec §4): the auth code asked for again (needed, rejected
 * by the registry, or the transfer rejected by the current registrar), submitted, and in progress.
 */
import { isFailure } from '@kit/api.ts';
import type { StepViews } from '@kit/SteppedModal.tsx';
import { finishView } from '@kit/step-views.ts';
import { useState } from 'react';
import { authCodeRejectedMessage } from '../../../../api/contract/transfers/transfer-away.ts';
import type { Domain } from '../domains/api.ts';
import { updateDomain } from './api.ts';
import type { TransferView as View } from './start-view.ts';

type InboundViews = Pick<StepViews<View>, 'inboundCode' | 'inboundRestarted' | 'inboundPending'>;

/** The inbound views of the current domain, and `reset` to clear the code typed when another domain opens. */
export function useInboundViews(current: Domain | null): { views: InboundViews; reset: () => void } {
  const [inboundCode, setInboundCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const name = current?.domain ?? '';
  const inboundStatus = current?.inboundTransferStatus;

  function reset() {
    setInboundCode('');
    setCodeError(null);
  }

  const views: InboundViews = {
    inboundCode: {
      title: inboundStatus === 'rejected' ? 'Transfer Rejected' : inboundStatus === 'auth-code-rejected' ? 'Auth Code Rejected' : 'Auth Code Needed',
      body: (
        <div>
          {inboundStatus === 'auth-code-rejected' && <p className="transfer-note is-warning">{authCodeRejectedMessage}</p>}
          {inboundStatus === 'rejected' && (
            <p className="transfer-note is-warning">
              The current registrar of {name} rejected the transfer and its charge was refunded. Ask them to unlock it, then enter the auth code again.
            </p>
          )}
          {inboundStatus === 'auth-code-needed' && <p>The transfer of {name} needs the auth code from its current registrar.</p>}
          <div className="field">
            <label htmlFor="inbound-auth-code">Auth code for {name}</label>
            <input
              id="inbound-auth-code"
              className="input"
              autoComplete="off"
              spellCheck={false}
              value={inboundCode}
              aria-invalid={codeError ? true : undefined}
              aria-describedby="inbound-auth-code-error"
              onChange={(e) => {
                setInboundCode(e.target.value);
                setCodeError(null);
              }}
            />
            <span id="inbound-auth-code-error" className="field-error" aria-live="polite">
              {codeError}
            </span>
          </div>
          {current?.pendingCharge ? <p className="muted small">The transfer is charged to your default card once the registry accepts the code.</p> : null}
        </div>
      ),
      actions: [
        {
          label: 'Submit Auth Code',
          run: async () => {
            if (!current) return { close: true };
            if (!inboundCode.trim()) {
              setCodeError('Please enter the auth code');
              return undefined;
            }
            const answer = await updateDomain(current.domainId, { $restartInboundTransfer: inboundCode.trim() });
            return isFailure(answer) ? answer : 'inboundRestarted';
          },
        },
        { label: 'Cancel', close: true, variant: 'secondary' },
      ],
    },
    inboundRestarted: finishView<View>({
      title: 'Auth Code Submitted',
      body: (
        <p>
          Thank you. The transfer of <strong>{name}</strong> is under way again; it usually completes within 5 days.
        </p>
      ),
    }),
    inboundPending: finishView<View>({
      title: 'Transfer In Progress',
      body: (
        <p>
          The transfer of <strong>{name}</strong> to us is in progress. It usually completes within 5 days, once the current registrar releases it.
        </p>
      ),
    }),
  };
  return { views, reset };
}

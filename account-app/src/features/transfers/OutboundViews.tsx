/**
 * The status views of one domain's transfer away (control-panel spec §4): unlocked (the auth code, or a hold that
 * keeps the domain here), pending (cancel it, or resend the approval email), cancelling, email resent and approved.
 */
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { DateText } from '@kit/DateText.tsx';
import type { StepViews } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import type { ReactNode } from 'react';
import { tdrpHoldMessage } from '../../../../api/contract/transfers/transfer-away.ts';
import type { Domain } from '../domains/api.ts';
import { updateDomain } from './api.ts';
import { AuthCode } from './AuthCode.tsx';
import type { TransferView as View } from './start-view.ts';

type OutboundViews = Pick<
  StepViews<View>,
  'outboundUnlocked' | 'outboundPending' | 'confirmCancelOutbound' | 'outboundCancelling' | 'outboundEmailResent' | 'outboundApproved'
>;

type Options = {
  current: Domain | null;
  /** The code revealed for the current domain, if any. */
  revealedCurrent: { code: string; expires: string | null } | undefined;
  /** Unlocks (or regenerates) and keeps the code to show; the failure to show, or null. */
  reveal: (domain: Domain, regenerate: boolean) => Promise<ApiFailure | null>;
  reauthNote: ReactNode;
};

export function outboundViews({ current, revealedCurrent, reveal, reauthNote }: Options): OutboundViews {
  const name = current?.domain ?? '';
  return {
    outboundUnlocked: {
      title: current?.locked === false ? 'Domain Unlocked' : 'Unlock Domain',
      body: (
        <div>
          {current && isHeld(current) && current.tdrpHoldDate ? (
            <p className="transfer-note is-warning">{tdrpHoldMessage(current.tdrpHoldDate)}</p>
          ) : revealedCurrent && current?.locked === false ? (
            <>
              <p>
                <strong>{name}</strong> is unlocked. Give this auth code to your new registrar to start the transfer.
              </p>
              <AuthCode code={revealedCurrent.code} expires={revealedCurrent.expires} />
            </>
          ) : (
            <p>
              <strong>{name}</strong> is {current?.locked === false ? 'unlocked' : 'locked'}. Unlock it to see its auth code and move it to another registrar.
            </p>
          )}
          {reauthNote}
        </div>
      ),
      actions:
        !current || isHeld(current)
          ? [{ label: 'Close', close: true }]
          : revealedCurrent && !current.locked
            ? [
                { label: 'Done', close: true },
                { label: 'Generate New Auth Code', go: 'confirmGenerateNewCode', variant: 'secondary' },
              ]
            : [
                { label: current.locked ? 'Unlock & View Code' : 'View Code', run: async () => (await reveal(current, false)) ?? undefined },
                { label: 'Cancel', close: true, variant: 'secondary' },
              ],
    },
    outboundPending: {
      title: 'Transfer Away Pending',
      body: (
        <div>
          <p>
            Another registrar has asked to transfer <strong>{name}</strong>. We emailed the registrant a link to approve or cancel it.
          </p>
          {current?.outboundTransferApprovalDeadline && (
            <p>
              Unless you cancel it, the transfer completes on <DateText value={current.outboundTransferApprovalDeadline} /> and the domain leaves your account.
            </p>
          )}
        </div>
      ),
      actions: [
        { label: 'Cancel Transfer', go: 'confirmCancelOutbound', variant: 'danger' },
        {
          label: 'Resend Approval Email',
          variant: 'secondary',
          run: async () => {
            if (!current) return { close: true };
            const answer = await updateDomain(current.domainId, { $resendOutboundTransferApprovalEmail: true });
            return isFailure(answer) ? answer : 'outboundEmailResent';
          },
        },
        { label: 'Close', close: true, variant: 'secondary' },
      ],
    },
    confirmCancelOutbound: confirmView<View>({
      title: 'Cancel Transfer',
      body: (
        <p>
          Cancel the transfer of <strong>{name}</strong>? It stays with us and is locked again with a new auth code.
        </p>
      ),
      confirm: 'Yes, Cancel Transfer',
      variant: 'danger',
      back: true,
      run: async () => {
        if (!current) return { close: true };
        const answer = await updateDomain(current.domainId, { $rejectOutboundTransfer: true });
        return isFailure(answer) ? answer : 'outboundCancelling';
      },
    }),
    outboundCancelling: finishView<View>({
      title: 'Transfer Being Cancelled',
      body: (
        <p>
          The transfer of <strong>{name}</strong> is being cancelled. The domain stays in your account, locked.
        </p>
      ),
    }),
    outboundEmailResent: finishView<View>({
      title: 'Approval Email Sent',
      body: <p>We sent the approval email for {name} again. Only the link in the newest email works.</p>,
    }),
    outboundApproved: finishView<View>({
      title: 'Transfer Away Approved',
      body: (
        <p>
          The transfer of <strong>{name}</strong> was approved. The new registrar completes it shortly, and the domain then leaves your account.
        </p>
      ),
    }),
  };
}

/** Under a transfer hold (TDRP, a registrant change) until its date. */
export function isHeld(domain: Domain): boolean {
  return Boolean(domain.tdrpHoldDate && new Date(domain.tdrpHoldDate) > new Date());
}

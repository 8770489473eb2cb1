/**
 * Transfer overview (control-panel spec §2 modal 2, §4): the Domain Transfers menu, Transfer AWAY Domains (lock,
 * "Unlock & View Code", copy, a new code), Pending Transfers, and the status views of one domain's transfer away
 * (unlocked, pending, approved) or in (auth code needed or rejected, pending, rejected). Opened from a card, it starts
 * at that domain's outbound status, else its inbound status, else its unlock view.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { DateText } from '@kit/DateText.tsx';
import { isFailure } from '@kit/api.ts';
import { type StepViews, SteppedModal, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { useEffect, useRef, useState } from 'react';
import { authCodeRejectedMessage, tdrpHoldMessage } from '../../../../api/contract/transfers/transfer-away.ts';
import type { Domain } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { paths } from '../../paths.ts';
import { needsReauth, reauthMessage, updateDomain } from './api.ts';
import { startViewFor, type TransferView as View } from './start-view.ts';
import './transfers.css';

function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d={locked ? 'M8 11V7a4 4 0 0 1 8 0v4' : 'M8 11V7a4 4 0 0 1 7.7-1.5'} />
    </svg>
  );
}

async function copyText(text: string, fallback: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, an old browser): copy the selected field instead.
    if (!fallback) return false;
    fallback.select();
    return document.execCommand('copy');
  }
}

function AuthCode({ code, expires }: { code: string; expires: string | null }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="auth-code">
      <label className="auth-code-label" htmlFor="auth-code-value">
        Auth code
      </label>
      <div className="auth-code-row">
        <input ref={field} id="auth-code-value" className="input auth-code-value" readOnly value={code} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={async () => {
            if (await copyText(code, field.current)) showToast('Copied!', 'success', { durationMs: 3000 });
          }}
        >
          Copy
        </button>
      </div>
      {expires && (
        <p className="muted small">
          Valid until <DateText value={expires} />; after that the domain locks itself again.
        </p>
      )}
    </div>
  );
}

export default function TransfersModal({ domain: opener, domains, onClose }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const [currentId, setCurrentId] = useState<number | null>(opener?.domainId ?? null);
  const [codes, setCodes] = useState<Record<number, { code: string; expires: string | null }>>({});
  const [reauth, setReauth] = useState(false);
  const [inboundCode, setInboundCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const live = domains.filter((d) => d.status !== 'deleted');
  const current = live.find((d) => d.domainId === currentId) ?? (opener && opener.domainId === currentId ? opener : null);

  useEffect(() => {
    modal.open(opener ? startViewFor(opener) : 'default');
  }, []);

  /** Unlocks (or regenerates) and keeps the code to show; a stale sign-in is explained rather than failed. */
  async function reveal(domain: Domain, regenerate: boolean) {
    const answer = await updateDomain(domain.domainId, regenerate ? { $generateNewAuthCode: true, locked: false } : { locked: false });
    if (isFailure(answer)) {
      if (needsReauth(answer)) {
        setReauth(true);
        return { ...answer, message: reauthMessage };
      }
      return answer;
    }
    setReauth(false);
    if (answer.authCode) setCodes((all) => ({ ...all, [domain.domainId]: { code: answer.authCode as string, expires: answer.authCodeExpireDate } }));
    return null;
  }

  function openDomain(domain: Domain, view: View = startViewFor(domain)) {
    setCurrentId(domain.domainId);
    setInboundCode('');
    setCodeError(null);
    modal.go(view);
  }

  const reauthNote = reauth && (
    <p className="transfer-note is-warning" role="alert">
      {reauthMessage} <a href={paths.login.href(paths.domains.href())}>Sign in again</a>
    </p>
  );

  function awayRow(domain: Domain) {
    const revealed = codes[domain.domainId];
    const held = isHeld(domain) ? domain.tdrpHoldDate : null;
    return (
      <li key={domain.domainId} className="transfer-row">
        <div className="transfer-row-name">
          <span className={`lock-icon ${domain.locked ? 'is-locked' : 'is-unlocked'}`} title={domain.locked ? 'Locked' : 'Unlocked'}>
            <LockIcon locked={domain.locked} />
            <span className="visually-hidden">{domain.locked ? 'Locked' : 'Unlocked'}</span>
          </span>
          <strong>
            <DomainName name={domain.domain} />
          </strong>
        </div>
        {held ? (
          <p className="transfer-note">{tdrpHoldMessage(held)}</p>
        ) : domain.outboundTransferStatus ? (
          <button type="button" className="link-action" onClick={() => openDomain(domain)}>
            View transfer<span className="visually-hidden"> of {domain.domain}</span>
          </button>
        ) : revealed && !domain.locked ? (
          <div className="transfer-row-code">
            <AuthCode code={revealed.code} expires={revealed.expires} />
            <button type="button" className="link-action" onClick={() => openDomain(domain, 'confirmGenerateNewCode')}>
              Generate New Auth Code<span className="visually-hidden"> for {domain.domain}</span>
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={modal.pending}
            onClick={() => void modal.run(async () => (await reveal(domain, false)) ?? undefined)}
          >
            {domain.locked ? 'Unlock & View Code' : 'View Code'}
            <span className="visually-hidden"> for {domain.domain}</span>
          </button>
        )}
      </li>
    );
  }

  const pending = live.filter((d) => d.$transferPending);
  const name = current?.domain ?? '';
  const inboundStatus = current?.inboundTransferStatus;
  const revealedCurrent = current ? codes[current.domainId] : undefined;

  const views: StepViews<View> = {
    default: {
      title: 'Domain Transfers',
      body: (
        <div className="transfer-menu">
          <p>Bring domains to us, move domains away to another registrar, or follow transfers under way.</p>
        </div>
      ),
      actions: [
        { label: 'Transfer IN', href: '/transfer' },
        { label: 'Transfer AWAY', go: 'transferAway', variant: 'secondary' },
        { label: 'Pending Transfers', go: 'viewPendingTransfers', variant: 'secondary' },
        { label: 'Close', close: true, variant: 'secondary' },
      ],
    },
    transferAway: {
      title: 'Transfer AWAY Domains',
      back: true,
      body: (
        <div>
          <p>
            To move a domain to another registrar, unlock it and give them its auth code. The code is valid for 14 days; then the domain locks itself again.
          </p>
          {reauthNote}
          {live.filter((d) => d.status === 'active').length === 0 ? (
            <p className="muted">You have no active domains to transfer.</p>
          ) : (
            <ul className="transfer-list">{live.filter((d) => d.status === 'active').map(awayRow)}</ul>
          )}
        </div>
      ),
      actions: [{ label: 'Close', close: true, variant: 'secondary' }],
    },
    confirmGenerateNewCode: confirmView<View>({
      title: 'Generate New Auth Code',
      body: (
        <p>
          A new auth code replaces the current one for <strong>{name}</strong>. The old code stops working at once, so a transfer started with it will fail.
        </p>
      ),
      confirm: 'Generate New Code',
      back: true,
      run: async () => {
        if (!current) return 'transferAway';
        const failure = await reveal(current, true);
        return failure ?? 'transferAway';
      },
    }),
    viewPendingTransfers: {
      title: 'Pending Transfers',
      back: true,
      body:
        pending.length === 0 ? (
          <p className="muted">No transfers are pending.</p>
        ) : (
          <ul className="transfer-list">
            {pending.map((domain) => (
              <li key={domain.domainId} className="transfer-row">
                <div className="transfer-row-name">
                  <strong>
                    <DomainName name={domain.domain} />
                  </strong>
                  <span className="badge badge-info">{transferLabel(domain)}</span>
                </div>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => openDomain(domain)}>
                  View<span className="visually-hidden"> {domain.domain}</span>
                </button>
              </li>
            ))}
          </ul>
        ),
      actions: [{ label: 'Close', close: true, variant: 'secondary' }],
    },
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
    contactSupport: finishView<View>({
      title: 'Transfer Status',
      body: <p>We could not read the state of this transfer. Please contact customer service and we will sort it out for you.</p>,
    }),
  };

  return <SteppedModal modal={modal} views={views} />;
}

/** Under a transfer hold (TDRP, a registrant change) until its date. */
function isHeld(domain: Domain): boolean {
  return Boolean(domain.tdrpHoldDate && new Date(domain.tdrpHoldDate) > new Date());
}

function transferLabel(domain: Domain): string {
  if (domain.outboundTransferStatus === 'pending') return 'Away: awaiting approval';
  if (domain.outboundTransferStatus === 'approved') return 'Away: approved';
  if (domain.inboundTransferStatus === 'auth-code-needed') return 'In: auth code needed';
  if (domain.inboundTransferStatus === 'auth-code-rejected') return 'In: auth code rejected';
  if (domain.inboundTransferStatus === 'rejected') return 'In: rejected';
  return 'In: pending';
}

/**
 * Transfer overview (control-panel spec §2 modal 2, §4): the Domain Transfers menu, Transfer AWAY Domains (lock,
 * "Unlock & View Code", copy, a new code), Pending Transfers, and the status views of one domain's transfer away
 * (unlocked, pending, approved) or in (auth code needed or rejected, pending, rejected). Opened from a card, it starts
 * at that domain's outbound status, else its inbound status, else its unlock view.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { isFailure } from '@kit/api.ts';
import { type StepViews, SteppedModal, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { useEffect, useState } from 'react';
import { tdrpHoldMessage } from '../../../../api/contract/transfers/transfer-away.ts';
import type { Domain } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { paths } from '../../paths.ts';
import { needsReauth, reauthMessage, updateDomain } from './api.ts';
import { AuthCode } from './AuthCode.tsx';
import { useInboundViews } from './InboundViews.tsx';
import { isHeld, outboundViews } from './OutboundViews.tsx';
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

export default function TransfersModal({ domain: opener, domains, onClose }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const [currentId, setCurrentId] = useState<number | null>(opener?.domainId ?? null);
  const [codes, setCodes] = useState<Record<number, { code: string; expires: string | null }>>({});
  const [reauth, setReauth] = useState(false);
  const live = domains.filter((d) => d.status !== 'deleted');
  const current = live.find((d) => d.domainId === currentId) ?? (opener && opener.domainId === currentId ? opener : null);
  const inbound = useInboundViews(current);

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
    inbound.reset();
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
    ...outboundViews({ current, revealedCurrent, reveal, reauthNote }),
    ...inbound.views,
    contactSupport: finishView<View>({
      title: 'Transfer Status',
      body: <p>We could not read the state of this transfer. Please contact customer service and we will sort it out for you.</p>,
    }),
  };

  return <SteppedModal modal={modal} views={views} />;
}

function transferLabel(domain: Domain): string {
  if (domain.outboundTransferStatus === 'pending') return 'Away: awaiting approval';
  if (domain.outboundTransferStatus === 'approved') return 'Away: approved';
  if (domain.inboundTransferStatus === 'auth-code-needed') return 'In: auth code needed';
  if (domain.inboundTransferStatus === 'auth-code-rejected') return 'In: auth code rejected';
  if (domain.inboundTransferStatus === 'rejected') return 'In: rejected';
  return 'In: pending';
}

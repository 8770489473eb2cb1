/**
 * One domain in the My Domains list (control-panel spec §2, §4): a table row with its checkbox, name and notices,
 * status, expiry, auto-renew, service, monthly price, privacy and protection, and Manage, which opens the domain's
 * tabs in a row beneath. On a phone the same row stacks (domain-list-phone.css).
 */
import { DateText } from '@kit/DateText.tsx';
import { formatDate } from '@kit/dates.ts';
import { lazy, memo, Suspense, useId } from 'react';
import {
  activeNowNote,
  type DisplayStatus,
  displayStatus,
  displayStatusLabels,
  hasEmailOverLimit,
  isPendingTransfer,
  serviceLabel,
} from '../../../../api/contract/domains/domain-status.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { type Domain, useAccount } from './api.ts';
import { DomainName } from '@kit/DomainName.tsx';
import type { OpenDomainModal } from './domain-props.ts';

export const listColumns = 8;

// The tabs (and the forms and validation they carry) load when a domain is first managed, not with the list.
const DomainManage = lazy(() => import('./DomainManage.tsx').then((m) => ({ default: m.DomainManage })));

const statusBadge: Record<DisplayStatus, string> = {
  active: 'badge-success',
  expiring: 'badge-warning',
  expired: 'badge-danger',
  pending: 'badge-info',
};

function ShieldIcon({ on }: { on: boolean }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10.4 10.4 0 0 1 12 5c5 0 9 4.5 10 7-.4 1-1.2 2.3-2.4 3.6M6.6 6.6C4.4 8 2.8 10.1 2 12c1 2.5 5 7 10 7 1.7 0 3.3-.5 4.6-1.3" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

type Props = {
  domain: Domain;
  now: Date;
  selected: boolean;
  open: boolean;
  advancedEnabled: boolean;
  onSelect: (domainId: number, on: boolean) => void;
  onToggle: (domainId: number) => void;
  openModal: OpenDomainModal;
};

export const DomainRow = memo(function DomainRow({ domain, now, selected, open, advancedEnabled, onSelect, onToggle, openModal }: Props) {
  const id = useId();
  const account = useAccount();
  const nameId = `${id}-name`;
  const panelId = `${id}-manage`;
  const status = displayStatus(domain, now);
  const note = activeNowNote(domain);
  const pendingTransfer = isPendingTransfer(domain);
  const emailOver = hasEmailOverLimit(domain.emails);
  const manageable = status !== 'expired' && status !== 'pending';
  return (
    // A group of rows per domain: its row, its suspension note and its Manage panel belong together.
    <tbody className="domain-group" data-testid="domain">
      <tr className={`domain-row is-${status}${selected ? ' is-selected' : ''}${open ? ' is-open' : ''}`}>
        <td className="col-select">
          <input
            type="checkbox"
            className="row-check"
            checked={selected}
            onChange={(event) => onSelect(domain.domainId, event.target.checked)}
            aria-label={`Select ${domain.domain}`}
          />
        </td>
        <th scope="row" className="col-domain">
          <span className="domain-row-name" id={nameId}>
            <DomainName name={domain.domain} />
          </span>
          {domain.locked && (
            <span className="domain-lock" title="Locked against transfer">
              <LockIcon />
              <span className="visually-hidden">Locked</span>
            </span>
          )}
          {(pendingTransfer || domain.forSale || emailOver) && (
            <ul className="domain-badges" aria-label="Notices">
              {pendingTransfer && <li className="badge badge-info">Transfer pending</li>}
              {domain.forSale && <li className="badge badge-spot">For sale</li>}
              {emailOver && <li className="badge badge-warning">Email over 5 GB</li>}
            </ul>
          )}
        </th>
        <td className="col-status" data-label="Status">
          <span className={`badge ${statusBadge[status]}`}>{displayStatusLabels[status]}</span>
        </td>
        <td className="col-expiry" data-label="Expires">
          <DateText value={domain.expireDate} />
        </td>
        <td className="col-renew" data-label="Auto-renew">
          <span className={`renew-state ${domain.autoRenewEnabled ? 'is-on' : 'is-off'}`}>{domain.autoRenewEnabled ? 'On' : 'Off'}</span>
        </td>
        <td className="col-service" data-label="Service">
          <span className="service-label">{serviceLabel(domain)}</span>
          {note && <span className="service-note">{note}</span>}
          <ul className="domain-icons" aria-label="Protection">
            <li className={domain.privacyEnabled ? 'is-on' : 'is-off'} title={domain.privacyEnabled ? 'WHOIS privacy on' : 'WHOIS privacy off'}>
              <EyeOffIcon />
              <span className="visually-hidden">{domain.privacyEnabled ? 'WHOIS privacy on' : 'WHOIS privacy off'}</span>
            </li>
            <li className={domain.protectionEnabled ? 'is-on' : 'is-off'} title={domain.protectionEnabled ? 'Domain protection on' : 'Domain protection off'}>
              <ShieldIcon on={domain.protectionEnabled} />
              <span className="visually-hidden">{domain.protectionEnabled ? 'Domain protection on' : 'Domain protection off'}</span>
            </li>
          </ul>
        </td>
        <td className="col-price domain-price" data-label="Monthly">
          <span className="price">{formatMoney(shownPrice(domain.mrc, account?.chargeTax))}</span>
          <span className="muted">/mo</span>
        </td>
        <td className="col-actions">
          {status === 'expired' ? (
            <button type="button" className="btn btn-spot btn-sm" onClick={() => openModal('renew', domain)}>
              Renew<span className="visually-hidden"> {domain.domain}</span>
            </button>
          ) : status === 'pending' ? (
            <span className="muted small">Transfer in progress</span>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              onClick={() => onToggle(domain.domainId)}
            >
              {open ? 'Hide' : 'Manage'}
              <span className="visually-hidden"> {domain.domain}</span>
            </button>
          )}
        </td>
      </tr>
      {domain.suspendedAt && (
        <tr className="domain-extra-row">
          <td colSpan={listColumns}>
            <div className="domain-suspended" role="note">
              <strong>Suspended since {formatDate(domain.suspendedAt)}.</strong> {domain.suspensionReason} This domain does not resolve while it is suspended.
            </div>
          </td>
        </tr>
      )}
      {open && manageable && (
        <tr className="domain-extra-row domain-manage-row">
          <td colSpan={listColumns}>
            <Suspense fallback={<p className="muted small">Loading…</p>}>
              <DomainManage domain={domain} nameId={nameId} panelId={panelId} advancedEnabled={advancedEnabled} openModal={openModal} />
            </Suspense>
          </td>
        </tr>
      )}
    </tbody>
  );
});
